// Auto's choice among backends that all build. The fixed order (fastest first on the games it was measured
// on) is wrong by far on some large nets: the WASM module evaluates its whole state phase per state, and on
// kalaha_2009 the forward chainer ran 45× faster than it, on racer4 173× (docs/benchmarks.md, 2026-11-23).
// So auto times the backends that built, side by side, and keeps the fastest.
import type { Reasoner } from '@gdlkit/core';

/** Backends worth timing against the first that builds: the TS propnet reuses its IR, forward builds fast. */
export const CHALLENGERS = ['propnet', 'forward'] as const;

/** Interleaved rounds of one slice per backend; a backend's rate is its best slice (the least disturbed). */
const ROUNDS = 4;
const SLICE_MS = 100;
/** Time the side-by-side timing takes per backend. */
export const CALIBRATION_MS = ROUNDS * SLICE_MS;
/** Playouts are cut at this depth, so one call stays short even at a few states per second. */
const SAMPLE_DEPTH = 8;

/**
 * Milliseconds of this process's CPU time where the runtime tells it (Node), else of the wall clock (browsers).
 * On a loaded machine a wall-clock slice also counts the time other processes held the core, which once made
 * auto keep the TS propnet (18 k states/s) over the WASM module (46-85 k) on checkerssmall (issue 25).
 */
const cpuMs: () => number =
  typeof globalThis.process?.cpuUsage === 'function'
    ? () => {
        const { user, system } = globalThis.process.cpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();

export interface Timed {
  readonly name: string;
  readonly reasoner: Reasoner;
  readonly buildMs: number;
}

/**
 * States per CPU-second of each backend's random playouts from the initial state (cut at SAMPLE_DEPTH); 0 for a
 * backend whose playouts throw (a role without a legal move), so the order decides among such backends. A slice
 * lasts SLICE_MS of wall time; its rate divides by the CPU time spent in it.
 */
export function timeSideBySide(candidates: readonly Timed[]): number[] {
  const best = candidates.map(() => 0);
  const seeds = candidates.map(() => 1);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, { reasoner }] of candidates.entries()) {
      const t0 = performance.now();
      const cpu0 = cpuMs();
      let states = 0;
      try {
        const start = reasoner.initialState();
        do {
          const stats = reasoner.playouts(start, { count: 1, seed: seeds[i]!++, maxDepth: SAMPLE_DEPTH });
          states += stats.states;
        } while (performance.now() - t0 < SLICE_MS);
      } catch {
        continue;
      }
      const spent = Math.max(cpuMs() - cpu0, 1e-3);
      best[i] = Math.max(best[i]!, (states * 1000) / spent);
    }
  }
  return best;
}
