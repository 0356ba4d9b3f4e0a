import {
  BackendUnavailableError,
  BudgetExceededError,
  type Game,
  loadCorpusGame,
  UnsupportedError,
} from '@gdlkit/core';
import { type ExperimentOptions, type Measured, measure } from './experiments.js';
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
  /** The sim budget is cut into this many slices taken by the engines in turn, so all run under the same load. */
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
  for (const [gi, gamePath] of options.games.entries()) {
    const where = `[${gi + 1}/${options.games.length}] ${gamePath}`;
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
      const measured = await measureAll(built, gamePath, experiment, {
        budgetMs,
        seed: options.seed ?? 1,
        ...(options.stateMs !== undefined ? { stateMs: options.stateMs } : {}),
        ...(options.depth !== undefined ? { depth: options.depth } : {}),
        slices: options.slices ?? 5,
      });
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

/** Measures one experiment on every built engine; sim is interleaved slice by slice. */
async function measureAll(
  built: readonly Built[],
  gamePath: string,
  experiment: Experiment,
  options: ExperimentOptions & { slices: number },
): Promise<(Measured | string | undefined)[]> {
  const out: (Measured | string | undefined)[] = built.map((b) => {
    if (!b.instance) return undefined;
    if (experiment !== 'sim' && experiment !== 'depth' && !b.instance.reasoner)
      return `${experiment} needs the Reasoner primitives; ${b.engine.name} runs sim and depth only`;
    if (experiment === 'depth' && !b.instance.reasoner && !b.instance.perft)
      return `${b.engine.name} has no fixed-depth search`;
    return experiment === 'sim' ? { ms: 0, states: 0, playouts: 0 } : undefined;
  });
  if (experiment === 'sim') {
    const sliceMs = options.budgetMs / options.slices;
    for (let k = 0; k < options.slices; k++) {
      for (const [i, b] of built.entries()) {
        const acc = out[i];
        if (!b.instance || typeof acc !== 'object') continue;
        try {
          const m = await b.instance.simulate(sliceMs, options.seed + k * 7919);
          out[i] = {
            ms: acc.ms + m.ms,
            states: acc.states! + m.states,
            playouts: acc.playouts! + m.playouts,
          };
        } catch (e) {
          out[i] = `simulation failed: ${message(e)}`;
        }
      }
    }
    return out;
  }
  for (const [i, b] of built.entries()) {
    if (!b.instance || typeof out[i] === 'string') continue;
    try {
      out[i] = await measure(b.instance, gamePath, experiment, options);
    } catch (e) {
      out[i] = `${experiment} failed: ${message(e)}`;
    }
  }
  return out;
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
