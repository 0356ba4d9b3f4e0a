// Completeness (Thielscher 2013, end of "A Basic Update Method"): when a role's only sees rule is
// sees(player, move(R, M)) :- does(R, M), its knowledge after every round is exactly the true state.
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createFilter, playFilteredMatch } from '../src/index.js';
import { corpusGame } from './helpers.js';

const MATCHES = process.env.GDLKIT_CROSS === '1' ? 200 : 25;

describe('tictactoe where every role sees every move', () => {
  const game = corpusGame('tests/filter/tictactoe-seesmoves.kif');
  const truth = createProver(game);
  // With a budget every query runs under a deadline (the clock of issue #6); a generous one changes nothing.
  const runs = [
    { role: 'xplayer', budget: '' },
    { role: 'oplayer', budget: '' },
    { role: 'xplayer', budget: ' under a 60 s budget', updateBudgetMs: 60_000 },
  ];
  for (const { role, budget, updateBudgetMs } of runs) {
    it(`${role}${budget}: B+ is the true state and B0 is empty after every round of ${MATCHES} matches`, () => {
      const filter = createFilter(game, {
        role,
        ...(updateBudgetMs !== undefined ? { updateBudgetMs } : {}),
      });
      let rounds = 0;
      for (let seed = 1; seed <= MATCHES; seed++) {
        const match = playFilteredMatch(filter, truth, { seed });
        for (const step of match.steps) {
          expect(step.known, `seed ${seed} step ${step.step}`).toEqual(step.state);
          expect(step.possible).toEqual([]);
          rounds++;
        }
        expect(match.summary).toMatchObject({
          legalAlwaysKnown: true,
          terminalKnown: true,
          goalKnown: true,
          fellBack: 0,
        });
      }
      expect(rounds).toBeGreaterThan(MATCHES * 5);
    });
  }

  it('without the sees rule (plain tictactoe) the same role knows less', () => {
    const plain = corpusGame('tictactoe.kif');
    const filter = createFilter(plain, { role: 'xplayer' });
    const match = playFilteredMatch(filter, createProver(plain), { seed: 1 });
    expect(match.steps[2]!.possible.length).toBeGreaterThan(0);
  });
});
