// `gdlkit analyse --all-unique --property zero-sum` over every game of games/, resumable:
// `nice -n 19 node packages/analyse/bench/all-unique.mjs [--budget S] [--game-cap S] [--out DIR] [--commit C] [game...]`
// after `pnpm --filter @gdlkit/analyse build`. Games run smallest file first, one child process each; every
// proof result is appended to OUT/raw/GAME.jsonl as it arrives, and a game whose file ends with a `done` line
// is skipped on the next run (an unfinished one is started again). A game still running after --game-cap
// seconds (default 900) is stopped and recorded as cut off, with the results it had; the search itself stops
// starting proofs 2.5 budgets before the cap so that zero-sum is still tried. `node
// packages/analyse/bench/all-unique-table.mjs` turns OUT/raw into the published JSON and Markdown table.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gamesDirectory } from '@gdlkit/core/corpus';
import { formatProperty, GameAnalyser, parseProperty } from '../dist/index.js';

const { values, positionals } = parseArgs({
  options: {
    budget: { type: 'string', default: '30' },
    'game-cap': { type: 'string', default: '900' },
    out: { type: 'string', default: new URL('../data/all-unique', import.meta.url).pathname },
    // Recorded in every game's results (the data set says which code produced which rows).
    commit: { type: 'string', default: currentCommit() },
    child: { type: 'boolean' },
  },
  allowPositionals: true,
});
const budget = { seconds: Number(values.budget), memoryBytes: 2 ** 30 };

function currentCommit() {
  try {
    const here = new URL('.', import.meta.url).pathname;
    return execFileSync('git', ['-C', here, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** One result per line: the proof's outcome in the command line's JSON form. */
function line(r) {
  return {
    property: formatProperty(r.property),
    status: r.status,
    ...(r.method ? { method: r.method } : {}),
    seconds: Number(r.seconds.toFixed(3)),
    assumptions: r.assumptions.map(formatProperty),
    ...(r.jointlyWith ? { jointlyWith: r.jointlyWith.map(formatProperty) } : {}),
    ...(r.counterexample ? { case: r.counterexample.case } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
  };
}

async function runChild(name) {
  const write = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
  const started = performance.now();
  let analyser;
  try {
    analyser = GameAnalyser.load(readFileSync(join(gamesDirectory(), `${name}.kif`), 'utf8'), `${name}.kif`);
  } catch (e) {
    write({ loadError: String(e.message ?? e) });
    write({ done: true, seconds: 0 });
    return;
  }
  write({
    features: analyser.domain.features.map((f) => f.key),
    roles: analyser.game.roles?.length,
    commit: values.commit,
  });
  try {
    // The search stops starting proofs in time for zero-sum (two budgets: consequence/base, then the step)
    // to finish within the game's cap.
    const seconds = Math.max(budget.seconds, Number(values['game-cap']) - 2.5 * budget.seconds);
    const search = await analyser.searchUnique({ budget, seconds, onResult: (r) => write(line(r)) });
    if (search.stopped) write({ stopped: `search stopped after ${seconds} s, candidates left untried` });
    write(line(await analyser.prove(parseProperty('zero-sum'), search.proved, budget)));
  } finally {
    await analyser.close();
  }
  write({ done: true, seconds: Number(((performance.now() - started) / 1000).toFixed(2)) });
}

function runGame(name, file, cap) {
  return new Promise((resolve) => {
    writeFileSync(file, '');
    const child = spawn(process.execPath, [
        new URL(import.meta.url).pathname,
        '--child',
        '--budget',
        values.budget,
        '--game-cap',
        String(cap),
        '--commit',
        values.commit,
        name,
      ], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const l of lines) if (l.trim() !== '') appendFileSync(file, `${l}\n`);
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), cap * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!readFileSync(file, 'utf8').includes('"done":true')) {
        const why = signal === 'SIGKILL' ? `cut off after ${cap} s` : `exited ${code ?? signal}: ${stderr.trim().slice(-300)}`;
        appendFileSync(file, `${JSON.stringify({ cutOff: why })}\n${JSON.stringify({ done: true, seconds: cap })}\n`);
      }
      resolve();
    });
  });
}

if (values.child) {
  await runChild(positionals[0]);
} else {
  const raw = join(values.out, 'raw');
  mkdirSync(raw, { recursive: true });
  const dir = gamesDirectory();
  const names =
    positionals.length > 0
      ? positionals
      : readdirSync(dir)
          .filter((f) => f.endsWith('.kif'))
          .sort((a, b) => statSync(join(dir, a)).size - statSync(join(dir, b)).size)
          .map((f) => f.slice(0, -4));
  for (const name of names) {
    const file = join(raw, `${name}.jsonl`);
    if (existsSync(file) && readFileSync(file, 'utf8').includes('"done":true')) continue;
    const started = performance.now();
    await runGame(name, file, Number(values['game-cap']));
    process.stderr.write(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}
