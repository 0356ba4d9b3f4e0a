import { Rng } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { iterativeDeepening, monteCarlo } from '../src/index.js';
import { counterGame } from './fixtures.js';

const far = () => performance.now() + 60_000;

describe('test driver of paper 07 (Figure 2) on the two-move counter game', () => {
  const reasoner = createProver(counterGame());
  const root = reasoner.initialState();

  it('Monte-Carlo counts every visited state: 3 per simulation', () => {
    const c = monteCarlo(reasoner, root, { deadline: far(), maxIterations: 5 }, new Rng(1));
    expect(c).toEqual({ nodes: 15, iterations: 5 });
  });

  it('iterative deepening stops once an iteration reaches only terminal leaves: 1 + 3 + 7 nodes', () => {
    expect(iterativeDeepening(reasoner, root, { deadline: far() })).toEqual({ nodes: 11, iterations: 3 });
  });

  it('from the state one move before the end: 1 + 3 nodes', () => {
    const next = reasoner.nextState(root, [reasoner.legalMoves(root, 0)[0]!]);
    expect(iterativeDeepening(reasoner, next, { deadline: far() })).toEqual({ nodes: 4, iterations: 2 });
  });

  it('stops at the deadline', () => {
    // 200 ms: long enough for one simulation on a machine shared with other jobs.
    const deadline = performance.now() + 200;
    const c = monteCarlo(reasoner, root, { deadline }, new Rng(1));
    // A generous bound: one simulation takes microseconds, so only a driver that checks the deadline rarely (or
    // never: then the test times out) overshoots by seconds; a preempted process overshot 500 ms at load 12.
    expect(performance.now() - deadline).toBeLessThan(5_000);
    expect(c.iterations).toBeGreaterThan(0);
    expect(c.nodes).toBeLessThanOrEqual(3 * c.iterations + 3);
  });
});
