import type { Rng, TermId } from '@gdlkit/core';
import { GramTable, type GramTableOptions } from './gram-table.js';
import type { MoveHistory } from './move-history.js';
import { MoveStats } from './move-stats.js';
import type { PlayoutPolicy } from './playout-policy.js';

export interface NstOptions {
  /** Probability ε of a uniformly random move (paper 03, section 5.2: 0.2). */
  readonly epsilon?: number;
  /** Visits k a sequence of length 2 or 3 needs before it counts (section 3.2: 7). */
  readonly threshold?: number;
  /** Decay factor γ in [0, 1] applied to the counts after each real move; 1 keeps everything. */
  readonly decay?: number;
  /** Most sequences of length 2, and of length 3, kept per role (default 2^18: at most 16 MiB a table). */
  readonly maxEntries?: number;
  /**
   * A sequence whose decayed count falls below this is forgotten (default 0.5). It counts only after k
   * visits again anyway, when the forgotten half visit would weigh under a fourteenth of its average.
   */
  readonly pruneBelow?: number;
}

/** Moves ids are below 2^26 in any store we can hold, so a pair packs exactly into a double. */
const PAIR = 2 ** 26;

/** Table slots the pruning sweep examines per recorded simulation. */
const SWEEP_SLOTS = 64;

/** The N-gram statistics of one role: sequences of length 2 and 3 ending with one of its moves. */
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
export class NstPolicy implements PlayoutPolicy {
  readonly name = 'nst';
  private readonly roles: RoleGrams[];
  private readonly epsilon: number;
  private readonly threshold: number;
  private readonly gamma: number;

  constructor(roleCount: number, options: NstOptions = {}) {
    this.gamma = options.decay ?? 1;
    const table = {
      gamma: this.gamma,
      maxEntries: options.maxEntries ?? 2 ** 18,
      pruneBelow: options.pruneBelow ?? 0.5,
    };
    this.roles = Array.from({ length: roleCount }, () => new RoleGrams(table));
    this.epsilon = options.epsilon ?? 0.2;
    this.threshold = options.threshold ?? 7;
  }

  get size(): number {
    let n = 0;
    for (const grams of this.roles) n += grams.singles.size + grams.pairs.size + grams.triples.size;
    return n;
  }

  /** T(a) for `role` playing `move` after the moves in `history`. */
  score(role: number, move: TermId, history: MoveHistory): number {
    const grams = this.roles[role]!;
    if (grams.singles.count(move) === 0) return 100;
    let sum = grams.singles.average(move);
    let terms = 1;
    const n = this.roles.length;
    const step = history.steps;
    const last = history.move(step - 1, (role + n - 1) % n);
    if (last >= 0) {
      const pair = grams.pairs.find(last, move);
      if (pair >= 0 && grams.pairs.count(pair) >= this.threshold) {
        sum += grams.pairs.average(pair);
        terms++;
      }
      const before = history.move(step - 2, (role + n - 2) % n);
      if (before >= 0) {
        const triple = grams.triples.find(before * PAIR + last, move);
        if (triple >= 0 && grams.triples.count(triple) >= this.threshold) {
          sum += grams.triples.average(triple);
          terms++;
        }
      }
    }
    return sum / terms;
  }

  choose(role: number, moves: readonly TermId[], history: MoveHistory, rng: Rng): number {
    if (rng.nextFloat() < this.epsilon) return rng.nextInt(moves.length);
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    let ties = 0;
    for (let i = 0; i < moves.length; i++) {
      const s = this.score(role, moves[i]!, history);
      if (s > bestScore) {
        bestScore = s;
        best = i;
        ties = 1;
      } else if (s === bestScore && rng.nextInt(++ties) === 0) {
        best = i;
      }
    }
    return best;
  }

  /** Every occurrence updates its sequence, repeated sequences included (section 3.2). */
  record(history: MoveHistory, rewards: ArrayLike<number>): void {
    const n = this.roles.length;
    for (let step = 0; step < history.steps; step++) {
      for (let r = 0; r < n; r++) {
        const grams = this.roles[r]!;
        const reward = rewards[r]!;
        const move = history.move(step, r);
        grams.singles.add(move, reward);
        if (step < 1) continue;
        const last = history.move(step - 1, (r + n - 1) % n);
        grams.pairs.add(last, move, reward);
        if (step < 2) continue;
        grams.triples.add(history.move(step - 2, (r + n - 2) % n) * PAIR + last, move, reward);
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
}
