import type { Rng, TermId } from '@gdlkit/core';
import type { MoveHistory } from './move-history.js';
import { MoveStats } from './move-stats.js';
import type { PlayoutPolicy } from './playout-policy.js';

export interface MastOptions {
  /** Gibbs temperature τ (paper 03, section 5.2 keeps CadiaPlayer's 10). */
  readonly tau?: number;
  /** Decay factor γ in [0, 1] applied to the counts after each real move; 1 keeps everything. */
  readonly decay?: number;
}

/**
 * Move-Average Sampling Technique (paper 03, section 3.1): a global average reward Qh(a) per role and move,
 * moves drawn by the Gibbs measure exp(Qh(a)/τ); unseen moves count as the maximum score 100.
 */
export class MastPolicy implements PlayoutPolicy {
  readonly name = 'mast';
  private readonly stats: MoveStats[];
  private readonly tau: number;
  private readonly gamma: number;
  private weights = new Float64Array(16);

  constructor(roleCount: number, options: MastOptions = {}) {
    this.stats = Array.from({ length: roleCount }, () => new MoveStats());
    this.tau = options.tau ?? 10;
    this.gamma = options.decay ?? 1;
  }

  get size(): number {
    let n = 0;
    for (const s of this.stats) n += s.size;
    return n;
  }

  /** Qh(a) for a role, 100 when the move was never sampled (or its count decayed to 0). */
  value(role: number, move: TermId): number {
    const stats = this.stats[role]!;
    return stats.count(move) > 0 ? stats.average(move) : 100;
  }

  choose(role: number, moves: readonly TermId[], _history: MoveHistory, rng: Rng): number {
    if (moves.length > this.weights.length) this.weights = new Float64Array(moves.length * 2);
    // Subtracting the largest value keeps exp() finite; the distribution is unchanged.
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < moves.length; i++) {
      const v = this.value(role, moves[i]!);
      this.weights[i] = v;
      if (v > max) max = v;
    }
    let total = 0;
    for (let i = 0; i < moves.length; i++) {
      const w = Math.exp((this.weights[i]! - max) / this.tau);
      this.weights[i] = w;
      total += w;
    }
    let x = rng.nextFloat() * total;
    for (let i = 0; i < moves.length; i++) {
      x -= this.weights[i]!;
      if (x < 0) return i;
    }
    return moves.length - 1;
  }

  record(history: MoveHistory, rewards: ArrayLike<number>): void {
    for (let step = 0; step < history.steps; step++) {
      for (let r = 0; r < this.stats.length; r++) this.stats[r]!.add(history.move(step, r), rewards[r]!);
    }
  }

  decay(): void {
    if (this.gamma === 1) return;
    for (const s of this.stats) s.decay(this.gamma);
  }
}
