// Random playouts per second of one reasoner from the initial state: batches double until one takes a tenth of
// the time, so a fast core is not measured on its boundary crossings and a slow one still reports in time.
import type { Reasoner } from '@gdlkit/core';

export interface Throughput {
  readonly playoutsPerSecond: number;
  /** Visited states per second, each playout's first state included (the gdl-perf count). */
  readonly statesPerSecond: number;
}

export function measurePlayouts(reasoner: Reasoner, seconds: number, seed = 1): Throughput {
  const start = reasoner.initialState();
  const budgetMs = seconds * 1000;
  let count = 1;
  let playouts = 0;
  let states = 0;
  let elapsed = 0;
  let batch = 0;
  while (elapsed < budgetMs) {
    const t0 = performance.now();
    const stats = reasoner.playouts(start, { count, seed: seed + batch++ });
    const took = performance.now() - t0;
    elapsed += took;
    playouts += stats.playouts;
    states += stats.states;
    if (took < budgetMs / 10) count *= 2;
  }
  return { playoutsPerSecond: (playouts * 1000) / elapsed, statesPerSecond: (states * 1000) / elapsed };
}
