// The bounded NST sequence table (issue 25: policy tables stayed unbounded and decay walked every entry).

import { describe, expect, it } from 'vitest';
import { Rng } from '../src/index.js';
import { GramTable } from '../src/policy/gram-table.js';

describe('GramTable', () => {
  it('agrees with a plain map under random inserts, lazy decay and pruning sweeps', () => {
    const gamma = 0.6;
    const table = new GramTable({ gamma, maxEntries: 1 << 16, pruneBelow: 0.5 });
    const model = new Map<string, { count: number; average: number; context: number; move: number }>();
    const rng = new Rng(3);
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 3000; i++) {
        // Contexts of two 26-bit move ids packed into a double, as NST's triples use them.
        const context = rng.nextInt(40) * 2 ** 26 + rng.nextInt(40);
        const move = rng.nextInt(30);
        const reward = rng.nextInt(101);
        table.add(context, move, reward);
        const key = `${context}:${move}`;
        const entry = model.get(key) ?? { count: 0, average: 0, context, move };
        entry.count++;
        entry.average += (reward - entry.average) / entry.count;
        model.set(key, entry);
      }
      table.decay();
      for (const [key, entry] of model) {
        entry.count *= gamma;
        if (entry.count < 0.5) model.delete(key);
      }
      // A full pass of the sweep removes exactly the entries decayed below the threshold.
      table.sweep(1 << 17);
      expect(table.size).toBe(model.size);
      for (const entry of model.values()) {
        const slot = table.find(entry.context, entry.move);
        expect(slot).toBeGreaterThanOrEqual(0);
        expect(table.count(slot)).toBeCloseTo(entry.count, 9);
        expect(table.average(slot)).toBeCloseTo(entry.average, 9);
      }
    }
  });

  it('a read computes the decayed count without storing it: only updates and the sweep round it', () => {
    const table = new GramTable({ gamma: 0.6, maxEntries: 1000, pruneBelow: 0.5 });
    for (let i = 0; i < 3; i++) table.add(7, 1, 50);
    const slot = table.find(7, 1);
    table.decay();
    expect(table.count(slot)).toBe(3 * 0.6);
    table.decay();
    // Stored after the first read, the count would now be (3 * 0.6) * 0.6 = 1.0799999999999998.
    expect(table.count(slot)).toBe(3 * 0.6 ** 2);
    expect(3 * 0.6 ** 2).not.toBe(3 * 0.6 * 0.6);
  });

  it('holds at most maxEntries and counts the sequences it had to drop', () => {
    const table = new GramTable({ gamma: 1, maxEntries: 1000, pruneBelow: 0.5 });
    for (let i = 0; i < 5000; i++) table.add(i, i % 7, 50);
    expect(table.size).toBe(1000);
    expect(table.dropped).toBe(4000);
    expect(table.find(999, 999 % 7)).toBeGreaterThanOrEqual(0);
    expect(table.find(1000, 1000 % 7)).toBe(-1);
  });

  it('frees room for new sequences once old ones decay away', () => {
    const table = new GramTable({ gamma: 0.4, maxEntries: 1000, pruneBelow: 0.5 });
    for (let i = 0; i < 1000; i++) table.add(i, 0, 50);
    table.decay();
    table.sweep(4096);
    expect(table.size).toBe(0);
    for (let i = 0; i < 1000; i++) table.add(10_000 + i, 1, 50);
    expect(table.size).toBe(1000);
    expect(table.dropped).toBe(0);
  });

  it('stops sweeping once it has been round the table since the last decay; each decay rearms it', () => {
    // 200 sequences in 1,024 slots (no growth), each seen once.
    const table = new GramTable({ gamma: 0.5, maxEntries: 1000, pruneBelow: 0.5 });
    for (let move = 0; move < 200; move++) table.add(7, move, 50);
    const slotOf = Array.from({ length: 200 }, (_, move) => table.find(7, move));
    table.decay();
    table.sweep(1024); // every count is 0.5 now: a full round, nothing removed
    expect(table.size).toBe(200);
    table.sweep(100); // the round is complete: the cursor stays at slot 0
    table.decay(); // counts fall to 0.25, below the bound
    // 50 examinations from slot 0 (a removal looks at its slot again: about 10 of them here), not from slot
    // 100, where a sweep that went on would have been.
    table.sweep(50);
    for (let move = 0; move < 200; move++) {
      const slot = slotOf[move]!;
      if (slot < 30) expect(table.find(7, move), `slot ${slot}`).toBe(-1);
      if (slot >= 100 && slot < 150) expect(table.find(7, move), `slot ${slot}`).toBe(slot);
    }
    expect(slotOf.some((s) => s < 30) && slotOf.some((s) => s >= 100 && s < 150)).toBe(true);
  });
});
