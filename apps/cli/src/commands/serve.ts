import { GgpPlayer, loadPlayerConfig, type PlayerConfig } from '@gdlkit/player';
import { EXIT, UsageError } from '../exit-codes.js';
import { integerOption, parseOptions } from '../options.js';

const USAGE =
  'gdlkit serve [--host H] [--port P] [--backend NAME|auto] [--config FILE] [--margin MS] [--policy nst|mast|random] [--verbose] [--exit-with-stdin]';

/** The GGP player: listens until SIGINT or SIGTERM, then stops cleanly. */
export async function serve(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      host: { type: 'string' },
      port: { type: 'string' },
      backend: { type: 'string' },
      config: { type: 'string' },
      margin: { type: 'string' },
      policy: { type: 'string' },
      verbose: { type: 'boolean' },
      'exit-with-stdin': { type: 'boolean' },
    },
    USAGE,
  );
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${USAGE}`);
  const policy = values.policy;
  if (policy !== undefined && policy !== 'nst' && policy !== 'mast' && policy !== 'random') {
    throw new UsageError(`--policy must be nst, mast or random\nusage: ${USAGE}`);
  }
  let config: PlayerConfig = {};
  try {
    if (values.config) config = loadPlayerConfig(values.config);
  } catch (e) {
    process.stderr.write(`gdlkit serve: ${(e as Error).message}\n`);
    return EXIT.userError;
  }
  const player = new GgpPlayer({
    host: values.host,
    port: integerOption(values.port, 'port', 9147, USAGE, { min: 0, max: 65_535 }),
    backend: values.backend,
    config,
    marginMs:
      values.margin === undefined
        ? undefined
        : integerOption(values.margin, 'margin', 500, USAGE, { min: 0, max: 60_000 }),
    verbose: values.verbose ?? false,
    search: policy ? { policy } : {},
  });
  let url: string;
  try {
    ({ url } = await player.listen());
  } catch (e) {
    // The match worker started before listening would keep this process alive: stop it, then report.
    await player.close();
    throw e;
  }
  process.stdout.write(`gdlkit player listening on ${url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (values['exit-with-stdin']) {
      // A parent that starts players (the arena) holds their stdin: when it dies, however it dies, they stop.
      process.stdin.once('end', stop);
      process.stdin.once('close', stop);
      process.stdin.resume();
    }
  });
  await player.close();
  process.stdout.write('gdlkit player stopped\n');
  return EXIT.ok;
}
