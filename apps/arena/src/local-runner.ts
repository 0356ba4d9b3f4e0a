// Plays a run's matches on this machine: `jobs` match slots, each with its own player processes.
import { MatchAbortedError, type MatchPlan, playMatch, type RefereeGame } from './game-manager.js';
import type { MatchRecord } from './match-record.js';
import { PlayerPool } from './player-pool.js';
import type { GdlkitCommand } from './player-process.js';
import type { RunSettings } from './run-plan.js';

export interface LocalRun {
  readonly referee: RefereeGame;
  readonly run: RunSettings;
  readonly plans: readonly MatchPlan[];
  readonly jobs: number;
  readonly command: GdlkitCommand;
  readonly onRecord: (record: MatchRecord) => void;
  readonly signal?: AbortSignal;
}

/** Resolves when every plan is played, or rejects with the first error that stops the run. */
export async function runLocal(options: LocalRun): Promise<void> {
  const { referee, run, plans, command, onRecord, signal } = options;
  let next = 0;
  let failed = false;
  const clocks = { startClock: run.startClock, playClock: run.playClock, graceMs: run.graceMs };
  const slot = async () => {
    const pool = new PlayerPool(command, run.specs, run.iterations);
    try {
      while (next < plans.length && !signal?.aborted && !failed) {
        const plan = plans[next++]!;
        const endpoints = await pool.endpoints(plan);
        onRecord(await playMatch(referee, plan, endpoints, clocks, signal));
      }
    } catch (e) {
      // An interrupted run ends quietly: the match in flight is not recorded, and resuming plays it again.
      if (e instanceof MatchAbortedError && signal?.aborted) return;
      failed = true;
      throw e;
    } finally {
      await pool.close();
    }
  };
  const slots = Array.from({ length: Math.max(1, Math.min(options.jobs, plans.length)) }, slot);
  const results = await Promise.allSettled(slots);
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}
