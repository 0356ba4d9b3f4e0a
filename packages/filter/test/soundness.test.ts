// Proposition 2 (Thielscher 2013): the filter is correct. On small GDL-II games every state the exact filter
// keeps (brute force over all joint moves consistent with the tracked role's moves and percepts) must be
// represented by (B+, B0) after every round: known ⊆ state ⊆ known ∪ possible. The same must hold when every
// update runs out of time at once (updateBudgetMs 0): the filter then answers its queries with the three-valued
// (Kleene) prover and skips the filtering, the sound fallback of issue #6.
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createFilter, playFilteredMatch } from '../src/index.js';
import { ConsistentStates } from './brute-force.js';
import { corpusGame, kif, terms } from './helpers.js';

const CROSS = process.env.GDLKIT_CROSS === '1';

const CASES: { path: string; roles: string[]; matches: number }[] = [
  { path: 'montyhall.kif', roles: ['candidate'], matches: 20 },
  { path: 'tests/filter/figure1-montyhall.kif', roles: ['candidate', 'monty'], matches: 20 },
  { path: 'tests/filter/numberguessing-small.kif', roles: ['guesser'], matches: 20 },
  { path: 'tests/filter/kriegttt-3x3.kif', roles: ['xplayer', 'oplayer'], matches: CROSS ? 30 : 6 },
];

const MODES: { name: string; updateBudgetMs?: number }[] = [
  { name: 'exact' },
  { name: 'out of time (Kleene fallback)', updateBudgetMs: 0 },
];

describe.each(MODES)('every consistent state is represented (Proposition 2): $name', (mode) => {
  for (const { path, roles, matches } of CASES) {
    for (const role of roles) {
      it(`${path} as ${role}, ${matches} seeded matches`, () => {
        const game = corpusGame(path);
        const truth = createProver(game);
        const filter = createFilter(game, {
          role,
          ...(mode.updateBudgetMs !== undefined ? { updateBudgetMs: mode.updateBudgetMs } : {}),
        });
        let checked = 0;
        let fellBack = 0;
        for (let seed = 1; seed <= matches; seed++) {
          const match = playFilteredMatch(filter, truth, { seed });
          fellBack += match.summary.threeValued;
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
            if (!step.moves) continue;
            // The answers on legal are sound too: known ⊆ truly legal ⊆ possible for the tracked role.
            const knowledge = match.knowledge[i]!;
            const legal = kif(
              game,
              truth.legalMoves(truth.stateFromFacts([...terms(game, step.state)]), filter.role),
            );
            for (const move of kif(game, filter.legalMoves(knowledge, filter.role)))
              expect(legal).toContain(move);
            expect(kif(game, filter.possibleLegalMoves(knowledge, filter.role))).toEqual(
              expect.arrayContaining(legal),
            );
            exact.advance(game.parseTerm(step.moves[role]!), step.percepts ?? []);
          }
        }
        expect(checked).toBeGreaterThan(matches);
        if (mode.updateBudgetMs === undefined) expect(fellBack).toBe(0);
        else expect(fellBack).toBeGreaterThan(0);
      });
    }
  }
});
