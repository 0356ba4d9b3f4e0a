// A match as a BullMQ job: everything a worker on another machine needs to play it.
import type { MatchPlan } from '../game-manager.js';
import type { RunSettings } from '../run-plan.js';

/** The one queue the arena and its workers share. */
export const QUEUE_NAME = 'gdlkit-arena';

export interface MatchJob {
  readonly runId: string;
  readonly game: string;
  readonly rulesText: string;
  readonly players: readonly string[];
  readonly startClock: number;
  readonly playClock: number;
  readonly iterations: number | null;
  readonly graceMs: number;
  readonly plan: MatchPlan;
}

/** Job ids are unique per run and match, so a match is queued once however often the arena restarts. */
export function jobId(runId: string, index: number): string {
  return `${runId}-${index}`;
}

export function matchJob(id: string, run: RunSettings, plan: MatchPlan): MatchJob {
  return {
    runId: id,
    game: run.game,
    rulesText: run.rulesText,
    players: run.specs.map((s) => s.text),
    startClock: run.startClock,
    playClock: run.playClock,
    iterations: run.iterations ?? null,
    graceMs: run.graceMs,
    plan,
  };
}
