import type { Rng } from '@gdlkit/core';

/**
 * Sufficiency threshold (paper 02, giga13-02). `fixed`: formula 2 of section 3 — the exploration constant
 * becomes 0 while some move's Q exceeds α. `adaptive`: the GGP version of section 4.3 — simulations are
 * classified as won or not, their discriminant d splits the two classes, the differences Qmax − d seen so
 * far form a normal distribution, and a tail probability of the current difference, capped at 90 % (the
 * "10 % floor" of traditional selection), is the probability of unplugging exploration.
 */
export type ThresholdMode = 'off' | 'fixed' | 'adaptive';

/**
 * Which tail the adaptive version reads. The text says "the probability for a random variable from this
 * distribution to have a value larger than the current difference" (`upper`), which unplugs exploration
 * most when Qmax is unusually far *below* d; `lower` is P(X < a), which unplugs it when Qmax is unusually
 * close to the winning value, as section 3's rationale describes. docs/strength.md settles it by experiment.
 */
export type ThresholdTail = 'upper' | 'lower';

export interface ThresholdOptions {
  readonly mode: ThresholdMode;
  /** α of formula 2 on the 0..100 reward scale (the paper's 0.6 on 0..1). */
  readonly alpha?: number;
  readonly tail?: ThresholdTail;
  /** The best-scoring reward: simulations reaching it are the winning class (100 in GDL). */
  readonly winValue?: number;
}

/** Most unplugging probability of the adaptive version: at least 10 % of selections stay UCT (section 4.3). */
const MAX_UNPLUG = 0.9;

/** Running mean and variance (Welford). */
class Moments {
  n = 0;
  mean = 0;
  private m2 = 0;

  add(x: number): void {
    this.n++;
    const delta = x - this.mean;
    this.mean += delta / this.n;
    this.m2 += delta * (x - this.mean);
  }

  get deviation(): number {
    return this.n > 1 ? Math.sqrt(this.m2 / (this.n - 1)) : 0;
  }
}

/** Per role: the winning and other classes of the simulations' rewards, and the differences Qmax − d. */
class RoleClasses {
  wins = 0;
  winSum = 0;
  others = 0;
  otherSum = 0;
  readonly differences = new Moments();
  /** d and the deviation of Qmax − d as of the last simulation: read at every selection, changed per simulation. */
  d: number | null = null;
  sigma = 0;

  /** d of section 4.3: equal deviations assumed, so d weighs each class mean by the other class's size. */
  discriminant(): number | null {
    const n = this.wins + this.others;
    if (this.wins === 0 || this.others === 0) return null;
    const winMean = this.winSum / this.wins;
    const otherMean = this.otherSum / this.others;
    return (this.others * winMean + this.wins * otherMean) / n;
  }
}

export class SufficiencyThreshold {
  readonly mode: ThresholdMode;
  private readonly alpha: number;
  private readonly tail: ThresholdTail;
  private readonly winValue: number;
  private readonly roles: RoleClasses[];

  constructor(roleCount: number, options: ThresholdOptions) {
    this.mode = options.mode;
    this.alpha = options.alpha ?? 60;
    this.tail = options.tail ?? 'lower';
    this.winValue = options.winValue ?? 100;
    this.roles = Array.from({ length: roleCount }, () => new RoleClasses());
  }

  /**
   * The exploration constant to use at a node where `role`'s best average is `qmax`: `exploration`, or 0
   * where the threshold unplugs it.
   */
  exploration(role: number, qmax: number, exploration: number, rng: Rng): number {
    switch (this.mode) {
      case 'off':
        return exploration;
      case 'fixed':
        return qmax > this.alpha ? 0 : exploration;
      case 'adaptive':
        return rng.nextFloat() < this.unplugProbability(role, qmax) ? 0 : exploration;
    }
  }

  /** The adaptive version's probability of unplugging exploration at a node whose best average is `qmax`. */
  unplugProbability(role: number, qmax: number): number {
    const classes = this.roles[role]!;
    const d = classes.d;
    const differences = classes.differences;
    if (d === null || differences.n < 2) return 0;
    const sigma = classes.sigma;
    const a = qmax - d;
    let p: number;
    if (sigma === 0) p = a > differences.mean ? 1 : a < differences.mean ? 0 : 0.5;
    else p = upperTail((a - differences.mean) / sigma);
    if (this.tail === 'lower') p = 1 - p;
    return Math.min(p, MAX_UNPLUG);
  }

  /**
   * Learns from a finished simulation: its rewards (classes) and the root's best averages after it (one
   * difference Qmax − d per simulation, section 4.3: "all previous simulations as training data").
   */
  observe(rewards: ArrayLike<number>, rootQmax: ArrayLike<number>): void {
    if (this.mode !== 'adaptive') return;
    for (let r = 0; r < this.roles.length; r++) {
      const classes = this.roles[r]!;
      const reward = rewards[r]!;
      if (reward >= this.winValue) {
        classes.wins++;
        classes.winSum += reward;
      } else {
        classes.others++;
        classes.otherSum += reward;
      }
      const d = classes.discriminant();
      classes.d = d;
      if (d !== null) {
        classes.differences.add(rootQmax[r]! - d);
        classes.sigma = classes.differences.deviation;
      }
    }
  }
}

/** Q(z) = P(Z > z) for a standard normal Z (Abramowitz–Stegun 7.1.26 on erfc; error below 1.5e-7). */
export function upperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erfc = poly * Math.exp(-x * x);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}
