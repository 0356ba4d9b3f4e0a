// Proposition 2 on every GDL-II game of the corpus: along seeded random matches, for every non-random role,
// the true state satisfies known ⊆ state ⊆ known ∪ possible after every round. `pnpm test` runs one short
// match per role; GDLKIT_CROSS=1 runs more and longer ones.
import { breathe } from '@gdlkit/core/testing';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createFilter, playFilteredMatch } from '../src/index.js';
import { corpusGame } from './helpers.js';

const CROSS = process.env.GDLKIT_CROSS === '1';

/**
 * Joint moves tracked per match. In blindbreakthrough, blackjack and battleshipsinfog the knowledge soon gets
 * so uncertain that exact support computation explodes; the update budget makes those queries fall back to
 * the three-valued prover, which these matches exercise.
 */
const GAMES: Record<string, number> = {
  'montyhall.kif': 10,
  'montyhall2.kif': 10,
  'numberguessing.kif': CROSS ? 30 : 8,
  'kriegttt_5x5.kif': CROSS ? 30 : 6,
  'mastermind.kif': CROSS ? 30 : 6,
  'mastermind448.kif': CROSS ? 30 : 6,
  'transit.kif': CROSS ? 30 : 6,
  'blindbreakthrough.kif': CROSS ? 60 : 12,
  'battleshipsinfog.kif': CROSS ? 30 : 6,
  'bankerthief.kif': CROSS ? 30 : 8,
  'blackjack.kif': CROSS ? 30 : 6,
  'hiddenconnect.kif': CROSS ? 30 : 6,
  'holdyourcourseii.kif': CROSS ? 30 : 6,
  'minesweeper.kif': CROSS ? 30 : 6,
  'small_dominion.kif': CROSS ? 20 : 4,
  'smalldominion2.kif': CROSS ? 20 : 4,
  'vis_pacman3p.kif': CROSS ? 20 : 4,
  'backgammon.kif': CROSS ? 20 : 4,
};
const MATCHES = CROSS ? 5 : 1;
const BUDGET_MS = 300;

describe('known ⊆ state ⊆ known ∪ possible on the GDL-II corpus', () => {
  for (const [path, maxSteps] of Object.entries(GAMES)) {
    it(`${path}: ${MATCHES} match(es) of up to ${maxSteps} moves per role`, async () => {
      const game = corpusGame(path);
      const truth = createProver(game);
      let rounds = 0;
      for (let role = 0; role < game.roles.length; role++) {
        if (role === game.randomRole) continue;
        const filter = createFilter(game, { role, updateBudgetMs: BUDGET_MS });
        for (let seed = 1; seed <= MATCHES; seed++) {
          await breathe();
          const match = playFilteredMatch(filter, truth, { seed, maxSteps });
          for (const step of match.steps) {
            const state = new Set(step.state);
            const known = new Set(step.known);
            const where = `${game.roleName(role)} seed ${seed} step ${step.step}`;
            expect(
              step.known.filter((f) => !state.has(f)),
              `${where}: known but false`,
            ).toEqual([]);
            expect(
              step.state.filter((f) => !known.has(f) && !step.possible.includes(f)),
              `${where}: true but ruled out`,
            ).toEqual([]);
            rounds++;
          }
        }
      }
      expect(rounds).toBeGreaterThan(0);
    }, 180_000);
  }
});

// Issue #6: exact support computation explodes on blind breakthrough after a few rounds of hidden moves; with
// the update budget the filter falls back to the three-valued prover, says so in the summary, and stays sound.
describe('blind breakthrough through the budget fallback', () => {
  const maxSteps = CROSS ? 1000 : 40;
  it(`white, seed 1, up to ${maxSteps} moves: Proposition 2 every step, the fallback reported`, () => {
    const game = corpusGame('blindbreakthrough.kif');
    const filter = createFilter(game, { role: 'white', updateBudgetMs: BUDGET_MS });
    const match = playFilteredMatch(filter, createProver(game), { seed: 1, maxSteps });
    for (const step of match.steps) {
      const state = new Set(step.state);
      const known = new Set(step.known);
      expect(
        step.known.filter((f) => !state.has(f)),
        `step ${step.step}: known but false`,
      ).toEqual([]);
      expect(
        step.state.filter((f) => !known.has(f) && !step.possible.includes(f)),
        `step ${step.step}: true but ruled out`,
      ).toEqual([]);
    }
    expect(match.steps.length).toBeGreaterThan(Math.min(maxSteps, 30));
    expect(match.summary.threeValued).toBeGreaterThan(0);
    expect(match.summary.fellBack).toBeGreaterThanOrEqual(match.summary.threeValued);
  }, 180_000);
});
