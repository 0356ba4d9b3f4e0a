import type { TermId } from '../terms/term-store.js';

/** Every joint move: the Cartesian product of the roles' legal move lists, in role order. */
export function jointMoves(legal: readonly (readonly TermId[])[]): TermId[][] {
  let result: TermId[][] = [[]];
  for (const moves of legal) {
    const next: TermId[][] = [];
    for (const prefix of result) for (const m of moves) next.push([...prefix, m]);
    result = next;
  }
  return result;
}
