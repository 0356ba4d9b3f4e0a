// `gdlkit arena-worker`: takes match jobs from the queue and plays them on this machine, with player
// processes of its own (kept from match to match of the same run).
import { proverBackend } from '@gdlkit/prover';
import type { RedisOptions } from 'bullmq';
import { type Job, Worker } from 'bullmq';
import { playMatch, type RefereeGame } from '../game-manager.js';
import type { MatchRecord } from '../match-record.js';
import { PlayerPool } from '../player-pool.js';
import type { GdlkitCommand } from '../player-process.js';
import { parsePlayerSpec } from '../player-spec.js';
import { loadReferee } from '../run-plan.js';
import { type MatchJob, QUEUE_NAME } from './match-job.js';
import { checkRedis } from './redis-url.js';

export interface WorkerOptions {
  readonly connection: RedisOptions;
  /** The --queue URL, for messages. */
  readonly url: string;
  readonly command: GdlkitCommand;
  /** Matches played at once. */
  readonly jobs: number;
  /**
   * How long a job stays locked without its worker renewing the lock; a job whose worker died is taken by
   * another worker after about this long (BullMQ's stalled-job check).
   */
  readonly lockMs?: number;
  readonly log?: (line: string) => void;
}

/** Runs until `stop()`: returns a handle once connected. */
export async function startWorker(options: WorkerOptions): Promise<{ stop: () => Promise<void> }> {
  await checkRedis(options.connection, options.url);
  const referees = new Map<string, Promise<RefereeGame>>();
  const idle = new Map<string, PlayerPool[]>();
  const log = options.log ?? (() => {});

  const referee = (job: MatchJob) => {
    let game = referees.get(job.runId);
    if (!game) {
      game = (async () => {
        const base = loadReferee(job.game, job.rulesText, `${job.game}.kif`);
        return { ...base, prover: await proverBackend.create(base.game) };
      })();
      referees.set(job.runId, game);
    }
    return game;
  };

  const takePool = async (job: MatchJob): Promise<PlayerPool> => {
    // Processes of another run are no use for this one: stop the idle ones.
    for (const [run, pools] of idle) {
      if (run === job.runId) continue;
      idle.delete(run);
      referees.delete(run);
      await Promise.all(pools.map((p) => p.close()));
    }
    const pool = idle.get(job.runId)?.pop();
    if (pool) return pool;
    const specs = job.players.map(parsePlayerSpec);
    return new PlayerPool(options.command, specs, job.iterations ?? undefined);
  };

  const worker = new Worker<MatchJob, MatchRecord>(
    QUEUE_NAME,
    async (job: Job<MatchJob, MatchRecord>) => {
      const data = job.data;
      log(`playing match ${data.plan.matchId} (attempt ${job.attemptsMade + 1})`);
      const pool = await takePool(data);
      try {
        const endpoints = await pool.endpoints(data.plan);
        const record = await playMatch(await referee(data), data.plan, endpoints, {
          startClock: data.startClock,
          playClock: data.playClock,
          graceMs: data.graceMs,
        });
        log(`match ${data.plan.matchId} done in ${record.wallMs} ms, goals ${JSON.stringify(record.goals)}`);
        return record;
      } finally {
        const pools = idle.get(data.runId) ?? [];
        pools.push(pool);
        idle.set(data.runId, pools);
      }
    },
    {
      connection: options.connection,
      concurrency: options.jobs,
      lockDuration: options.lockMs ?? 30_000,
      stalledInterval: options.lockMs ?? 30_000,
      maxStalledCount: 3,
      autorun: false,
    },
  );
  worker.on('failed', (job, error) => log(`match ${job?.data.plan.matchId} failed: ${error.message}`));
  worker.on('error', (error) => log(`queue error: ${error.message}`));
  await worker.waitUntilReady();
  void worker.run();
  return {
    stop: async () => {
      await worker.close();
      await Promise.all([...idle.values()].flat().map((p) => p.close()));
    },
  };
}
