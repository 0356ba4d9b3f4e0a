// Issue 25: tictactoe plus a recursion that builds (s (s ...)) without end, reached from a legal rule. The
// prover's legal-move query never ended (1.7 GB and growing); each query now stops at its budget with
// BudgetExceededError naming the relation, and the reasoner stays usable for the rest of the game.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BudgetExceededError, loadGame } from '@gdlkit/core';
import { gamesDirectory } from '@gdlkit/core/corpus';
import { describe, expect, it } from 'vitest';
import { createProver } from '../src/index.js';

const tictactoe = readFileSync(join(gamesDirectory(), 'tictactoe.kif'), 'utf8');
const unbounded = loadGame(
  `${tictactoe}
(<= (zzn (s ?x)) (zzn ?x))
(zzn 0)
(<= (legal ?r zzmove) (role ?r) (zzn (s (s (s ?x)))))`,
  'tictactoe-unbounded.kif',
);

function budgetError(run: () => unknown): BudgetExceededError {
  try {
    run();
  } catch (e) {
    if (e instanceof BudgetExceededError) return e;
    throw e;
  }
  throw new Error('the query ended without exceeding its budget');
}

describe("the prover's query budget", () => {
  it('stops the unbounded legal query at the table cap, naming the relation', () => {
    const prover = createProver(unbounded, { maxAnswers: 5000 });
    const state = prover.initialState();
    const error = budgetError(() => prover.legalMoves(state, 0));
    expect(error.detail).toEqual({ relation: 'zzn/1', limit: '5000 new table answers' });
    // The failed query left no half-built tables behind: a bounded query still answers.
    expect(prover.isTerminal(state)).toBe(false);
  });

  it('stops it at a number of work units', () => {
    const prover = createProver(unbounded, { maxWorkUnits: 20_000 });
    const error = budgetError(() => prover.legalMoves(prover.initialState(), 1));
    expect(error.detail.limit).toBe('20000 units of work');
  });

  it('stops it at the deadline when the table cap is out of reach', () => {
    const prover = createProver(unbounded, { queryTimeMs: 100, maxAnswers: Number.POSITIVE_INFINITY });
    const error = budgetError(() => prover.legalMoves(prover.initialState(), 0));
    expect(error.detail).toEqual({ relation: 'zzn/1', limit: '100 ms' });
  });

  it('leaves tictactoe untouched under a small work budget', () => {
    const game = loadGame(tictactoe, 'tictactoe.kif');
    const prover = createProver(game, { maxWorkUnits: 2_000, maxAnswers: 200 });
    const state = prover.initialState();
    expect(prover.legalMoves(state, 0)).toHaveLength(9);
  });
});
