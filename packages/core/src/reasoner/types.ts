import type { Game } from '../game/game.js';
import type { TermId } from '../terms/term-store.js';
import type { PolicySpec, PolicyTable, SimulationBatch, SimulationResults } from './simulations.js';

/**
 * A role's goal value in a state: the value, `null` when no goal value holds, or the sorted values when the
 * rules derive several (ill-formed games exist; report what the rules say).
 */
export type GoalValue = number | null | readonly number[];

export interface PlayoutOptions {
  readonly count: number;
  readonly seed: number;
  /** A playout is cut after this many moves (default 10 000); cut playouts are counted in `truncated`. */
  readonly maxDepth?: number;
}

export interface PlayoutStats {
  readonly playouts: number;
  /** Every visited state, each playout's start state included (the gdl-perf count). */
  readonly states: number;
  /** Sum over playouts of the number of joint moves made. */
  readonly totalDepth: number;
  readonly minDepth: number;
  readonly maxDepth: number;
  /** Per role, the sum of its goal values in the final states (a missing value counts as 0). */
  readonly goalSums: readonly number[];
  readonly truncated: number;
}

/** What a backend can do beyond the required surface; the conformance kit skips by flag. */
export interface Capabilities {
  /** Answers `sees` (GDL-II percepts). */
  readonly gdl2: boolean;
  /** `playouts` runs in the backend's own loop (not the generic one in core). */
  readonly batchPlayouts: boolean;
  /** `perft` runs in the backend's own loop. */
  readonly batchPerft: boolean;
  /** Batch paths can use several threads. */
  readonly threads: boolean;
  /**
   * `simulate` runs in the backend's own loop with its own policy tables (absent: false, the generic loop in
   * core over the TypeScript reference tables).
   */
  readonly policySimulations?: boolean;
}

/**
 * The one interface every backend implements. Roles are addressed by index into `roles`; moves and facts are
 * term ids of `game.store`; a joint move lists one move per role in role order. `State` is opaque.
 */
export interface Reasoner<State = unknown> {
  readonly backend: string;
  readonly game: Game;
  readonly roles: readonly TermId[];
  readonly capabilities: Capabilities;
  initialState(): State;
  /** The legal moves of a role, without duplicates, in the backend's own order. */
  legalMoves(state: State, role: number): readonly TermId[];
  isTerminal(state: State): boolean;
  goal(state: State, role: number): GoalValue;
  goals(state: State): GoalValue[];
  /**
   * Throws IllegalMoveError when a move is not legal for its role, and a GdlkitError with code ILLEGAL_MOVE
   * when the joint move does not have one move per role (see assertJointMoveArity).
   */
  nextState(state: State, jointMove: readonly TermId[]): State;
  /** Percepts of `role` after `jointMove` in `state` (GDL-II); empty for games without `sees`. */
  sees(state: State, jointMove: readonly TermId[], role: number): readonly TermId[];
  /** The fluents that hold, as terms without the `true` wrapper, in no particular order. */
  stateToFacts(state: State): readonly TermId[];
  stateFromFacts(facts: readonly TermId[]): State;
  /** Uniform random playouts from `state`. */
  playouts(state: State, options: PlayoutOptions): PlayoutStats;
  /** Nodes of the full game tree to `depth` joint moves: every visited state counts once (paper 07, 4.1). */
  perft(state: State, depth: number): number;
  /**
   * A playout policy's statistics on this backend's side of its boundary (paper 03: uniform, MAST, NST with
   * decay); throws a GdlkitError when a field of `spec` is out of range.
   */
  createPolicy(spec: PolicySpec): PolicyTable;
  /**
   * Runs every simulation of `batch` under `policy` and learns each one's moves (prefix and playout) with its
   * rewards into the table. A table of another backend is accepted and used through its interface (slower).
   */
  simulate(batch: SimulationBatch<State>, policy: PolicyTable): SimulationResults;
  dispose(): void;
}

export interface BackendOptions {
  /** Milliseconds a backend may spend building (grounding, compiling). */
  readonly buildTimeMs?: number;
  /** Bytes a backend may use for its tables. */
  readonly memoryBytes?: number;
  /**
   * Milliseconds one query (initialState, legalMoves, nextState, goal, ...) may take in a backend whose queries
   * are not bounded by its build (the prover); past it the query throws BudgetExceededError.
   */
  readonly queryTimeMs?: number;
  /**
   * Where backends tried in turn for the same game leave what they built for the next: auto passes one per
   * call, so the three propnet backends ground a game once. Without it each backend builds on its own, and the
   * build time and memory measured per backend (bench) stay its own.
   */
  readonly sharedBuilds?: Map<string, unknown>;
  /** Backend-specific settings. */
  readonly [key: string]: unknown;
}

export type Availability =
  | { readonly available: true }
  | { readonly available: false; readonly reason: string };

export interface Backend {
  readonly name: string;
  readonly description: string;
  readonly capabilities: Capabilities;
  /** Whether the backend can run on this machine at all (e.g. a native binary was found). */
  availability(): Availability;
  create(game: Game, options?: BackendOptions): Promise<Reasoner>;
}
