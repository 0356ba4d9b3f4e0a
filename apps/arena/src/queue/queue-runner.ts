// The arena's side of a distributed run: every match not yet recorded goes on the queue as a job, and results
// are collected as workers finish them. A job whose worker died is retried by BullMQ (its lock expires and
// another worker takes it); a result is recorded once per match whatever happens.

import type { RedisOptions } from 'bullmq';
import { type Job, Queue, QueueEvents } from 'bullmq';
import type { MatchPlan } from '../game-manager.js';
import type { MatchRecord } from '../match-record.js';
import { RunError, type RunSettings, runId } from '../run-plan.js';
import { jobId, type MatchJob, matchJob, QUEUE_NAME } from './match-job.js';
import { checkRedis } from './redis-url.js';

export interface QueueRun {
  readonly connection: RedisOptions;
  /** The --queue URL, for messages. */
  readonly url: string;
  readonly run: RunSettings;
  readonly plans: readonly MatchPlan[];
  readonly onRecord: (record: MatchRecord) => void;
  readonly signal?: AbortSignal;
  /** How often every pending job is looked up, besides the completion events (ms). */
  readonly sweepMs?: number;
}

/** Attempts of a job that throws (not counting stalls, which BullMQ retries on its own). */
const ATTEMPTS = 3;

export async function runOnQueue(options: QueueRun): Promise<void> {
  const { connection, run, plans, onRecord, signal } = options;
  await checkRedis(connection, options.url);
  const id = runId(run);
  const queue = new Queue<MatchJob, MatchRecord, 'match'>(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection });
  // Once connected, a lost connection is retried by ioredis; the run waits for Redis to come back.
  queue.on('error', () => {});
  events.on('error', () => {});
  const pending = new Map<string, MatchPlan>(plans.map((p) => [jobId(id, p.index), p]));
  let fatal: Error | null = null;
  let wake: () => void = () => {};
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const settle = async (key: string) => {
      const plan = pending.get(key);
      if (!plan) return;
      const job = (await queue.getJob(key)) as Job<MatchJob, MatchRecord> | undefined;
      if (!job) {
        await queue.add('match', matchJob(id, run, plan), jobOptions(key));
        return;
      }
      const state = await job.getState();
      if (state === 'completed' && job.returnvalue && pending.delete(key)) {
        onRecord(job.returnvalue);
        wake();
      } else if (state === 'failed') {
        fatal = new RunError(
          `match ${plan.index} failed on the workers ${job.attemptsMade} time(s): ${job.failedReason}`,
          1,
        );
        wake();
      }
    };
    events.on('completed', ({ jobId: key }) => void settle(key).catch(() => {}));
    events.on('failed', ({ jobId: key }) => void settle(key).catch(() => {}));
    for (const key of [...pending.keys()]) await settle(key);
    const sweepMs = options.sweepMs ?? 5000;
    while (pending.size > 0 && fatal === null && !signal?.aborted) {
      await new Promise<void>((resolve) => {
        // The sweep is a safety net for missed events: its period grows with the jobs it looks up.
        const timer = setTimeout(resolve, Math.max(sweepMs, pending.size * 2));
        signal?.addEventListener('abort', () => resolve(), { once: true });
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (pending.size > 0 && fatal === null) {
        for (const key of [...pending.keys()]) await settle(key);
      }
    }
    if (fatal) throw fatal;
  } finally {
    await Promise.allSettled([events.close(), queue.close()]);
  }
}

function jobOptions(key: string) {
  return {
    jobId: key,
    attempts: ATTEMPTS,
    backoff: { type: 'fixed', delay: 1000 },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: false,
  };
}
