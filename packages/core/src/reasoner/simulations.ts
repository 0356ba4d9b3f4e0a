import type { TermId } from '../terms/term-store.js';

/**
 * The playout policies of paper 03 (giga13-03, section 3): uniform random moves, MAST (Gibbs sampling over a
 * role's average move rewards, section 3.1) and NST (ε-greedy over the averages of move sequences of length
 * 1–3 across roles, section 3.2), each with the decay of section 4.
 */
export type PolicyKind = 'uniform' | 'mast' | 'nst';

export interface PolicySpec {
  readonly kind: PolicyKind;
  /** MAST's Gibbs temperature τ on the 0..100 reward scale (section 5.2 keeps CadiaPlayer's 10). */
  readonly tau?: number;
  /** NST's probability ε of a uniformly random move (section 5.2: 0.2). */
  readonly epsilon?: number;
  /** NST's visits k a sequence of length 2 or 3 needs before it counts (section 3.2: 7). */
  readonly threshold?: number;
  /** Decay factor γ in [0, 1] that `decay()` multiplies every count with; 1 (the default) keeps everything. */
  readonly gamma?: number;
  /** Most sequences of length 2, and of length 3, an NST table keeps per role (memory bound). */
  readonly maxEntries?: number;
}

/**
 * A policy's statistics, held on the engine's side of its boundary and updated in place by every
 * `simulate` call with all moves of each simulation (its prefix from the search root and its playout) and
 * the simulation's rewards (paper 03, section 3: the tree's moves and the playout's are both learnt).
 */
export interface PolicyTable {
  readonly spec: PolicySpec;
  /** Entries in the tables (the memory grows with it). */
  readonly size: number;
  /**
   * Index into `moves` of the move `role` would play after the joint moves `previous` (the last two joint
   * moves, flat `step * roleCount + role`, oldest first; fewer at the start of a game), drawn with `random`
   * in [0, 1). The tree uses it among a node's unvisited moves (paper 03, section 2, step 1).
   */
  choose(role: number, moves: readonly TermId[], previous: ArrayLike<TermId>, random: () => number): number;
  /** Learns from a simulation played outside `simulate` (e.g. one ending in the tree at a terminal state). */
  record(moves: ArrayLike<TermId>, steps: number, rewards: ArrayLike<number>): void;
  /** Multiplies every count by γ: run after each real move (section 4). */
  decay(): void;
  dispose(): void;
}

/**
 * Many simulations handed to the engine in one call. Simulation i starts in `starts[i]`; the joint moves
 * that led from the search root to it are `prefixMoves[prefixOffsets[i] .. prefixOffsets[i + 1])` (flat,
 * `step * roleCount + role`), the n-gram context of its first moves and learnt with its playout.
 */
export interface SimulationBatch<State> {
  readonly starts: readonly State[];
  readonly prefixMoves: Int32Array;
  /** `starts.length + 1` offsets into `prefixMoves`. */
  readonly prefixOffsets: Int32Array;
  /**
   * Per simulation, 1 where `starts[i]` is the state *before* the last joint move of its prefix: the engine
   * makes that joint move first (each move must be legal there, else a GdlkitError) and plays on from the state
   * it reaches, exactly as if that state had been the start (no draw, not counted in `depths`). The tree hands
   * a new leaf's simulation its parent's state this way, so the leaf's state is computed inside the engine and
   * not through a `nextState` call per leaf. Absent: every start is the state after its whole prefix.
   */
  readonly forcedFirstMove?: Uint8Array;
  readonly seed: number;
  /** A playout stops after this many joint moves; its goals are then those of the state reached. */
  readonly maxDepth: number;
  /** Return the playouts' joint moves (RAVE's all-moves-as-first values need them); default false. */
  readonly recordMoves?: boolean;
}

export interface SimulationResults {
  readonly count: number;
  /** Per simulation and role (`i * roleCount + r`), the goal value reached on 0..100; no value counts 0. */
  readonly goals: Float64Array;
  /** Joint moves made in each playout (after its prefix). */
  readonly depths: Int32Array;
  /** 1 where the playout was cut at `maxDepth` before a terminal state. */
  readonly truncated: Uint8Array;
  /**
   * With `recordMoves`: each playout's joint moves, flat, simulation i at
   * `moves[moveOffsets[i] .. moveOffsets[i + 1])`; otherwise empty.
   */
  readonly moves: Int32Array;
  readonly moveOffsets: Int32Array;
}
