// Proposition 2 (Thielscher 2013): the filter is correct. On small GDL-II games every state the exact filter
// keeps (brute force over all joint moves consistent with the tracked role's moves and percepts) must be
// represented by (B+, B0) after every round: known ⊆ state ⊆ known ∪ possible.
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createFilter, playFilteredMatch } from '../src/index.js';
import { ConsistentStates } from './brute-force.js';
import { corpusGame } from './helpers.js';

const CROSS = process.env.GDLKIT_CROSS === '1';

const CASES: { path: string; roles: string[]; matches: number }[] = [
  { path: 'montyhall.kif', roles: ['candidate'], matches: 20 },
  { path: 'tests/filter/figure1-montyhall.kif', roles: ['candidate', 'monty'], matches: 20 },
  { path: 'tests/filter/numberguessing-small.kif', roles: ['guesser'], matches: 20 },
  { path: 'tests/filter/kriegttt-3x3.kif', roles: ['xplayer', 'oplayer'], matches: CROSS ? 30 : 6 },
];

describe('every consistent state is represented (Proposition 2)', () => {
  for (const { path, roles, matches } of CASES) {
    for (const role of roles) {
      it(`${path} as ${role}, ${matches} seeded matches`, () => {
        const game = corpusGame(path);
        const truth = createProver(game);
        const filter = createFilter(game, { role });
        let checked = 0;
        for (let seed = 1; seed <= matches; seed++) {
          const match = playFilteredMatch(filter, truth, { seed });
          const exact = new ConsistentStates(truth, filter.role);
          for (const [i, step] of match.steps.entries()) {
            const known = new Set(step.known);
            const possible = new Set(step.possible);
            expect(
              step.state.filter((f) => !known.has(f) && !possible.has(f)),
              `seed ${seed} step ${i}`,
            ).toEqual([]);
            for (const fluents of exact.fluentTexts()) {
              const set = new Set(fluents);
              const missing = step.known.filter((f) => !set.has(f));
              const extra = fluents.filter((f) => !known.has(f) && !possible.has(f));
              expect({ missing, extra }, `seed ${seed} step ${i}: ${fluents.join(' ')}`).toEqual({
                missing: [],
                extra: [],
              });
              checked++;
            }
            if (step.moves) exact.advance(game.parseTerm(step.moves[role]!), step.percepts ?? []);
          }
        }
        expect(checked).toBeGreaterThan(matches);
      });
    }
  }
});
