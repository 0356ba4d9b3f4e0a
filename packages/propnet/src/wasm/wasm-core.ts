// What the propnet-wasm reasoner needs of a generated module, whichever way it propagates: the evaluator
// interface of the TypeScript engine plus the batch entry points that run inside the module.
import type { PlayoutStats } from '@gdlkit/core';
import type { PropnetEvaluator } from '../engine.js';
import {
  STAT_GOALS,
  STAT_MAX_DEPTH,
  STAT_MIN_DEPTH,
  STAT_STATES,
  STAT_TOTAL_DEPTH,
  STAT_TRUNCATED,
} from './lower.js';

/** How a module propagates: every gate per state (emit.ts) or only what changed (differential-emit.ts). */
export type Propagation = 'straight-line' | 'differential';

export interface WasmCore extends PropnetEvaluator {
  readonly propagation: Propagation;
  /** Bytes of the generated WebAssembly binary. */
  readonly binarySize: number;
  /** Random playouts from `start`, entirely inside the module (one boundary crossing per batch). */
  playouts(start: Uint32Array, count: number, seed: number, maxDepth: number): PlayoutStats;
  /** Fixed-depth node count from `start`, entirely inside the module; null when memory ran out. */
  perft(start: Uint32Array, depth: number): number | null;
  /**
   * The IR legal entries of `role` that hold in the loaded state, in IR order, where the module keeps them as a
   * bit set (a scan of the legal propositions costs speedchess's 7,666 reads per call).
   */
  legalEntries?(role: number): number[];
  /** Called when something else changed the module's state (the policy simulations): a cached load is stale. */
  forgetLoaded?(): void;
}

/** Playout statistics from the module's stats block (i32 slots; layout in lower.ts). */
export function readPlayoutStats(stats: Int32Array, count: number, roleCount: number): PlayoutStats {
  return {
    playouts: count,
    states: stats[STAT_STATES]!,
    totalDepth: stats[STAT_TOTAL_DEPTH]!,
    minDepth: count === 0 ? 0 : stats[STAT_MIN_DEPTH]!,
    maxDepth: stats[STAT_MAX_DEPTH]!,
    goalSums: Array.from(stats.subarray(STAT_GOALS, STAT_GOALS + roleCount)),
    truncated: stats[STAT_TRUNCATED]!,
  };
}
