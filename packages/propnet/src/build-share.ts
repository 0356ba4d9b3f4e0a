// One build for the three backends that run the propnet IR (propnet, propnet-wasm, native) when they are tried
// in turn for the same game: auto tries propnet-wasm first, and when its module is refused (build-estimate.ts)
// native and propnet would otherwise ground the game again, each within a smaller share of the budget.
import type { BackendOptions, Game } from '@gdlkit/core';
import { buildPropnet, type PropnetOptions } from './build.js';
import type { PropnetIR } from './ir.js';

const KEY = 'propnet-ir';

interface SharedIr {
  readonly game: Game;
  readonly ir: PropnetIR;
}

/** Grounding budget from the generic backend options. */
function propnetOptions(options: BackendOptions = {}): PropnetOptions {
  return {
    ...(options.buildTimeMs === undefined ? {} : { timeMs: options.buildTimeMs }),
    ...(options.memoryBytes === undefined ? {} : { memoryBytes: options.memoryBytes }),
  };
}

/** A store of built IRs beside the build (propnet-wasm's IR cache, wasm/ir-cache.ts). */
export interface IrStore {
  /** The stored IR of the game, if there is a usable one. */
  read(): PropnetIR | undefined;
  /** Keeps a new build's IR. */
  write(ir: PropnetIR): void;
}

/**
 * The IR of `game`: the one an earlier backend left in `options.sharedBuilds`, else the one in `store`, else a
 * new build within the options' budget (then kept in `store`); left in `sharedBuilds` for the next backend. The IR
 * is read-only to every executor, so sharing it is safe.
 */
export function sharedPropnet(game: Game, options: BackendOptions = {}, store?: IrStore): PropnetIR {
  const shared = options.sharedBuilds;
  const earlier = shared?.get(KEY) as SharedIr | undefined;
  if (earlier?.game === game) return earlier.ir;
  let ir = store?.read();
  if (ir === undefined) {
    ir = buildPropnet(game, propnetOptions(options));
    store?.write(ir);
  }
  shared?.set(KEY, { game, ir } satisfies SharedIr);
  return ir;
}
