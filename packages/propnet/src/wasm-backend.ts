// The `propnet-wasm` backend: the propnet compiled per game to WebAssembly with binaryen. Published as the
// @gdlkit/propnet/wasm subpath, apart from the main entry, so that a program using only the TypeScript engine
// never reaches binaryen (a bundler resolves every import it can see, dynamic ones included).
import type { Backend, BackendOptions, Game, Reasoner } from '@gdlkit/core';
import { BuildClock } from './build-clock.js';
import { checkModuleBudget } from './wasm/build-estimate.js';
import { gamePropnet } from './wasm/build-module.js';
import type { CacheSetting } from './wasm/module-cache.js';
import { PROPNET_WASM_CAPABILITIES, PropnetWasmReasoner } from './wasm/reasoner.js';

/** The backend's own option beside the generic ones: the module and IR caches (module-cache.ts's CacheSetting). */
export interface PropnetWasmOptions extends BackendOptions {
  readonly wasmCache?: CacheSetting;
}

export const propnetWasmBackend: Backend = {
  name: 'propnet-wasm',
  description:
    'grounded propositional network compiled per game to WebAssembly (binaryen), playouts in-module',
  capabilities: PROPNET_WASM_CAPABILITIES,
  availability: () =>
    typeof WebAssembly === 'object'
      ? { available: true }
      : { available: false, reason: 'this JavaScript runtime has no WebAssembly' },
  async create(game: Game, options?: PropnetWasmOptions): Promise<Reasoner> {
    const clock = new BuildClock(options?.buildTimeMs);
    const { ir, cached } = await gamePropnet(game, options, options?.wasmCache);
    checkModuleBudget(ir, clock.remainingMs);
    return PropnetWasmReasoner.create(game, ir, { cache: options?.wasmCache, irCached: cached });
  },
};
