import { describe, expect, it } from 'vitest';
import { createPolicyTable, GdlkitError, MastTable, NstTable, Rng } from '../src/index.js';
import { GramTable } from '../src/policy/gram-table.js';
import { MoveStats } from '../src/policy/move-stats.js';
import { PAIR, PRUNE_BELOW, SWEEP_SLOTS } from '../src/policy/nst.js';

/** NST's tables kept beside an NstTable, fed alike, whose T(a) looks every sequence up (section 3.2 as written). */
class EveryLookup {
  private readonly roles: { singles: MoveStats; pairs: GramTable; triples: GramTable }[];

  constructor(
    roleCount: number,
    private readonly threshold: number,
    private readonly gamma: number,
    maxEntries: number,
  ) {
    const options = { gamma, maxEntries, pruneBelow: PRUNE_BELOW };
    this.roles = Array.from({ length: roleCount }, () => ({
      singles: new MoveStats(),
      pairs: new GramTable(options),
      triples: new GramTable(options),
    }));
  }

  record(moves: readonly number[], steps: number, rewards: readonly number[]): void {
    const n = this.roles.length;
    for (let step = 0; step < steps; step++) {
      for (let r = 0; r < n; r++) {
        const { singles, pairs, triples } = this.roles[r]!;
        const move = moves[step * n + r]!;
        singles.add(move, rewards[r]!);
        if (step < 1) continue;
        const last = moves[(step - 1) * n + ((r + n - 1) % n)]!;
        pairs.add(last, move, rewards[r]!);
        if (step >= 2)
          triples.add(moves[(step - 2) * n + ((r + n - 2) % n)]! * PAIR + last, move, rewards[r]!);
      }
    }
    for (const { pairs, triples } of this.roles) {
      pairs.sweep(SWEEP_SLOTS);
      triples.sweep(SWEEP_SLOTS);
    }
  }

  decay(): void {
    for (const grams of this.roles) {
      grams.singles.decay(this.gamma);
      grams.pairs.decay();
      grams.triples.decay();
    }
  }

  score(role: number, move: number, previous: readonly number[]): number {
    const { singles, pairs, triples } = this.roles[role]!;
    if (singles.count(move) === 0) return 100;
    let sum = singles.average(move);
    let terms = 1;
    const n = this.roles.length;
    const steps = previous.length / n;
    const add = (table: GramTable, context: number) => {
      const slot = table.find(context, move);
      if (slot >= 0 && table.count(slot) >= this.threshold) {
        sum += table.average(slot);
        terms++;
      }
    };
    if (steps >= 1) add(pairs, previous[(steps - 1) * n + ((role + n - 1) % n)]!);
    if (steps >= 2) {
      const before = previous[(steps - 2) * n + ((role + n - 2) % n)]!;
      add(triples, before * PAIR + previous[(steps - 1) * n + ((role + n - 1) % n)]!);
    }
    return sum / terms;
  }
}

function draws(choose: (random: () => number) => number, times: number, seed: number): number[] {
  const rng = new Rng(seed);
  const random = () => rng.nextFloat();
  const counts = [0, 0, 0];
  for (let i = 0; i < times; i++) counts[choose(random)]!++;
  return counts;
}

describe('policy tables (paper 03)', () => {
  it('rejects a spec out of range with the field named', () => {
    expect(() => createPolicyTable({ kind: 'mast', tau: 0 }, 2)).toThrow(
      /policy tau must be a positive number/,
    );
    expect(() => createPolicyTable({ kind: 'nst', gamma: 1.5 }, 2)).toThrow(GdlkitError);
    expect(() => createPolicyTable({ kind: 'nst', maxEntries: 0.5 }, 2)).toThrow(/maxEntries/);
    expect(() => createPolicyTable({ kind: 'greedy' as 'mast' }, 2)).toThrow(/policy kind/);
  });

  it('MAST draws by the Gibbs measure of formula 2 (τ = 10: Qh 100 vs 90 is e : 1)', () => {
    const mast = new MastTable(1, { kind: 'mast' });
    mast.record([6], 1, [90]);
    // Move 5 is unseen (100), move 6 averages 90, move 7 averages 0.
    mast.record([7], 1, [0]);
    const counts = draws((random) => mast.choose(0, [5, 6, 7], [], random), 20_000, 3);
    const e = Math.E;
    const total = e + 1 + Math.exp(-9);
    expect(counts[0]! / 20_000).toBeCloseTo(e / total, 1);
    expect(counts[1]! / 20_000).toBeCloseTo(1 / total, 1);
    expect(counts[2]).toBeLessThan(10);
  });

  it('NST counts a pair only after k visits and plays ε-greedily', () => {
    const nst = new NstTable(2, { kind: 'nst', threshold: 2, epsilon: 0.5 });
    // Role 1's move 3 after role 0's move 1 scores 0, after role 0's move 2 it scores 100.
    nst.record([1, 9, 9, 3], 2, [0, 0]);
    nst.record([2, 9, 9, 3], 2, [0, 100]);
    expect(nst.score(1, 3, [1, 9])).toBe(50);
    nst.record([1, 9, 9, 3], 2, [0, 0]);
    expect(nst.score(1, 3, [1, 9])).toBeCloseTo((100 / 3 + 0) / 2, 12);
    expect(nst.score(1, 4, [1, 9])).toBe(100);
    // ε = 0.5: the greedy move (unseen 4) with probability 1 - ε, plus half of the uniform draws.
    const counts = draws((random) => nst.choose(1, [3, 4], [1, 9], random), 20_000, 5);
    expect(counts[1]! / 20_000).toBeCloseTo(0.75, 1);
  });

  it('NST averages the single move, the pair and the triple once each has k visits', () => {
    const nst = new NstTable(2, { kind: 'nst', threshold: 2, epsilon: 0 });
    // Role 1 plays 3 after role 1's 8 two steps back and role 0's 1 one step back.
    const seen = [9, 8, 1, 9, 9, 3];
    nst.record(seen, 3, [0, 90]);
    expect(nst.score(1, 3, [9, 8, 1, 9])).toBe(90);
    nst.record(seen, 3, [0, 30]);
    // Single 3: 60 over two; pair (1, 3): 60; triple (8, 1, 3): 60.
    nst.record([9, 5, 9, 3], 2, [0, 0]);
    // Single 3 now 40 (three visits), pair (1, 3) and triple still 60; under another context only the single.
    expect(nst.score(1, 3, [9, 8, 1, 9])).toBeCloseTo((40 + 60 + 60) / 3, 12);
    expect(nst.score(1, 3, [9, 7, 1, 9])).toBeCloseTo((40 + 60) / 2, 12);
    expect(nst.score(1, 3, [9, 8, 2, 9])).toBeCloseTo(40, 12);
  });

  it("NST's skipped triple lookups never change a score, under decay, pruning and a full table", () => {
    const cases = [
      { gamma: 0.6, threshold: 7, maxEntries: 1 << 16 },
      // A pair pruned before its triple restarts at 1 while the triple goes on (1.3 >= k): the old rule, a triple
      // looked up only when its pair counts, missed such triples.
      { gamma: 0.3, threshold: 1.2, maxEntries: 1 << 16 },
      // Full pair tables: a triple may be held without its pairs.
      { gamma: 0.5, threshold: 2, maxEntries: 20 },
      { gamma: 1, threshold: 3, maxEntries: 20 },
    ];
    for (const { gamma, threshold, maxEntries } of cases) {
      const nst = new NstTable(2, { kind: 'nst', gamma, threshold, maxEntries, epsilon: 0 });
      const twin = new EveryLookup(2, threshold, gamma, maxEntries);
      const rng = new Rng(17);
      let compared = 0;
      let differ = 0;
      for (let sim = 0; sim < 3000; sim++) {
        const steps = 1 + rng.nextInt(8);
        // Few moves a role, so that sequences recur and reach k.
        const moves = Array.from({ length: steps * 2 }, (_, i) => (i % 2) * 10 + rng.nextInt(6));
        const rewards = [rng.nextInt(101), rng.nextInt(101)];
        nst.record(moves, steps, rewards);
        twin.record(moves, steps, rewards);
        if (sim % 10 === 9) {
          nst.decay();
          twin.decay();
        }
        for (let at = 1; at < steps; at++) {
          const previous = moves.slice(Math.max(0, at - 2) * 2, at * 2);
          for (let role = 0; role < 2; role++) {
            for (let move = role * 10; move < role * 10 + 6; move++) {
              if (nst.score(role, move, previous) !== twin.score(role, move, previous)) differ++;
              compared++;
            }
          }
        }
      }
      expect(differ, `γ ${gamma}, k ${threshold}`).toBe(0);
      expect(compared).toBeGreaterThan(10_000);
    }
  });

  it('decay multiplies counts by γ; a count decayed to 0 restarts from the next reward', () => {
    const mast = new MastTable(1, { kind: 'mast', gamma: 0.5 });
    mast.record([4, 4], 2, [60]);
    expect(mast.count(0, 4)).toBe(2);
    mast.decay();
    expect(mast.count(0, 4)).toBe(1);
    expect(mast.value(0, 4)).toBe(60);
    const forget = new MastTable(1, { kind: 'mast', gamma: 0 });
    forget.record([4], 1, [60]);
    forget.decay();
    expect(forget.value(0, 4)).toBe(100);
    forget.record([4], 1, [10]);
    expect(forget.value(0, 4)).toBe(10);
  });
});
