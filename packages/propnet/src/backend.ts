// The `propnet` backend: grounds the game, builds the IR and runs it on the incremental TypeScript engine.
import type { Backend, BackendOptions, Game, Reasoner } from '@gdlkit/core';
import { BuildClock } from './build-clock.js';
import { sharedPropnet } from './build-share.js';
import { PROPNET_CAPABILITIES, PropnetReasoner } from './reasoner.js';
import { loadBinaryen } from './wasm/binaryen-facade.js';
import { checkModuleBudget } from './wasm/build-estimate.js';
import { PROPNET_WASM_CAPABILITIES, PropnetWasmReasoner } from './wasm/reasoner.js';

export const propnetBackend: Backend = {
  name: 'propnet',
  description: 'grounded propositional network, incremental TypeScript engine',
  capabilities: PROPNET_CAPABILITIES,
  availability: () => ({ available: true }),
  async create(game: Game, options?: BackendOptions): Promise<Reasoner> {
    return new PropnetReasoner(game, sharedPropnet(game, options));
  },
};

export const propnetWasmBackend: Backend = {
  name: 'propnet-wasm',
  description:
    'grounded propositional network compiled per game to WebAssembly (binaryen), playouts in-module',
  capabilities: PROPNET_WASM_CAPABILITIES,
  availability: () =>
    typeof WebAssembly === 'object'
      ? { available: true }
      : { available: false, reason: 'this JavaScript runtime has no WebAssembly' },
  async create(game: Game, options?: BackendOptions): Promise<Reasoner> {
    const clock = new BuildClock(options?.buildTimeMs);
    const ir = sharedPropnet(game, options);
    checkModuleBudget(ir, clock.remainingMs);
    await loadBinaryen();
    return new PropnetWasmReasoner(game, ir);
  },
};
