// The sample and verdict of a Table 1 row (src/table1.ts): the paper's verdicts are over 1000 matches, not over
// matches totalling 1000 rounds.
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createFilter, table1Matches, table1Verdict } from '../src/index.js';
import { corpusGame } from './helpers.js';

describe('table1Matches', () => {
  const game = corpusGame('montyhall.kif');
  const truth = createProver(game);
  const filter = createFilter(game, { role: 'candidate' });

  it('a sample of matches plays seeds 1..n whatever their length', () => {
    const summaries = [...table1Matches(filter, truth, { matches: 5 })];
    expect(summaries.map((s) => s.seed)).toEqual([1, 2, 3, 4, 5]);
    expect(summaries.every((s) => s.rounds === 3 && !s.truncated)).toBe(true);
  });

  it('a sample of rounds stops at the first match that reaches the total', () => {
    expect([...table1Matches(filter, truth, { rounds: 5 })].map((s) => s.seed)).toEqual([1, 2]);
  });
});

describe('table1Verdict', () => {
  it('minesweeper sweeper: legal moves and termination known, goal not (over real matches)', () => {
    const game = corpusGame('minesweeper.kif');
    const filter = createFilter(game, { role: 'sweeper' });
    const verdict = table1Verdict([...table1Matches(filter, createProver(game), { matches: 3 })]);
    expect(verdict).toMatchObject({ matches: 3, legal: true, terminal: true, goal: false });
    expect(verdict.rounds).toBeGreaterThan(3 * 8);
    expect(verdict.secondsPer1000Rounds).toBeGreaterThan(0);
  });

  it('kriegttt_5x5: legal moves not always known, so termination and goal are not asked (the paper\'s "–")', () => {
    const game = corpusGame('kriegttt_5x5.kif');
    const filter = createFilter(game, { role: 'oplayer' });
    const verdict = table1Verdict([...table1Matches(filter, createProver(game), { matches: 1 })]);
    expect(verdict).toMatchObject({ matches: 1, legal: false, terminal: null, goal: null });
  });

  it('no matches: nothing is known either way', () => {
    expect(table1Verdict([])).toMatchObject({
      legal: null,
      terminal: null,
      goal: null,
      secondsPer1000Rounds: null,
    });
  });
});
