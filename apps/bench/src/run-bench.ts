import { BackendUnavailableError, BudgetExceededError, type Game, UnsupportedError } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { type Measured, measureInterleaved } from './experiments.js';
import type { BenchEngine, BenchInstance, BenchResult, Experiment } from './types.js';

export interface BenchOptions {
  /** Game paths relative to games/. */
  readonly games: readonly string[];
  readonly engines: readonly BenchEngine[];
  readonly experiments: readonly Experiment[];
  /** Bound of each game x backend x experiment cell. */
  readonly seconds: number;
  readonly stateMs?: number;
  readonly depth?: number;
  readonly buildTimeMs?: number;
  /** Engines take turns so all run under the same load: sim slices, depth rounds (MC/MM go state by state). */
  readonly slices?: number;
  readonly seed?: number;
  readonly progress?: (line: string) => void;
}

interface Built {
  readonly engine: BenchEngine;
  readonly instance?: BenchInstance;
  readonly skipped?: string;
  readonly buildMs?: number;
  readonly memory?: number;
}

/** Runs every cell; a cell that cannot run is a result with `skipped` set, never an exception. */
export async function runBench(options: BenchOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const progress = options.progress ?? (() => {});
  const budgetMs = options.seconds * 1000;
  const started = performance.now();
  for (const [gi, gamePath] of options.games.entries()) {
    // The games done so far give the estimate: their mean time for each game left.
    const perGame = gi === 0 ? 0 : (performance.now() - started) / gi;
    const left =
      gi === 0 ? '' : ` (about ${Math.round((perGame * (options.games.length - gi)) / 1000)} s left)`;
    const where = `[${gi + 1}/${options.games.length}] ${gamePath}${left}`;
    let game: Game;
    try {
      game = loadCorpusGame(gamePath);
    } catch (e) {
      for (const engine of options.engines)
        for (const experiment of options.experiments)
          results.push(empty(gamePath, engine.name, experiment, `game does not load: ${message(e)}`));
      continue;
    }
    const built: Built[] = [];
    for (const engine of options.engines) {
      progress(`${where}: building ${engine.name}`);
      built.push(await build(engine, game, gamePath, options.buildTimeMs ?? 60_000));
    }
    for (const experiment of options.experiments) {
      progress(
        `${where}: ${experiment} on ${built
          .filter((b) => b.instance)
          .map((b) => b.engine.name)
          .join(', ')}`,
      );
      const measured = await measureInterleaved(
        built.map((b) => b.instance),
        built.map((b) => b.engine.name),
        gamePath,
        experiment,
        {
          budgetMs,
          seed: options.seed ?? 1,
          ...(options.stateMs !== undefined ? { stateMs: options.stateMs } : {}),
          ...(options.depth !== undefined ? { depth: options.depth } : {}),
          slices: options.slices ?? 5,
        },
      );
      for (const [i, b] of built.entries()) {
        const m = measured[i];
        if (b.skipped !== undefined || !m || typeof m === 'string') {
          results.push(
            empty(gamePath, b.engine.name, experiment, b.skipped ?? (m as string) ?? 'not run', b),
          );
        } else {
          results.push(toResult(gamePath, b, experiment, m));
        }
      }
    }
    for (const b of built) b.instance?.dispose();
  }
  return results;
}

async function build(engine: BenchEngine, game: Game, gamePath: string, buildTimeMs: number): Promise<Built> {
  const unavailable = engine.unavailable() ?? engine.handles(gamePath, game);
  if (unavailable !== undefined) return { engine, skipped: unavailable };
  collectGarbage();
  const before = heapBytes();
  const t0 = performance.now();
  try {
    const instance = await engine.build(game, gamePath, { buildTimeMs });
    const buildMs = performance.now() - t0;
    collectGarbage();
    const memory = instance.externalMemory?.() ?? Math.max(0, heapBytes() - before);
    return { engine, instance, buildMs, memory };
  } catch (e) {
    const typed =
      e instanceof BudgetExceededError ||
      e instanceof UnsupportedError ||
      e instanceof BackendUnavailableError;
    return { engine, skipped: `${typed ? '' : 'build failed: '}${message(e)}` };
  }
}

function toResult(game: string, b: Built, experiment: Experiment, m: Measured): BenchResult {
  const seconds = m.ms / 1000;
  const rate = (n: number | undefined) => (n === undefined || seconds <= 0 ? null : Math.round(n / seconds));
  const playoutsPerSec = rate(m.playouts);
  return {
    ...empty(game, b.engine.name, experiment, null, b),
    seconds: round3(seconds),
    states_per_sec: rate(m.states),
    playouts_per_sec: playoutsPerSec,
    nodes_per_sec: rate(m.nodes ?? m.states),
    playouts_30s: playoutsPerSec === null ? null : Math.round((m.playouts! / seconds) * 30),
    states: m.states ?? null,
    playouts: m.playouts ?? null,
    nodes: m.nodes ?? m.states ?? null,
    depth: m.depth ?? null,
  };
}

function empty(
  game: string,
  backend: string,
  experiment: Experiment,
  skipped: string | null,
  b?: Built,
): BenchResult {
  return {
    game,
    backend,
    experiment,
    seconds: 0,
    states_per_sec: null,
    playouts_per_sec: null,
    nodes_per_sec: null,
    build_ms: b?.buildMs === undefined ? null : round3(b.buildMs),
    build_phases_ms: b?.instance?.buildPhases ?? null,
    memory_bytes: b?.memory ?? null,
    playouts_30s: null,
    states: null,
    playouts: null,
    nodes: null,
    depth: null,
    skipped,
  };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function heapBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function message(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0] ?? text;
}
