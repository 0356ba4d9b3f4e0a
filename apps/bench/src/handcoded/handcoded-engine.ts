import { type Game, sortCanonical, UnsupportedError } from '@gdlkit/core';
import { reasonerInstance } from '../reasoner-engine.js';
import type { BenchEngine } from '../types.js';
import type { BitboardRules } from './bitboard-rules.js';
import { breakthroughRules } from './breakthrough.js';
import { connectFourRules } from './connect-four.js';
import { HandcodedReasoner } from './handcoded-reasoner.js';

/** The game files (paths relative to games/) that have hand-written rules. */
export const HANDCODED_RULES: ReadonlyMap<string, BitboardRules> = new Map(
  [connectFourRules, breakthroughRules].map((r) => [r.file, r]),
);

/**
 * The hand-coded reference engine for the comparison paper's "game-specific code" rows (paper 07, Table 2):
 * it runs only the exact game files it was written for.
 */
export function handcodedEngine(): BenchEngine {
  return {
    name: 'handcoded',
    unavailable: () => undefined,
    handles(path: string) {
      return HANDCODED_RULES.has(path)
        ? undefined
        : `no hand-written rules (only ${[...HANDCODED_RULES.keys()].join(', ')})`;
    },
    async build(game: Game, path: string) {
      return reasonerInstance(createHandcodedReasoner(game, path));
    },
  };
}

/**
 * The hand-coded reasoner for `game`, loaded from games/<path>. Throws UnsupportedError when there are no
 * rules for the path or when the game's roles or initial state are not the ones the rules were written for
 * (a cheap guard against an edited file).
 */
export function createHandcodedReasoner(game: Game, path: string): HandcodedReasoner {
  const rules = HANDCODED_RULES.get(path);
  if (!rules) throw new UnsupportedError(`the handcoded engine has no rules for ${path}`);
  const roles = game.roles.map((r) => game.store.toKif(r));
  if (roles.join(' ') !== rules.roleNames.join(' ')) {
    throw new UnsupportedError(
      `${path}: roles ${roles.join(', ')} differ from the hand-coded ${rules.roleNames.join(', ')}`,
    );
  }
  const reasoner = new HandcodedReasoner(game, rules);
  const store = game.store;
  const init = game.facts(game.keywords.init).map((f) => store.argList(f)[0]!);
  const expected = sortCanonical(store, init).map((t) => store.toKif(t));
  const actual = sortCanonical(store, reasoner.stateToFacts(reasoner.initialState())).map((t) =>
    store.toKif(t),
  );
  if (expected.join(' ') !== actual.join(' '))
    throw new UnsupportedError(
      `${path}: the initial state differs from the one the hand-coded rules start from`,
    );
  return reasoner;
}
