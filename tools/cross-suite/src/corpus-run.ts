// Runs the suite over many games in child processes, so that a backend that hangs or crashes on one game is
// reported as a failure of that backend on that game and the run goes on (the game is retried without it).
// Each game's report is kept as JSON in a folder, which makes a long run resumable.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { failCell, newCell } from './cell.js';
import type { GameReport } from './check-game.js';
import type { GameJob, WorkerMessage } from './corpus-protocol.js';
import type { Phase } from './phase.js';
import type { CrossSettings } from './settings.js';

export interface CorpusRunOptions {
  readonly games: readonly string[];
  readonly settings: CrossSettings;
  /** One `<game>.json` report per game; a game whose report exists is not run again. */
  readonly reportsDir: string;
  /**
   * A worker that reports no progress for this long is killed; the backend it was running is skipped on that
   * game as too slow (a crash fails it), and the game is checked again without it.
   */
  readonly phaseTimeoutMs: number;
  /** Games checked at the same time, each in its own worker process. */
  readonly jobs: number;
  /** The script forked as a worker (it must call runCorpusWorker when given --worker). */
  readonly workerEntry: string;
  /** Heap limit of a worker, MB. */
  readonly workerHeapMb?: number;
  readonly log?: (line: string) => void;
  /** Called with every activity a worker reports (a progress display). */
  readonly onPhase?: (phase: Phase) => void;
}

interface Worker {
  readonly child: ChildProcess;
  readonly backends: readonly string[];
}

type JobOutcome = { report: GameReport } | { lost: Phase | undefined; why: string; timedOut: boolean };

/** Checks every game that has no report yet and returns the reports of all `games`, in their order. */
export async function runCorpus(options: CorpusRunOptions): Promise<GameReport[]> {
  mkdirSync(options.reportsDir, { recursive: true });
  const log = options.log ?? (() => {});
  const queue: GameJob[] = options.games
    .filter((game) => !existsSync(reportFile(options.reportsDir, game)))
    .map((game) => ({ game, settings: options.settings, excluded: {} }));
  const total = queue.length;
  let done = 0;
  const slot = async () => {
    let worker: Worker | undefined;
    for (let job = queue.shift(); job; job = queue.shift()) {
      worker ??= await startWorker(options);
      const t0 = performance.now();
      const outcome = await runJob(worker, job, options.phaseTimeoutMs, options.onPhase);
      if ('report' in outcome) {
        writeFileSync(reportFile(options.reportsDir, job.game), JSON.stringify(outcome.report));
        done++;
        log(`[${done}/${total}] ${job.game}: ${summarise(outcome.report)} (${seconds(t0)} s)`);
        continue;
      }
      const backends = worker.backends;
      worker = undefined;
      const backend = outcome.lost?.backend;
      if (backend !== undefined && job.excluded[backend] === undefined) {
        const reason = `${outcome.why} while ${outcome.lost!.activity} (the other backends were checked without it)`;
        log(`${job.game}: ${backend} ${reason}; retrying the game without it`);
        const exclusion = { status: outcome.timedOut ? 'skip' : 'fail', reason } as const;
        queue.unshift({ ...job, excluded: { ...job.excluded, [backend]: exclusion } });
        continue;
      }
      const report = lostGame(job, backends, outcome.why, outcome.lost);
      writeFileSync(reportFile(options.reportsDir, job.game), JSON.stringify(report));
      done++;
      log(`[${done}/${total}] ${job.game}: worker ${outcome.why}`);
    }
    worker?.child.disconnect();
  };
  await Promise.all(Array.from({ length: Math.max(1, options.jobs) }, slot));
  return readReports(options.games, options.reportsDir);
}

/** The reports kept in `dir` for those of `games` that have one, in the order of `games`. */
export function readReports(games: readonly string[], dir: string): GameReport[] {
  return games.flatMap((game) => {
    const file = reportFile(dir, game);
    return existsSync(file) ? [JSON.parse(readFileSync(file, 'utf8')) as GameReport] : [];
  });
}

export function reportFile(dir: string, game: string): string {
  return join(dir, `${game.replace(/\.kif$/, '').replace(/[^a-zA-Z0-9_-]+/g, '_')}.json`);
}

function startWorker(options: CorpusRunOptions): Promise<Worker> {
  const child = fork(options.workerEntry, ['--worker'], {
    execArgv: [`--max-old-space-size=${options.workerHeapMb ?? 8192}`],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the corpus worker exited on start (code ${code})`));
    child.once('exit', onExit);
    child.once('message', (message: WorkerMessage) => {
      child.off('exit', onExit);
      if (message.type === 'ready') resolve({ child, backends: message.backends });
      else reject(new Error(`the corpus worker sent ${message.type} before ready`));
    });
  });
}

function runJob(
  worker: Worker,
  job: GameJob,
  phaseTimeoutMs: number,
  onPhase: (phase: Phase) => void = () => {},
): Promise<JobOutcome> {
  const { child } = worker;
  return new Promise<JobOutcome>((resolve) => {
    let phase: Phase | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: JobOutcome) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(outcome);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        child.off('exit', onExit);
        child.kill('SIGKILL');
        finish({ lost: phase, why: `too slow: no progress for ${phaseTimeoutMs / 1000} s`, timedOut: true });
      }, phaseTimeoutMs);
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'phase') {
        phase = message.phase;
        onPhase(phase);
        arm();
      } else if (message.type === 'report') {
        finish({ report: message.report });
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      finish({ lost: phase, why: `crashed (${signal ?? `exit code ${code}`})`, timedOut: false });
    child.on('message', onMessage);
    child.on('exit', onExit);
    arm();
    child.send(job);
  });
}

/** A game whose worker was lost outside any backend's work (loading the game, say): every cell fails. */
function lostGame(
  job: GameJob,
  backends: readonly string[],
  why: string,
  phase: Phase | undefined,
): GameReport {
  const lost = `the worker ${why}${phase ? ` while ${phase.activity}` : ''}`;
  const cells = backends.map((backend) => {
    const cell = newCell(job.game, backend);
    failCell(cell, job.excluded[backend]?.reason ?? lost);
    return cell;
  });
  return { game: job.game, cells, disagreements: [], notes: [lost] };
}

function summarise(report: GameReport): string {
  const count = (status: string) => report.cells.filter((c) => c.status === status).length;
  return `${count('pass')} pass, ${count('fail')} fail, ${count('skip')} skip`;
}

function seconds(t0: number): string {
  return ((performance.now() - t0) / 1000).toFixed(1);
}
