import type { TermId } from '@gdlkit/core';

/**
 * What a GDL-II player knows about the true state from its own moves and percepts. The filter backend will
 * implement this over knowledge states (B+, B0); EnumeratingTracker implements it by enumeration meanwhile.
 */
export interface KnowledgeTracker<S = unknown> {
  /** Takes in the player's own move of the last turn and the percepts that joint move produced. */
  update(ownMove: TermId, percepts: readonly TermId[], deadline?: number): void;
  /** Moves legal in every state the player considers possible (empty when none is, or nothing is known). */
  knownLegalMoves(): readonly TermId[];
  /** Up to `n` states consistent with everything perceived, drawn at random. */
  sampleStates(n: number): S[];
  /** True while the tracked states are all the states consistent with the percepts (nothing was cut). */
  readonly complete: boolean;
  /** Number of states tracked. */
  readonly size: number;
}
