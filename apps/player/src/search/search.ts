import type { TermId } from '@gdlkit/core';

/** An anytime search the slice loop drives: one iteration per call, a legal answer at any moment. */
export interface Search {
  /**
   * Runs at least one and at most `most` simulations (default: as many as the search batches); false when
   * `deadline` (performance.now() ms) cut it short or nothing is left to search.
   */
  iterate(deadline: number, most?: number): boolean;
  /** The move to play now: always one of the player's legal (known-legal, in GDL-II) moves. */
  bestMove(): TermId;
  /** Completed simulations since the last real move. */
  readonly iterations: number;
}
