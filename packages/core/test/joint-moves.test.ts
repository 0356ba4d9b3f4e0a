import { describe, expect, it } from 'vitest';
import { jointMoveCount, jointMoves } from '../src/index.js';

describe('jointMoves', () => {
  it('enumerates the product in role order, last role fastest', () => {
    expect([...jointMoves([[1, 2], [3], [4, 5]])]).toEqual([
      [1, 3, 4],
      [1, 3, 5],
      [2, 3, 4],
      [2, 3, 5],
    ]);
  });

  it('yields one empty joint move for no roles and none when a role has no move', () => {
    expect([...jointMoves([])]).toEqual([[]]);
    expect([...jointMoves([[1, 2], []])]).toEqual([]);
  });

  it('is lazy: the first joint moves of a product far beyond memory come at once (gt_two_thirds_6p)', () => {
    // Regression: the eager version built all 101^6 arrays and the cross-suite's perft died of SIGABRT.
    const numbers = Array.from({ length: 101 }, (_, i) => i);
    const legal = Array.from({ length: 6 }, () => numbers);
    const it = jointMoves(legal);
    expect(it.next().value).toEqual([0, 0, 0, 0, 0, 0]);
    expect(it.next().value).toEqual([0, 0, 0, 0, 0, 1]);
    expect(jointMoveCount(legal)).toBe(101 ** 6);
  });

  it('gives fresh arrays the caller may keep', () => {
    const all = [...jointMoves([[1, 2]])];
    expect(all[0]).not.toBe(all[1]);
  });
});
