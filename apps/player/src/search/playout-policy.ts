import type { Rng, TermId } from '@gdlkit/core';
import type { MoveHistory } from './move-history.js';

/**
 * How a simulation picks moves: in the playout, and among the unvisited moves of a tree node (paper 03,
 * section 2, step 1). `record` learns from a finished simulation; `decay` runs after each real move.
 */
export interface PlayoutPolicy {
  readonly name: string;
  /** Entries in the policy's tables (its memory grows with it). */
  readonly size: number;
  /** Index into `moves` of the move `role` plays next, given the moves played so far in `history`. */
  choose(role: number, moves: readonly TermId[], history: MoveHistory, rng: Rng): number;
  /** Learns from a simulation that ended with `rewards` (0..100 per role). */
  record(history: MoveHistory, rewards: ArrayLike<number>): void;
  /** Discounts the statistics after a move in the actual game (paper 03, section 4). */
  decay(): void;
}

export class RandomPolicy implements PlayoutPolicy {
  readonly name = 'random';
  readonly size = 0;

  choose(_role: number, moves: readonly TermId[], _history: MoveHistory, rng: Rng): number {
    return rng.nextInt(moves.length);
  }

  record(): void {}

  decay(): void {}
}
