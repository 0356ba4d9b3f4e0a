// `gdlkit arena`: checks everything before the first match, then plays the matches not yet recorded in the
// output folder (here, or on queue workers) and writes the summary.
import { writeFileSync } from 'node:fs';
import { InvalidGameError } from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
import { planJobs } from './fair-cores.js';
import type { MatchPlan, RefereeGame } from './game-manager.js';
import { runLocal } from './local-runner.js';
import type { MatchRecord } from './match-record.js';
import type { GdlkitCommand } from './player-process.js';
import { localThinkers, type PlayerSpec, parsePlayerList, SpecError } from './player-spec.js';
import { Progress } from './progress.js';
import { probe } from './protocol-client.js';
import { runOnQueue } from './queue/queue-runner.js';
import { checkRedis, redisOptions } from './queue/redis-url.js';
import { ResultsDir } from './results-dir.js';
import {
  gameName,
  loadReferee,
  planMatch,
  processConfig,
  RunError,
  type RunSettings,
  runSeatings,
} from './run-plan.js';
import { type Summary, summarise, summaryTable } from './summary.js';
import { scoreChart } from './svg-chart.js';

export interface ArenaOptions {
  readonly gameFile: string;
  readonly gameText: string;
  /** The --players value: SPECs separated by commas. */
  readonly players: string;
  readonly matches: number;
  readonly startClock?: number;
  readonly playClock?: number;
  readonly iterations?: number;
  readonly jobs?: number;
  readonly seed?: number;
  readonly out: string;
  readonly svg?: string;
  /** redis://HOST:PORT: the matches are played by `gdlkit arena-worker` processes. */
  readonly queue?: string;
  readonly graceMs?: number;
  /** How to start `gdlkit` (for the `gdlkit serve` player processes). */
  readonly command: GdlkitCommand;
  readonly signal?: AbortSignal;
  /** Where notes, progress and the table go; default process.stderr / process.stdout. */
  readonly notes?: (line: string) => void;
  readonly progressStream?: NodeJS.WriteStream;
  readonly print?: (text: string) => void;
}

export interface ArenaResult {
  readonly summary: Summary;
  /** False when the run was interrupted before every match was played. */
  readonly complete: boolean;
}

export async function runArena(options: ArenaOptions): Promise<ArenaResult> {
  const notes = options.notes ?? ((line) => process.stderr.write(`${line}\n`));
  const print = options.print ?? ((text) => process.stdout.write(`${text}\n`));
  const { run, referee, plans, dir } = await prepare(options, notes);
  const thinkers = Math.max(
    ...plans.map((p) => localThinkers(p.seating.filter((s) => s >= 0).map((s) => run.specs[s]!))),
    0,
  );
  const done = dir.records.length;
  if (done > 0) notes(`resuming ${dir.dir}: ${done} of ${run.matches} matches already recorded`);
  const progress = new Progress(
    run.specs.map((s) => s.text),
    run.matches,
    done,
    options.progressStream ?? process.stderr,
  );
  for (const record of dir.records) if (record.index < run.matches) progress.add(record);
  const onRecord = (record: MatchRecord) => {
    if (!dir.add(record)) return;
    progress.add(record);
    progress.show();
  };
  if (plans.length > 0) {
    if (options.queue) {
      notes(
        `queued ${plans.length} matches on ${options.queue}; start workers with: gdlkit arena-worker --queue ${options.queue}`,
      );
      await runOnQueue({
        connection: redisOptions(options.queue),
        url: options.queue,
        run,
        plans,
        onRecord,
        signal: options.signal,
      });
    } else {
      const external = run.specs.some((s) => s.kind === 'http');
      const { jobs, notes: why } = planJobs(options.jobs, thinkers, external);
      for (const line of why) notes(line);
      await runLocal({
        referee,
        run,
        plans,
        jobs,
        command: options.command,
        onRecord,
        signal: options.signal,
      });
    }
    progress.finish();
  }
  const records = dir.records.filter((r) => r.index < run.matches);
  // A gdlkit player ponders unless the process it runs in has a fixed budget or is told not to.
  const ponders = run.specs.map((s) => {
    if (s.kind !== 'gdlkit') return false;
    const search = processConfig(s, run.iterations).search;
    return search?.ponder !== false && search?.iterations === undefined;
  });
  const summary = summarise(
    run.game,
    run.specs.map((s) => s.text),
    records,
    ponders,
  );
  dir.writeSummary(summary);
  if (options.svg) writeFileSync(options.svg, scoreChart(summary));
  print(summaryTable(summary));
  return { summary, complete: records.length === run.matches };
}

async function prepare(
  options: ArenaOptions,
  notes: (line: string) => void,
): Promise<{
  run: RunSettings;
  referee: RefereeGame;
  plans: MatchPlan[];
  dir: ResultsDir;
}> {
  const integer = (value: number | undefined, name: string, min: number) => {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= min)) {
      throw new RunError(`--${name} must be an integer of at least ${min}, got ${value}`, 2);
    }
  };
  integer(options.matches, 'matches', 1);
  integer(options.iterations, 'iterations', 1);
  integer(options.jobs, 'jobs', 1);
  integer(options.graceMs, 'grace', 0);
  if (
    options.seed !== undefined &&
    !(Number.isSafeInteger(options.seed) && Math.abs(options.seed) < 2 ** 31)
  ) {
    throw new RunError(`--seed must be an integer between -2^31 and 2^31, got ${options.seed}`, 2);
  }
  for (const [name, value] of [
    ['start', options.startClock],
    ['play', options.playClock],
  ] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value > 0 && value <= 86_400)) {
      throw new RunError(`--${name} must be a number of seconds in (0, 86400], got ${value}`, 2);
    }
  }
  const connection = options.queue ? redisOptions(options.queue) : null;
  let specs: PlayerSpec[];
  try {
    specs = parsePlayerList(options.players);
  } catch (e) {
    if (e instanceof SpecError) throw new RunError(e.message, 2);
    throw e;
  }
  const name = gameName(options.gameFile);
  let base: ReturnType<typeof loadReferee>;
  try {
    base = loadReferee(name, options.gameText, options.gameFile);
  } catch (e) {
    if (e instanceof InvalidGameError) throw new RunError(e.message, 1);
    throw e;
  }
  const referee: RefereeGame = { ...base, prover: await proverBackend.create(base.game) };
  const run: RunSettings = {
    game: name,
    rulesText: options.gameText,
    specs,
    matches: options.matches,
    seed: options.seed ?? 1,
    startClock: options.startClock ?? 10,
    // With a fixed simulation budget the clock is only a safety bound.
    playClock: options.playClock ?? (options.iterations !== undefined ? 60 : 5),
    iterations: options.iterations,
    graceMs: options.graceMs ?? 1000,
  };
  const all = runSeatings(referee.game, specs.length);
  const seats = all[0]!.filter((s) => s >= 0).length;
  if (specs.length === 1 && seats > 1) {
    // It would hold every seat, and a SPEC's points are the sum over its roles (paper 03, section 6): every
    // match would count as its win.
    throw new RunError(
      `one SPEC for ${seats} player roles would play itself and score every match as a win; list one SPEC per role for self-play (e.g. --players ${specs[0]!.text},${specs[0]!.text})`,
      2,
    );
  }
  for (const seating of all) {
    for (const spec of specs) {
      if (spec.kind === 'http' && seating.filter((s) => specs[s] === spec).length > 1) {
        throw new RunError(
          `${spec.text} would play ${seating.filter((s) => specs[s] === spec).length} roles of one match; an external player plays one role at a time (list another player)`,
          2,
        );
      }
    }
  }
  if (all.length > 1 && run.matches % all.length !== 0) {
    notes(
      `note: ${run.matches} matches is not a multiple of the ${all.length} seatings, so the roles are not played equally often`,
    );
  }
  for (const spec of specs) {
    if (spec.kind !== 'http') continue;
    const problem = await probe(spec.url);
    if (problem) throw new RunError(`player ${spec.text} is not reachable (${problem})`, 1);
  }
  if (connection) await checkRedis(connection, options.queue!);
  const dir = ResultsDir.open(options.out, run);
  const plans: MatchPlan[] = [];
  for (let i = 0; i < run.matches; i++) if (!dir.has(i)) plans.push(planMatch(run, all, i));
  return { run, referee, plans, dir };
}
