import type { Reasoner } from '@gdlkit/core';

export interface TimedPlayouts {
  readonly playouts: number;
  readonly states: number;
  readonly ms: number;
}

/**
 * Random playouts from the initial state until `budgetMs` has passed, in batches sized so that a batch takes
 * about a tenth of the budget (batch paths cross a backend boundary once per batch).
 */
export function timedPlayouts(reasoner: Reasoner, budgetMs: number, seed: number): TimedPlayouts {
  const start = reasoner.initialState();
  const t0 = performance.now();
  let playouts = 0;
  let states = 0;
  let batch = 1;
  let round = 0;
  for (;;) {
    const b0 = performance.now();
    const stats = reasoner.playouts(start, { count: batch, seed: seed + round++ });
    playouts += stats.playouts;
    states += stats.states;
    const now = performance.now();
    if (now - t0 >= budgetMs) return { playouts, states, ms: now - t0 };
    const per = (now - b0) / batch;
    const remaining = budgetMs - (now - t0);
    batch = Math.max(
      1,
      Math.min(Math.floor(Math.min(budgetMs / 10, remaining) / Math.max(per, 1e-3)), 100_000),
    );
  }
}
