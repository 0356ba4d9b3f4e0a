import { availableParallelism } from 'node:os';
import { RunError, redisOptions, startWorker } from '@gdlkit/arena';
import { EXIT, UsageError } from '../exit-codes.js';
import { integerOption, parseOptions, requireOption } from '../options.js';

const USAGE = 'gdlkit arena-worker --queue redis://HOST:PORT [--jobs J] [--lock-seconds S]';

/** A queue worker: plays arena matches on this machine. */
export async function arenaWorker(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    { queue: { type: 'string' }, jobs: { type: 'string' }, 'lock-seconds': { type: 'string' } },
    USAGE,
  );
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${USAGE}`);
  let connection: ReturnType<typeof redisOptions>;
  try {
    connection = redisOptions(requireOption(values.queue, 'queue', USAGE));
  } catch (e) {
    if (e instanceof RunError) throw new UsageError(`${e.message}\nusage: ${USAGE}`);
    throw e;
  }
  const defaultJobs = Math.max(1, Math.floor(availableParallelism() / 2));
  const jobs = integerOption(values.jobs, 'jobs', defaultJobs, USAGE, { min: 1, max: 1024 });
  const lockMs =
    integerOption(values['lock-seconds'], 'lock-seconds', 30, USAGE, { min: 1, max: 86_400 }) * 1000;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const url = values.queue!;
  const command = [process.execPath, process.argv[1]!];
  const worker = await startWorker({ connection, url, command, jobs, lockMs, log }).catch((e: unknown) => {
    if (e instanceof RunError) {
      process.stderr.write(`gdlkit arena-worker: ${e.message}\n`);
      return null;
    }
    throw e;
  });
  if (!worker) return EXIT.userError;
  process.stdout.write(`gdlkit arena-worker: playing matches from ${values.queue} (${jobs} at a time)\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await worker.stop();
  process.stdout.write('gdlkit arena-worker: stopped\n');
  return EXIT.ok;
}
