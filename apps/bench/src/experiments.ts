import { type Reasoner, Rng } from '@gdlkit/core';
import { type DriverCount, iterativeDeepening, monteCarlo } from './drivers.js';
import { makeRecordsInMemory, readRecords, walkRecord } from './records.js';
import type { BenchInstance, Experiment } from './types.js';

export interface ExperimentOptions {
  /** Budget of the whole cell, ms. */
  readonly budgetMs: number;
  /** MC/MM: time per record state (paper: 60 s); default: the cell budget spread over all record states. */
  readonly stateMs?: number;
  /** depth: fixed depth; default by game (paper 07: from 1 for Amazons up to 6 for TicTacToe). */
  readonly depth?: number;
  readonly seed: number;
}

export interface Measured {
  readonly ms: number;
  readonly states?: number;
  readonly playouts?: number;
  readonly nodes?: number;
  readonly depth?: number;
}

/** One slice of an experiment (slices of several engines are interleaved by the runner). */
export async function measure(
  instance: BenchInstance,
  gamePath: string,
  experiment: Experiment,
  options: ExperimentOptions,
): Promise<Measured> {
  if (experiment === 'sim') return instance.simulate(options.budgetMs, options.seed);
  if (experiment === 'depth') {
    const depth = options.depth ?? defaultDepth(gamePath);
    const t0 = performance.now();
    const nodes = instance.reasoner
      ? instance.reasoner.perft(instance.reasoner.initialState(), depth)
      : await instance.perft!(depth);
    return { ms: performance.now() - t0, nodes, depth };
  }
  const reasoner = instance.reasoner!;
  return alongRecords(reasoner, gamePath, experiment, options);
}

/** runTest of Figure 2: the algorithm from every state of the pre-recorded matches, then the recorded move. */
function alongRecords(
  reasoner: Reasoner,
  gamePath: string,
  experiment: 'mc' | 'mm',
  options: ExperimentOptions,
): Measured {
  const records = readRecords(gamePath) ?? makeRecordsInMemory(reasoner, 3, 200);
  // Without a per-state time (the paper's 60 s), the cell budget is spread over every state of every record,
  // at least 5 ms each, walking the records in seed order until the budget is spent.
  const states = records.reduce((n, r) => n + r.steps.length, 0);
  const stateMs = options.stateMs ?? Math.max(5, options.budgetMs / Math.max(1, states));
  const rng = new Rng(options.seed);
  const total: DriverCount = { nodes: 0, iterations: 0 };
  const t0 = performance.now();
  const end = t0 + options.budgetMs;
  outer: for (const record of records) {
    for (const { state } of walkRecord(reasoner, record)) {
      const now = performance.now();
      if (now >= end) break outer;
      const limits = { deadline: Math.min(end, now + stateMs) };
      const c =
        experiment === 'mc'
          ? monteCarlo(reasoner, state, limits, rng)
          : iterativeDeepening(reasoner, state, limits);
      total.nodes += c.nodes;
      total.iterations += c.iterations;
    }
  }
  return { ms: performance.now() - t0, nodes: total.nodes };
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
