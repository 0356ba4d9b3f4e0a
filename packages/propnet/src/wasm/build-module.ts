// How the propnet-wasm backend gets its module: in Node, from the per-game cache when it holds one for this net
// (binaryen is then never loaded and no candidate is timed); otherwise built and chosen by the timed trial
// (choose-propagation.ts), then stored for the next build. In a browser the build is unchanged.
import type { BackendOptions, Game } from '@gdlkit/core';
import { sharedPropnet } from '../build-share.js';
import type { PropnetIR } from '../ir.js';
import { loadBinaryen } from './binaryen-facade.js';
import { chooseWasmModule, coreOfChoice } from './choose-propagation.js';
import { irKey, readIr, writeIr } from './ir-cache.js';
import { type CacheSetting, cacheConfig, ModuleCache, moduleKey, warnCache } from './module-cache.js';
import { emitSimulationAdapter } from './simulation-adapter.js';
import type { WasmCore } from './wasm-core.js';

/** How a reasoner's module was made. */
export interface ModuleOrigin {
  /** The IR read from the IR cache (no grounding, no optimisation) rather than built: ir-cache.ts. */
  readonly irCached: boolean;
  /** Read from the module cache (no binaryen, no trial) rather than built. */
  readonly cached: boolean;
  /** The trial's best rate per candidate, states per ms, when the module was built (none without a trial). */
  readonly rates: Readonly<Record<string, number>>;
}

export interface WasmBuild {
  readonly core: WasmCore;
  readonly origin: ModuleOrigin;
  /** The simulation adapter's bytes when the cache holds them (a hit loads no binaryen to emit them). */
  readonly adapter?: Uint8Array;
}

const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/** The cache folder `setting` names, in Node; undefined in a browser or when caching is off. */
function cacheFiles(setting: CacheSetting): ModuleCache | undefined {
  const config = inNode ? cacheConfig(setting) : undefined;
  return config === undefined ? undefined : new ModuleCache(config.folder, config.maxBytes);
}

/** The module for `ir`: the cached one when `setting` allows a cache and it holds a usable entry, else a new build. */
export async function buildWasmModule(ir: PropnetIR, setting?: CacheSetting): Promise<WasmBuild> {
  const store = cacheFiles(setting);
  if (store === undefined) {
    await loadBinaryen();
    const { core, rates } = chooseWasmModule(ir);
    return { core, origin: { irCached: false, cached: false, rates } };
  }
  const key = moduleKey(ir);
  const entry = store.read(key);
  if (entry !== undefined) {
    try {
      return {
        core: coreOfChoice(ir, entry.choice, entry.binary),
        origin: { irCached: false, cached: true, rates: entry.rates },
        adapter: entry.adapter,
      };
    } catch (error) {
      // The checksum matched, so the bytes are as written, but they are no module of this net (another writer).
      warnCache(`ignoring ${store.fileOf(key)}: ${(error as Error).message}; rebuilding it`);
    }
  }
  await loadBinaryen();
  const { core, choice, binary, rates } = chooseWasmModule(ir);
  const adapter = emitSimulationAdapter(core);
  store.write(key, { choice, binary, rates, adapter });
  return { core, origin: { irCached: false, cached: false, rates }, adapter };
}

/**
 * The IR of `game`: the one another propnet backend built for it (build-share.ts), else in Node the IR cache's
 * when it holds one for these rules (no grounding), else built within the options' budget and stored.
 */
export async function gamePropnet(
  game: Game,
  options: BackendOptions | undefined,
  setting: CacheSetting,
): Promise<{ readonly ir: PropnetIR; readonly cached: boolean }> {
  const files = cacheFiles(setting);
  if (files === undefined) return { ir: sharedPropnet(game, options), cached: false };
  let cached = false;
  let key: string | undefined;
  const keyOf = () => (key ??= irKey(game));
  const ir = sharedPropnet(game, options, {
    read: () => {
      const hit = readIr(files, game, keyOf());
      cached = hit !== undefined;
      return hit;
    },
    write: (built) => writeIr(files, game, keyOf(), built),
  });
  return { ir, cached };
}
