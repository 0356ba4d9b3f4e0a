import { Rng } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { bestAverage, bestAverageSlots, forgetBestAverages, scoreMove } from '../src/search/best-average.js';
import type { NodeStats } from '../src/search/uct-node.js';

/** A node of two roles with 3 and 1 moves, its run at `base` in a larger array. */
function node(base: number): NodeStats {
  const size = 4;
  return {
    legal: [[1, 2, 3], [4]],
    offsets: Int32Array.from([0, 3, 4]),
    size,
    values: new Float64Array(base + 3 * size + bestAverageSlots(2) + 5),
    base,
  };
}

/** Qmax by a full scan of the scored moves (paper 02: 0 before any). */
function scanned({ offsets, size, values, base }: NodeStats, role: number): number {
  let best = 0;
  for (let at = base + offsets[role]!; at < base + offsets[role + 1]!; at++) {
    const n = values[2 * size + at]!;
    if (n > 0) best = Math.max(best, values[size + at]! / n);
  }
  return best;
}

describe("paper 02's Qmax kept by the backups", () => {
  it('follows hand-computed backups, scanning again only when the best average falls', () => {
    const stats = node(7);
    expect(bestAverage(stats, 0)).toBe(0);
    scoreMove(stats, 0, 1, 50); // move 1: 50
    expect(bestAverage(stats, 0)).toBe(50);
    scoreMove(stats, 0, 2, 100); // move 2: 100, the best
    expect(bestAverage(stats, 0)).toBe(100);
    scoreMove(stats, 0, 2, 0); // move 2 falls to 50: unknown, the scan finds 50 (moves 1 and 2)
    expect(stats.values[stats.base + 3 * stats.size + 1]).toBe(-1);
    expect(bestAverage(stats, 0)).toBe(50);
    scoreMove(stats, 0, 1, 100); // move 1: 75
    expect(bestAverage(stats, 0)).toBe(75);
    scoreMove(stats, 1, 0, 0); // the single move of role 1 at 0: Qmax stays the floor
    expect(bestAverage(stats, 1)).toBe(0);
    // Statistics written directly are seen once the cache is forgotten.
    stats.values[stats.base + stats.size + 0] = 300;
    stats.values[stats.base + 2 * stats.size + 0] = 3;
    forgetBestAverages(stats);
    expect(bestAverage(stats, 0)).toBe(100);
  });

  it('equals a full scan after every backup of a long random sequence', () => {
    const rng = new Rng(11);
    const stats = node(0);
    for (let i = 0; i < 5000; i++) {
      const role = rng.nextInt(2);
      const move = role === 0 ? rng.nextInt(3) : 0;
      scoreMove(stats, role, move, [0, 50, 100][rng.nextInt(3)]!);
      if (rng.nextInt(3) === 0) expect(bestAverage(stats, role)).toBe(scanned(stats, role));
    }
    expect(bestAverage(stats, 0)).toBe(scanned(stats, 0));
  });
});
