import type { PolicySpec, PolicyTable } from '../reasoner/simulations.js';
import type { TermId } from '../terms/term-store.js';
import { GramTable, type GramTableOptions } from './gram-table.js';
import { MoveStats } from './move-stats.js';
import { resolvePolicySpec } from './policy-spec.js';

/**
 * A sequence whose decayed count falls below this is forgotten. It counts only after k visits again anyway,
 * when the forgotten half visit would weigh under a fourteenth of its average.
 */
export const PRUNE_BELOW = 0.5;

/** Moves ids are below 2^26 in any store we can hold, so a pair packs exactly into a double. */
export const PAIR = 2 ** 26;

/** Table slots the pruning sweep examines per recorded simulation. */
export const SWEEP_SLOTS = 64;

/**
 * The least decayed count a pair must have for a triple extending it to reach the threshold k. A triple
 * (a, b, m) of role r is recorded in the same simulation as role r's pair (b, m) (the same step) and role r - 1's
 * pair (a, b) (the step before), so each pair gains whatever the triple gains, and decays alike, while it is
 * held. The sweep may remove a pair (count < 0.5) before its triple, at most once an epoch, and what the triple
 * kept then decays by γ an epoch: a triple exceeds either pair by less than 0.5 / (1 - γ) (nothing at γ = 1,
 * which never prunes). The relative margin covers rounding. A pair table that has dropped a new pair (full)
 * bounds nothing: `reaches` then always looks the triple up.
 */
export function tripleFloor(threshold: number, gamma: number): number {
  return threshold - (gamma < 1 ? PRUNE_BELOW / (1 - gamma) : 0) - threshold * 1e-6;
}

/** The N-gram statistics of one role: sequences of length 1, 2 and 3 ending with one of its moves. */
class RoleGrams {
  readonly singles = new MoveStats();
  readonly pairs: GramTable;
  readonly triples: GramTable;

  constructor(options: GramTableOptions) {
    this.pairs = new GramTable(options);
    this.triples = new GramTable(options);
  }
}

/**
 * N-Gram Selection Technique (paper 03, section 3.2): average rewards of move sequences of length 1, 2 and
 * 3, where the sequence of role i is (move of role i-2 two steps back, move of role i-1 one step back, own
 * move); a move's score T(a) averages the sequences seen at least k times (length 1 always), an unseen move
 * scores 100; moves are chosen ε-greedily.
 */
export class NstTable implements PolicyTable {
  readonly spec: PolicySpec;
  private readonly roles: RoleGrams[];
  private readonly epsilon: number;
  private readonly threshold: number;
  /** The least count of a pair whose triples can reach the threshold. */
  private readonly floor: number;
  private readonly gamma: number;

  constructor(roleCount: number, spec: PolicySpec) {
    this.spec = spec;
    const { gamma, maxEntries, epsilon, threshold } = resolvePolicySpec(spec);
    this.gamma = gamma;
    const table = { gamma, maxEntries, pruneBelow: PRUNE_BELOW };
    this.roles = Array.from({ length: roleCount }, () => new RoleGrams(table));
    this.epsilon = epsilon;
    this.threshold = threshold;
    this.floor = tripleFloor(threshold, gamma);
  }

  get size(): number {
    let n = 0;
    for (const grams of this.roles) n += grams.singles.size + grams.pairs.size + grams.triples.size;
    return n;
  }

  /** The (decayed) number of samples of the single move. */
  count(role: number, move: TermId): number {
    return this.roles[role]!.singles.count(move);
  }

  /** T(a) for `role` playing `move` after the joint moves `previous` (as in `choose`). */
  score(role: number, move: TermId, previous: ArrayLike<TermId>): number {
    return this.scoreWith(role, move, previous, this.contextReaches(role, previous));
  }

  /**
   * Whether a triple of `role` after `previous` can count: role r - 1's pair of the context (the triple's two
   * earlier moves) reaches the floor (see tripleFloor). The same for every move of a choice.
   */
  private contextReaches(role: number, previous: ArrayLike<TermId>): boolean {
    const n = this.roles.length;
    const steps = previous.length / n;
    if (steps < 2) return false;
    const pairs = this.roles[(role + n - 1) % n]!.pairs;
    const before = previous[(steps - 2) * n + ((role + n - 2) % n)]!;
    const last = previous[(steps - 1) * n + ((role + n - 1) % n)]!;
    return this.reaches(pairs, pairs.find(before, last));
  }

  private reaches(pairs: GramTable, slot: number): boolean {
    return pairs.dropped > 0 || (slot >= 0 ? pairs.count(slot) : 0) >= this.floor;
  }

  private scoreWith(
    role: number,
    move: TermId,
    previous: ArrayLike<TermId>,
    contextReaches: boolean,
  ): number {
    const grams = this.roles[role]!;
    if (grams.singles.count(move) === 0) return 100;
    let sum = grams.singles.average(move);
    let terms = 1;
    const n = this.roles.length;
    const steps = previous.length / n;
    if (steps >= 1) {
      const last = previous[(steps - 1) * n + ((role + n - 1) % n)]!;
      const pair = grams.pairs.find(last, move);
      if (pair >= 0 && grams.pairs.count(pair) >= this.threshold) {
        sum += grams.pairs.average(pair);
        terms++;
      }
      // The triple's lookup (a cache miss in a large table) only where both its pairs let it reach k.
      if (contextReaches && this.reaches(grams.pairs, pair)) {
        const before = previous[(steps - 2) * n + ((role + n - 2) % n)]!;
        const triple = grams.triples.find(before * PAIR + last, move);
        if (triple >= 0 && grams.triples.count(triple) >= this.threshold) {
          sum += grams.triples.average(triple);
          terms++;
        }
      }
    }
    return sum / terms;
  }

  choose(role: number, moves: readonly TermId[], previous: ArrayLike<TermId>, random: () => number): number {
    if (random() < this.epsilon) return Math.floor(random() * moves.length);
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    let ties = 0;
    const contextReaches = this.contextReaches(role, previous);
    for (let i = 0; i < moves.length; i++) {
      const s = this.scoreWith(role, moves[i]!, previous, contextReaches);
      if (s > bestScore) {
        bestScore = s;
        best = i;
        ties = 1;
      } else if (s === bestScore && Math.floor(random() * ++ties) === 0) {
        best = i;
      }
    }
    return best;
  }

  /** Every occurrence updates its sequence, repeated sequences included (section 3.2). */
  record(moves: ArrayLike<TermId>, steps: number, rewards: ArrayLike<number>): void {
    const n = this.roles.length;
    for (let step = 0; step < steps; step++) {
      for (let r = 0; r < n; r++) {
        const grams = this.roles[r]!;
        const reward = rewards[r]!;
        const move = moves[step * n + r]!;
        grams.singles.add(move, reward);
        if (step < 1) continue;
        const last = moves[(step - 1) * n + ((r + n - 1) % n)]!;
        grams.pairs.add(last, move, reward);
        if (step < 2) continue;
        grams.triples.add(moves[(step - 2) * n + ((r + n - 2) % n)]! * PAIR + last, move, reward);
      }
    }
    for (const grams of this.roles) {
      grams.pairs.sweep(SWEEP_SLOTS);
      grams.triples.sweep(SWEEP_SLOTS);
    }
  }

  /**
   * Section 4's decay after a real move: the single-move table (one slot per move id) at once, the sequence
   * tables lazily (an epoch), so this costs no pass over the sequences.
   */
  decay(): void {
    if (this.gamma === 1) return;
    for (const grams of this.roles) {
      grams.singles.decay(this.gamma);
      grams.pairs.decay();
      grams.triples.decay();
    }
  }

  dispose(): void {}
}
