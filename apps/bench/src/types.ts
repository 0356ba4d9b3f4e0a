import type { Game, Reasoner } from '@gdlkit/core';

export type Experiment = 'sim' | 'mc' | 'mm' | 'depth';
export const EXPERIMENTS: readonly Experiment[] = ['sim', 'mc', 'mm', 'depth'];

export interface MachineInfo {
  readonly cpu: string;
  readonly cores: number;
  readonly memory_bytes: number;
  readonly node: string;
  readonly platform: string;
  readonly swipl: string | null;
}

/** One game x backend x experiment cell; rates are null where the experiment does not measure them. */
export interface BenchResult {
  readonly game: string;
  readonly backend: string;
  readonly experiment: Experiment;
  /** Wall-clock seconds spent measuring (the cell's budget bounds it). */
  readonly seconds: number;
  readonly states_per_sec: number | null;
  readonly playouts_per_sec: number | null;
  readonly nodes_per_sec: number | null;
  readonly build_ms: number | null;
  /** Build time by phase, where the backend reports it (`buildPhases` on the reasoner). */
  readonly build_phases_ms: Readonly<Record<string, number>> | null;
  /** process.memoryUsage() growth over the build (heap + external), or the child's RSS for swipl. */
  readonly memory_bytes: number | null;
  /** Forward-chaining paper, Table 1: complete playouts in 30 s (scaled from the measured rate). */
  readonly playouts_30s: number | null;
  readonly states: number | null;
  readonly playouts: number | null;
  readonly nodes: number | null;
  /** depth: the fixed depth searched; its node count is `nodes`. */
  readonly depth: number | null;
  /** Why the cell has no numbers (build failed, unsupported experiment, ...). */
  readonly skipped: string | null;
}

export interface BenchReport {
  readonly machine: MachineInfo;
  readonly command: string;
  readonly date: string;
  readonly results: BenchResult[];
}

export interface SimCount {
  readonly states: number;
  readonly playouts: number;
  readonly ms: number;
}

/** A built engine for one game. `reasoner` is present for engines behind the Reasoner contract (MC/MM/depth). */
export interface BenchInstance {
  readonly reasoner?: Reasoner;
  /** Random playouts from the initial state for about `budgetMs`. */
  simulate(budgetMs: number, seed: number): Promise<SimCount>;
  /** Fixed-depth node count from the initial state, for engines without a reasoner. */
  perft?(depth: number): Promise<number>;
  /** Build phases the engine reports, in ms. */
  readonly buildPhases?: Readonly<Record<string, number>>;
  /** Memory the engine holds outside this process (a child's RSS), in bytes. */
  externalMemory?(): number | undefined;
  dispose(): void;
}

/** Something the bench can measure: a registered backend, the Prolog baseline, a hand-coded engine. */
export interface BenchEngine {
  readonly name: string;
  /** Why this engine cannot run here at all, if it cannot. */
  unavailable(): string | undefined;
  /** Whether the engine handles this game file (hand-coded engines know exactly their games). */
  handles(gamePath: string, game: Game): string | undefined;
  build(game: Game, gamePath: string, options: { buildTimeMs: number }): Promise<BenchInstance>;
}
