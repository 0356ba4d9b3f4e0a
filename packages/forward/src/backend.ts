// The backend record the registry and the apps read.
import type { Backend, Game } from '@gdlkit/core';
import { compileForward, type ForwardOptions } from './compile.js';
import { FORWARD_CAPABILITIES, ForwardReasoner } from './reasoner.js';

/** Builds the forward chainer for a game; throws BudgetExceededError when its knowledge base cannot fit. */
export function createForward(game: Game, options: ForwardOptions = {}): ForwardReasoner {
  const { machine, report } = compileForward(game, options);
  return new ForwardReasoner(machine, report);
}

export const forwardBackend: Backend = {
  name: 'forward',
  description: 'forward chaining over relation ids with reference tables (Schofield & Saffidine 2013)',
  capabilities: FORWARD_CAPABILITIES,
  availability: () => ({ available: true }),
  create: async (game, options) => createForward(game, options as ForwardOptions),
};
