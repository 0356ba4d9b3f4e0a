// The `propnet-wasm` reasoner: the same contract as the TypeScript propnet, evaluated by the generated module.
import {
  BudgetExceededError,
  type Capabilities,
  DEFAULT_MAX_DEPTH,
  type Game,
  type PlayoutOptions,
  type PlayoutStats,
  type TermId,
} from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { PROPNET_CAPABILITIES, PropnetReasoner } from '../reasoner.js';
import { chooseWasmCore } from './choose-propagation.js';
import { MAX_PAGES } from './emit.js';
import type { Propagation, WasmCore } from './wasm-core.js';

/** Playouts and perft both run inside the module. */
export const PROPNET_WASM_CAPABILITIES: Capabilities = { ...PROPNET_CAPABILITIES, batchPerft: true };

export class PropnetWasmReasoner extends PropnetReasoner {
  override readonly backend: string = 'propnet-wasm';
  override readonly capabilities = PROPNET_WASM_CAPABILITIES;
  private readonly wasm: WasmCore;

  constructor(game: Game, ir: PropnetIR, wasm: WasmCore = chooseWasmCore(ir)) {
    super(game, ir, wasm);
    this.wasm = wasm;
  }

  /** Bytes of the generated WebAssembly binary. */
  get binarySize(): number {
    return this.wasm.binarySize;
  }

  /** How the module propagates (chosen per game by measurement: choose-propagation.ts). */
  get propagation(): Propagation {
    return this.wasm.propagation;
  }

  override legalMoves(state: Uint32Array, role: number): readonly TermId[] {
    if (!this.wasm.legalEntries) return super.legalMoves(state, role);
    this.engine.load(state);
    return this.wasm.legalEntries(role).map((l) => this.ir.legalTerm[l]!);
  }

  override playouts(start: Uint32Array, options: PlayoutOptions): PlayoutStats {
    return this.wasm.playouts(start, options.count, options.seed, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  }

  override perft(state: Uint32Array, depth: number): number {
    if (depth <= 0) return 1;
    const nodes = this.wasm.perft(state, depth);
    if (nodes === null) {
      throw new BudgetExceededError(
        `perft to depth ${depth} needs more than the module's ${MAX_PAGES / 16} MiB of state stack`,
        { limit: `${MAX_PAGES} wasm pages` },
      );
    }
    return nodes;
  }
}
