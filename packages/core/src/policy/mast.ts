import type { PolicySpec, PolicyTable } from '../reasoner/simulations.js';
import type { TermId } from '../terms/term-store.js';
import { MoveStats } from './move-stats.js';
import { resolvePolicySpec } from './policy-spec.js';

/**
 * Move-Average Sampling Technique (paper 03, section 3.1): a global average reward Qh(a) per role and move,
 * moves drawn by the Gibbs measure exp(Qh(a)/τ) (formula 2); unseen moves count as the maximum score 100.
 */
export class MastTable implements PolicyTable {
  readonly spec: PolicySpec;
  private readonly stats: MoveStats[];
  private readonly tau: number;
  private readonly gamma: number;
  private weights = new Float64Array(16);

  constructor(roleCount: number, spec: PolicySpec) {
    this.spec = spec;
    this.stats = Array.from({ length: roleCount }, () => new MoveStats());
    ({ tau: this.tau, gamma: this.gamma } = resolvePolicySpec(spec));
  }

  get size(): number {
    let n = 0;
    for (const s of this.stats) n += s.size;
    return n;
  }

  /** Qh(a) of `role` playing `move`, 100 when the move was never sampled (or its count decayed to 0). */
  value(role: number, move: TermId): number {
    const stats = this.stats[role]!;
    return stats.count(move) > 0 ? stats.average(move) : 100;
  }

  /** The (decayed) number of samples behind Qh(a). */
  count(role: number, move: TermId): number {
    return this.stats[role]!.count(move);
  }

  choose(role: number, moves: readonly TermId[], _previous: ArrayLike<TermId>, random: () => number): number {
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
    let x = random() * total;
    for (let i = 0; i < moves.length; i++) {
      x -= this.weights[i]!;
      if (x < 0) return i;
    }
    return moves.length - 1;
  }

  /** Every move of the simulation updates its role's Qh with that role's reward (section 3.1). */
  record(moves: ArrayLike<TermId>, steps: number, rewards: ArrayLike<number>): void {
    const n = this.stats.length;
    for (let step = 0; step < steps; step++) {
      for (let r = 0; r < n; r++) this.stats[r]!.add(moves[step * n + r]!, rewards[r]!);
    }
  }

  decay(): void {
    if (this.gamma === 1) return;
    for (const s of this.stats) s.decay(this.gamma);
  }

  dispose(): void {}
}
