// The experiments of one game, run on every built engine in turn so that all of them are measured under the
// same machine load: sim in time slices, MC/MM state by state along the match records, depth in rounds.
import { type Reasoner, Rng } from '@gdlkit/core';
import { type DriverCount, iterativeDeepening, monteCarlo } from './drivers.js';
import { makeRecordsInMemory, readRecords, walkRecord } from './records.js';
import type { BenchInstance, Experiment } from './types.js';

export interface ExperimentOptions {
  /** Budget of each engine's cell, ms. */
  readonly budgetMs: number;
  /** MC/MM: time per record state (paper: 60 s); default: the cell budget spread over all record states. */
  readonly stateMs?: number;
  /** depth: fixed depth; default by game (paper 07: from 1 for Amazons up to 6 for TicTacToe). */
  readonly depth?: number;
  readonly seed: number;
  /** sim: the budget is cut into this many slices; depth: at most this many rounds. */
  readonly slices: number;
}

export interface Measured {
  readonly ms: number;
  readonly states?: number;
  readonly playouts?: number;
  readonly nodes?: number;
  readonly depth?: number;
}

/** Per engine: its measurement, why it could not be measured, or undefined when it was not built. */
export type Outcome = Measured | string | undefined;

/** Runs one experiment on every instance (undefined = not built), interleaved. */
export async function measureInterleaved(
  instances: readonly (BenchInstance | undefined)[],
  names: readonly string[],
  gamePath: string,
  experiment: Experiment,
  options: ExperimentOptions,
): Promise<Outcome[]> {
  if (experiment === 'sim') return simSlices(instances, options);
  if (experiment === 'depth') return depthRounds(instances, names, gamePath, options);
  const reasoners = instances.map((instance, i) => {
    if (!instance) return undefined;
    return (
      instance.reasoner ?? `${experiment} needs the Reasoner primitives; ${names[i]} runs sim and depth only`
    );
  });
  return alongRecords(reasoners, gamePath, experiment, options);
}

async function simSlices(instances: readonly (BenchInstance | undefined)[], options: ExperimentOptions) {
  const out: Outcome[] = instances.map((b) => (b ? { ms: 0, states: 0, playouts: 0 } : undefined));
  const sliceMs = options.budgetMs / options.slices;
  for (let k = 0; k < options.slices; k++) {
    for (const [i, instance] of instances.entries()) {
      const acc = out[i];
      if (!instance || typeof acc !== 'object') continue;
      try {
        const m = await instance.simulate(sliceMs, options.seed + k * 7919);
        out[i] = { ms: acc.ms + m.ms, states: acc.states! + m.states, playouts: acc.playouts! + m.playouts };
      } catch (e) {
        out[i] = `simulation failed: ${message(e)}`;
      }
    }
  }
  return out;
}

/**
 * Fixed-depth node counts (paper 07, section 4.4) in rounds: each engine searches once per round while its
 * budget lasts (at least once); the result is one search's count and mean time. Correct reasoners count the
 * same; an engine that does not is reported.
 */
async function depthRounds(
  instances: readonly (BenchInstance | undefined)[],
  names: readonly string[],
  gamePath: string,
  options: ExperimentOptions,
): Promise<Outcome[]> {
  const depth = options.depth ?? defaultDepth(gamePath);
  const out: Outcome[] = instances.map((b, i) =>
    b && !b.reasoner && !b.perft ? `${names[i]} has no fixed-depth search` : undefined,
  );
  const totals = instances.map(() => ({ ms: 0, rounds: 0 }));
  // The count of one search: correct reasoners agree on it, and it is the same in every round.
  const counts: (number | undefined)[] = instances.map(() => undefined);
  for (let round = 0; round < options.slices; round++) {
    for (const [i, instance] of instances.entries()) {
      if (!instance || typeof out[i] === 'string') continue;
      if (round > 0 && totals[i]!.ms >= options.budgetMs) continue;
      try {
        const t0 = performance.now();
        const nodes = instance.reasoner
          ? instance.reasoner.perft(instance.reasoner.initialState(), depth)
          : await instance.perft!(depth);
        totals[i]!.ms += performance.now() - t0;
        totals[i]!.rounds++;
        counts[i] ??= nodes;
        // One search's count and its mean time: the rate is the same, and the count is comparable.
        out[i] = { ms: totals[i]!.ms / totals[i]!.rounds, nodes, depth };
      } catch (e) {
        out[i] = `depth failed: ${message(e)}`;
      }
    }
  }
  const reference = counts.findIndex((n, i) => n !== undefined && typeof out[i] === 'object');
  for (const [i, n] of counts.entries()) {
    if (n !== undefined && typeof out[i] === 'object' && n !== counts[reference]) {
      out[i] = `depth ${depth}: ${n} nodes where ${names[reference]} counts ${counts[reference]}`;
    }
  }
  return out;
}

/**
 * runTest of Figure 2 for several engines: from every state of the pre-recorded matches, each engine runs
 * the algorithm in turn for the same time, then all follow the recorded move.
 */
function alongRecords(
  reasoners: readonly (Reasoner | string | undefined)[],
  gamePath: string,
  experiment: 'mc' | 'mm',
  options: ExperimentOptions,
): Outcome[] {
  const first = reasoners.find((r): r is Reasoner => typeof r === 'object');
  const out: Outcome[] = reasoners.map((r) => (typeof r === 'object' ? { ms: 0, nodes: 0 } : r));
  if (!first) return out;
  const records = readRecords(gamePath) ?? makeRecordsInMemory(first, 3, 200);
  // Without a per-state time (the paper's 60 s), each engine's budget is spread over every state of every
  // record, at least 5 ms each, walking the records in seed order until the budgets are spent.
  const states = records.reduce((n, r) => n + r.steps.length, 0);
  const stateMs = options.stateMs ?? Math.max(5, options.budgetMs / Math.max(1, states));
  const rngs = reasoners.map(() => new Rng(options.seed));
  const used = reasoners.map(() => 0);
  const totals = reasoners.map((): DriverCount => ({ nodes: 0, iterations: 0 }));
  const active = () =>
    reasoners.some(
      (r, i) => typeof r === 'object' && typeof out[i] === 'object' && used[i]! < options.budgetMs,
    );
  for (const record of records) {
    if (!active()) break;
    const walks = reasoners.map((r) => (typeof r === 'object' ? walkRecord(r, record) : undefined));
    for (;;) {
      let walked = false;
      for (const [i, walk] of walks.entries()) {
        if (!walk || typeof out[i] !== 'object') continue;
        try {
          const next = walk.next();
          if (next.done) continue;
          walked = true;
          if (used[i]! >= options.budgetMs) continue;
          const reasoner = reasoners[i] as Reasoner;
          const t0 = performance.now();
          const limits = { deadline: t0 + Math.min(stateMs, options.budgetMs - used[i]!) };
          const c =
            experiment === 'mc'
              ? monteCarlo(reasoner, next.value.state, limits, rngs[i]!)
              : iterativeDeepening(reasoner, next.value.state, limits);
          used[i]! += performance.now() - t0;
          totals[i]!.nodes += c.nodes;
          totals[i]!.iterations += c.iterations;
        } catch (e) {
          out[i] = `${experiment} failed: ${message(e)}`;
        }
      }
      if (!walked || !active()) break;
    }
  }
  return out.map((m, i) => (typeof m === 'object' ? { ms: used[i]!, nodes: totals[i]!.nodes } : m));
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

const DEPTHS: Record<string, number> = {
  'tictactoe.kif': 5,
  'connectfour.kif': 4,
  'breakthrough.kif': 3,
  'skirmish.kif': 2,
  'othello-comp2007.kif': 3,
  'amazons_8x8.kif': 1,
  'amazons.kif': 1,
};

export function defaultDepth(gamePath: string): number {
  if (DEPTHS[gamePath] !== undefined) return DEPTHS[gamePath]!;
  return gamePath.startsWith('chinesecheckers') ? 3 : 2;
}
