import type { Rng, TermId } from '@gdlkit/core';
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
}

interface SequenceStat {
  count: number;
  average: number;
}

/** Moves ids are below 2^26 in any store we can hold, so a pair packs exactly into a double. */
const PAIR = 2 ** 26;

/** The N-gram statistics of one role: sequences of length 2 and 3 ending with one of its moves. */
class RoleGrams {
  readonly singles = new MoveStats();
  readonly pairs = new Map<number, SequenceStat>();
  readonly triples = new Map<number, Map<number, SequenceStat>>();
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
    this.roles = Array.from({ length: roleCount }, () => new RoleGrams());
    this.epsilon = options.epsilon ?? 0.2;
    this.threshold = options.threshold ?? 7;
    this.gamma = options.decay ?? 1;
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
      const pair = grams.pairs.get(last * PAIR + move);
      if (pair && pair.count >= this.threshold) {
        sum += pair.average;
        terms++;
      }
      const before = history.move(step - 2, (role + n - 2) % n);
      if (before >= 0) {
        const triple = grams.triples.get(before * PAIR + last)?.get(move);
        if (triple && triple.count >= this.threshold) {
          sum += triple.average;
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
        update(grams.pairs, last * PAIR + move, reward);
        if (step < 2) continue;
        const key = history.move(step - 2, (r + n - 2) % n) * PAIR + last;
        let inner = grams.triples.get(key);
        if (!inner) {
          inner = new Map();
          grams.triples.set(key, inner);
        }
        update(inner, move, reward);
      }
    }
  }

  decay(): void {
    if (this.gamma === 1) return;
    for (const grams of this.roles) {
      grams.singles.decay(this.gamma);
      for (const stat of grams.pairs.values()) stat.count *= this.gamma;
      for (const inner of grams.triples.values()) for (const stat of inner.values()) stat.count *= this.gamma;
    }
  }
}

function update(map: Map<number, SequenceStat>, key: number, reward: number): void {
  let stat = map.get(key);
  if (!stat) {
    stat = { count: 0, average: 0 };
    map.set(key, stat);
  }
  stat.count++;
  stat.average += (reward - stat.average) / stat.count;
}
