import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { createDefaultRegistry, loadAll } from '@gdlkit/backends';
import { GdlkitError } from '@gdlkit/core';
import { allGames, BENCH_GAMES } from './games.js';
import { handcodedEngine } from './handcoded/handcoded-engine.js';
import { machineInfo } from './machine-info.js';
import { reasonerEngine } from './reasoner-engine.js';
import { renderMarkdown } from './render-markdown.js';
import { renderSvg } from './render-svg.js';
import { runBench } from './run-bench.js';
import { selectByPatterns, unmatchedPatterns } from './select.js';
import { swiplEngine } from './swipl/engine.js';
import { type BenchEngine, type BenchReport, EXPERIMENTS, type Experiment } from './types.js';

export const BENCH_USAGE =
  'gdlkit bench [--games A,B] [--backends X,Y] [--experiment sim|mc|mm|depth] [--seconds S] [--json F] [--markdown F] [--svg F] [--state-seconds S] [--depth D]';

/** Bad command-line usage (exit code 2 in the CLI). */
export class BenchUsageError extends Error {
  constructor(message: string) {
    super(`${message}\nusage: ${BENCH_USAGE}`);
    this.name = 'BenchUsageError';
  }
}

/**
 * Every engine the bench knows: the registered backends (not `auto`), the hand-coded Connect4 and
 * Breakthrough engines, then the swipl baseline.
 */
export async function benchEngines(): Promise<BenchEngine[]> {
  const registry = createDefaultRegistry();
  await loadAll(registry);
  const engines = registry
    .list()
    .filter((b) => b.name !== 'auto')
    .map(reasonerEngine);
  return [...engines, handcodedEngine(), swiplEngine()];
}

/** `gdlkit bench`: runs the selected cells, prints Markdown on stdout and writes the requested files. */
export async function benchCommand(args: string[], engines?: BenchEngine[]): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        games: { type: 'string' },
        backends: { type: 'string' },
        experiment: { type: 'string' },
        seconds: { type: 'string' },
        json: { type: 'string' },
        markdown: { type: 'string' },
        svg: { type: 'string' },
        'state-seconds': { type: 'string' },
        depth: { type: 'string' },
      },
    }).values as Record<string, string | undefined>;
  } catch (e) {
    throw new BenchUsageError((e as Error).message);
  }
  const experiments = (values.experiment ?? 'sim').split(',').map((e) => e.trim()) as Experiment[];
  for (const e of experiments)
    if (!EXPERIMENTS.includes(e)) throw new BenchUsageError(`unknown experiment '${e}'`);
  const seconds = positive(values.seconds, 'seconds', 2);
  const available = engines ?? (await benchEngines());
  const names = available.map((e) => e.name);
  const missing = unmatchedPatterns(names, values.backends);
  if (missing.length > 0) {
    throw new GdlkitError(
      'UNKNOWN_BACKEND',
      `unknown backend '${missing.join("', '")}'; known: ${names.join(', ')}`,
    );
  }
  const chosen = selectByPatterns(names, values.backends).map((n) => available.find((e) => e.name === n)!);
  const gameNames = allGames();
  const short = gameNames.map((g) => g.replace(/\.kif$/, ''));
  const missingGames = unmatchedPatterns(short, values.games);
  if (missingGames.length > 0)
    throw new GdlkitError('BAD_TERM', `no game matches '${missingGames.join("', '")}' in games/`);
  const games =
    values.games === undefined ? BENCH_GAMES : selectByPatterns(short, values.games).map((g) => `${g}.kif`);
  const stateSeconds =
    values['state-seconds'] === undefined ? undefined : positive(values['state-seconds'], 'state-seconds', 1);
  const depth = values.depth === undefined ? undefined : positive(values.depth, 'depth', 1);
  const results = await runBench({
    games,
    engines: chosen,
    experiments,
    seconds,
    ...(stateSeconds !== undefined ? { stateMs: stateSeconds * 1000 } : {}),
    ...(depth !== undefined ? { depth } : {}),
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  const report: BenchReport = {
    machine: machineInfo(),
    command: `gdlkit bench ${args.join(' ')}`.trim(),
    date: new Date().toISOString(),
    results,
  };
  const markdown = renderMarkdown(report);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  if (values.markdown) writeFileSync(values.markdown, markdown);
  if (values.svg) writeFileSync(values.svg, renderSvg(report));
  process.stdout.write(markdown);
  const written = [values.json, values.markdown, values.svg].filter((f): f is string => f !== undefined);
  if (written.length > 0) process.stderr.write(`wrote ${written.map((f) => basename(f)).join(', ')}\n`);
  return 0;
}

function positive(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!(n > 0)) throw new BenchUsageError(`--${name} must be a positive number, got '${text}'`);
  return n;
}
