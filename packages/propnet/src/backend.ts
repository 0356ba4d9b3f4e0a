// The `propnet` backend: grounds the game, builds the IR and runs it on the incremental TypeScript engine.
import type { Backend, BackendOptions, Game, Reasoner } from '@gdlkit/core';
import { sharedPropnet } from './build-share.js';
import { PROPNET_CAPABILITIES, PropnetReasoner } from './reasoner.js';

export const propnetBackend: Backend = {
  name: 'propnet',
  description: 'grounded propositional network, incremental TypeScript engine',
  capabilities: PROPNET_CAPABILITIES,
  availability: () => ({ available: true }),
  async create(game: Game, options?: BackendOptions): Promise<Reasoner> {
    return new PropnetReasoner(game, sharedPropnet(game, options));
  },
};
