import type { TermId } from '../terms/term-store.js';

/**
 * Every joint move: the Cartesian product of the roles' legal move lists, in role order, last role fastest.
 * Lazy, because the product can be far larger than memory (gt_two_thirds_4p: 101^4 joint moves from the
 * initial state) while a caller such as a time-limited search only visits a prefix. Each joint move is a
 * fresh array the caller may keep.
 */
export function* jointMoves(legal: readonly (readonly TermId[])[]): Generator<TermId[], void, undefined> {
  if (legal.some((moves) => moves.length === 0)) return;
  const index = new Array<number>(legal.length).fill(0);
  for (;;) {
    yield index.map((i, r) => legal[r]![i]!);
    let r = legal.length - 1;
    while (r >= 0 && ++index[r]! === legal[r]!.length) index[r--] = 0;
    if (r < 0) return;
  }
}

/** How many joint moves `legal` has (a number, possibly beyond 2^53 in precision, never materialised). */
export function jointMoveCount(legal: readonly (readonly TermId[])[]): number {
  return legal.reduce((product, moves) => product * moves.length, 1);
}
