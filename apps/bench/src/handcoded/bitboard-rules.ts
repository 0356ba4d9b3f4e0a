import type { GoalValue } from '@gdlkit/core';

/** Where one fluent lives on a board: bit `bit` of word `word`, and its KIF text in the game file. */
export interface FluentSlot {
  readonly word: number;
  readonly bit: number;
  readonly text: string;
}

/**
 * The rules of one game file written by hand on bitboards (Int32Array words). Moves are small integer codes;
 * every function works on a caller-owned board and buffer, so a playout allocates nothing. The functions
 * follow the GDL rules literally, also in states no match reaches (both or no `control` fluents, a cell held
 * by both colours), so that any state built from facts behaves as the GDL reasoners say.
 */
export interface BitboardRules {
  readonly file: string;
  /** The role names in the game's `role` order. */
  readonly roleNames: readonly string[];
  /** Int32 words per board. */
  readonly words: number;
  /** Upper bound of a role's legal move count (size of a move buffer). */
  readonly maxMoves: number;
  /** Every fluent the game can hold, each with its place on the board. */
  readonly fluents: readonly FluentSlot[];
  /** Every move code with its KIF text. */
  readonly moves: ReadonlyMap<number, string>;
  initial(board: Int32Array): void;
  /** Writes the legal move codes of `role` into `out` (in a fixed order) and returns how many there are. */
  legal(board: Int32Array, role: number, out: Int32Array): number;
  /** Writes the successor of `src` under the joint move `codes` (one code per role) into `dst`. */
  next(src: Int32Array, codes: Int32Array, dst: Int32Array): void;
  terminal(board: Int32Array): boolean;
  /** Every goal value the rules derive for `role` (GoalValue shape: one value, none, or several sorted). */
  goal(board: Int32Array, role: number): GoalValue;
  /** The largest derived goal value, 0 when none holds (core's goalNumber), without allocating. */
  goalNumber(board: Int32Array, role: number): number;
}

/** True when bit-board (lo, hi) has four set bits at distance `s` in a row (s and 2s below 32). */
export function hasRunOfFour(lo: number, hi: number, s: number): boolean {
  const ml = lo & ((lo >>> s) | (hi << (32 - s)));
  const mh = hi & (hi >>> s);
  const t = 2 * s;
  return ((ml & ((ml >>> t) | (mh << (32 - t)))) | (mh & (mh >>> t))) !== 0;
}
