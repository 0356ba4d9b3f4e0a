import { readFileSync } from 'node:fs';
import { RunError, runArena } from '@gdlkit/arena';
import { EXIT, UsageError } from '../exit-codes.js';
import {
  COUNT_RANGE,
  integerOption,
  numberOption,
  parseOptions,
  type Range,
  requireOption,
  SECONDS_RANGE,
  SEED_RANGE,
} from '../options.js';

const USAGE =
  'gdlkit arena GAME --players SPEC,SPEC[,...] --matches N [--start S] [--play S | --iterations K] [--jobs J] [--seed N] [--out DIR] [--svg F] [--queue redis://HOST:PORT] [--grace MS]';

/** An optional numeric option, range-checked like every other command's (exit 2). */
function optional(
  read: typeof integerOption,
  value: string | undefined,
  name: string,
  range: Range,
): number | undefined {
  return value === undefined ? undefined : read(value, name, 0, USAGE, range);
}

/** Matches between players at scale; exit 0 when every match is recorded. */
export async function arena(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      players: { type: 'string' },
      matches: { type: 'string' },
      start: { type: 'string' },
      play: { type: 'string' },
      iterations: { type: 'string' },
      jobs: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      svg: { type: 'string' },
      queue: { type: 'string' },
      grace: { type: 'string' },
    },
    USAGE,
  );
  const file = requireOption(positionals[0], 'GAME', USAGE);
  if (positionals.length > 1)
    throw new UsageError(`unexpected argument '${positionals[1]}'\nusage: ${USAGE}`);
  const players = requireOption(values.players, 'players', USAGE);
  const matches = integerOption(
    requireOption(values.matches, 'matches', USAGE),
    'matches',
    0,
    USAGE,
    COUNT_RANGE,
  );
  const gameText = readFileSync(file, 'utf8');
  const seed = optional(integerOption, values.seed, 'seed', SEED_RANGE);
  const controller = new AbortController();
  const interrupt = () => {
    process.stderr.write(
      '\ngdlkit arena: interrupted; finishing nothing more (run the same command to resume)\n',
    );
    controller.abort();
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const result = await runArena({
      gameFile: file,
      gameText,
      players,
      matches,
      startClock: optional(numberOption, values.start, 'start', SECONDS_RANGE),
      playClock: optional(numberOption, values.play, 'play', SECONDS_RANGE),
      iterations: optional(integerOption, values.iterations, 'iterations', { min: 1, max: 1_000_000_000 }),
      jobs: optional(integerOption, values.jobs, 'jobs', { min: 1, max: 1024 }),
      seed,
      out: values.out ?? `arena-${file.replace(/^.*\//, '').replace(/\.kif$/i, '')}-${seed ?? 1}`,
      svg: values.svg,
      queue: values.queue,
      graceMs: optional(integerOption, values.grace, 'grace', { min: 0, max: 600_000 }),
      command: [process.execPath, process.argv[1]!],
      signal: controller.signal,
    });
    if (!result.complete) {
      process.stderr.write(
        `gdlkit arena: ${result.summary.matches} of ${matches} matches recorded; run the same command to resume\n`,
      );
      return EXIT.userError;
    }
    return EXIT.ok;
  } catch (e) {
    if (e instanceof RunError) {
      process.stderr.write(`gdlkit arena: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}
