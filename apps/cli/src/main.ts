import { analyse } from './commands/analyse.js';
import { arena } from './commands/arena.js';
import { arenaWorker } from './commands/arena-worker.js';
import { backends } from './commands/backends.js';
import { bench } from './commands/bench.js';
import { cache } from './commands/cache.js';
import { check } from './commands/check.js';
import { demo } from './commands/demo.js';
import { filter } from './commands/filter.js';
import { golden } from './commands/golden.js';
import { hyperplay } from './commands/hyperplay.js';
import { perf } from './commands/perf.js';
import { play } from './commands/play.js';
import { replay } from './commands/replay.js';
import { serve } from './commands/serve.js';
import { verify } from './commands/verify.js';
import { classify, EXIT } from './exit-codes.js';
import { COMMAND_HELP } from './help.js';

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  check: { run: check, summary: 'check FILE... [--strict] [--json]        validate game descriptions' },
  backends: {
    run: backends,
    summary: 'backends                                 list backends and whether they are available',
  },
  play: { run: play, summary: 'play FILE --backend NAME --seed N [--matches K] [--trace OUT.jsonl]' },
  replay: {
    run: replay,
    summary: 'replay FILE RECORD.jsonl --backend NAME  replay a match record, print the trace',
  },
  perf: { run: perf, summary: 'perf GAME_FILE RESULT_FILE SECONDS --backend NAME   the gdl-perf protocol' },
  golden: {
    run: golden,
    summary: 'golden [GAME...] [--backend prover]     regenerate the games/golden/ match records',
  },
  bench: {
    run: bench,
    summary:
      'bench [--games A,B] [--backends X,Y] [--experiment sim|mc|mm|depth] [--seconds S] [--json F] [--markdown F] [--svg F]',
  },
  serve: {
    run: serve,
    summary: 'serve [--host H] [--port P] [--backend NAME|auto] [--config FILE]   the GGP player',
  },
  analyse: {
    run: analyse,
    summary:
      'analyse FILE [--property P]... [--all-unique [--no-joint]] [--budget S] [--json] [--refute-with B --record F]   prove game properties (ASP)',
  },
  filter: {
    run: filter,
    summary: 'filter FILE --role R --seed N [--matches K] [--trace OUT.jsonl]   GDL-II knowledge of one role',
  },
  hyperplay: {
    run: hyperplay,
    summary:
      'hyperplay FILE --role R [--round "MOVE|PERCEPTS"]... [--method hyperplay|hyperplay-ii] [--resources N] [--repeats K]   move values (giga13-05 Tables 3, 4)',
  },
  arena: {
    run: arena,
    summary:
      'arena GAME --players SPEC,SPEC --matches N [--play S | --iterations K] [--jobs J] [--out DIR] [--queue URL]   matches between players',
  },
  'arena-worker': {
    run: arenaWorker,
    summary: 'arena-worker --queue redis://HOST:PORT [--jobs J]   play queued arena matches',
  },
  verify: {
    run: verify,
    summary:
      'verify FILE [--property NAME|FORMULA]... [--budget S] [--json]   model-check temporal/epistemic properties',
  },
  demo: {
    run: demo,
    summary: 'demo [FILE] [--seconds S]                random matches and throughput, every backend',
  },
  cache: {
    run: cache,
    summary: 'cache [--clear | --prune]                the propnet-wasm cache: where, what, how large',
  },
};

function help(): string {
  return `usage: gdlkit <command> [options]\n\n${Object.values(COMMANDS)
    .map((c) => `  gdlkit ${c.summary}`)
    .join('\n')}\n\ngdlkit <command> --help describes one command and its options.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`gdlkit: unknown command '${name}'\n${help()}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${COMMAND_HELP[name]}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    const { code, message } = classify(e);
    process.stderr.write(`gdlkit ${name}: ${message}\n`);
    return code;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`gdlkit: ${classify(e).message}\n`);
    process.exitCode = EXIT.userError;
  },
);
