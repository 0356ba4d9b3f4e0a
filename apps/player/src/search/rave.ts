import type { Rng, TermId } from '@gdlkit/core';
import type { MoveHistory } from './move-history.js';
import type { UctNode } from './uct-node.js';

/**
 * Rapid Action Value Estimates in the tree, as paper 08 (giga13-08) implements them in Ary. `on`: every
 * choice mixes the UCT score with the RAVE score (section 2), or a random fraction `usage` of the choices
 * (section 6, Figure 3). `adaptive`: before each descent, the root's moves are classified by whether their
 * RAVE estimate is above or below their observed mean (beyond `margin`); RAVE is used in that descent when
 * the playouts of the moves where it was optimistic outnumber those where it was pessimistic (section 7).
 */
export type RaveMode = 'off' | 'on' | 'adaptive';

export interface RaveOptions {
  readonly mode: RaveMode;
  /** The RAVE equivalence constant k (section 6 settles on 700 for rewards on 0..100). */
  readonly equivalence?: number;
  /** Fraction of the choices in a descent made with RAVE in `on` mode (Figure 3); default 1. */
  readonly usage?: number;
  /** The margin of the adaptive comparison on the 0..100 scale (Figure 4); default 0. */
  readonly margin?: number;
}

/** Score of a move never started in a playout (section 2: "the maximum possible result"). */
const UNTRIED = 100;

export class Rave {
  readonly mode: RaveMode;
  private readonly equivalence: number;
  private readonly usage: number;
  private readonly margin: number;
  /** Per role and move id: the last history step the role played it, valid where `stamp` = `generation`. */
  private lastStep: Int32Array[];
  private stamp: Int32Array[];
  private generation = 0;
  private descentUsesRave = false;

  constructor(roleCount: number, options: RaveOptions) {
    this.mode = options.mode;
    this.equivalence = options.equivalence ?? 700;
    this.usage = options.usage ?? 1;
    this.margin = options.margin ?? 0;
    this.lastStep = Array.from({ length: roleCount }, () => new Int32Array(256));
    this.stamp = Array.from({ length: roleCount }, () => new Int32Array(256));
  }

  /** Decides, at the start of a descent, whether RAVE may be used in it (always, unless adaptive says no). */
  beginDescent(root: UctNode<unknown>): void {
    this.descentUsesRave = this.mode === 'on' || (this.mode === 'adaptive' && this.raveLooksRight(root));
  }

  /** Whether this choice of the descent uses RAVE. */
  useAt(rng: Rng): boolean {
    if (!this.descentUsesRave) return false;
    return this.usage >= 1 || rng.nextFloat() < this.usage;
  }

  /**
   * Section 2's move score: the UCT score (or the maximum result before the move started a playout), mixed
   * with the RAVE mean by β = √(k / (3t + k)) where t is the node's playouts (the extracted text's
   * "α = k/3t + k" lost its square root; this is Gelly and Silver's schedule the section cites).
   */
  score(node: UctNode<unknown>, role: number, move: number, exploration: number, logVisits: number): number {
    const n = node.moveVisits[role]![move]!;
    const base = n === 0 ? UNTRIED : node.moveSums[role]![move]! / n + exploration * Math.sqrt(logVisits / n);
    const amaf = node.amafVisits;
    const amafN = amaf === null ? 0 : amaf[role]![move]!;
    if (amafN === 0) return base;
    const beta = Math.sqrt(this.equivalence / (3 * node.visits + this.equivalence));
    return (1 - beta) * base + (beta * node.amafSums![role]![move]!) / amafN;
  }

  /**
   * Updates the all-moves-as-first statistics of the path `nodes[from .. to)`: its node d counts each of its legal
   * moves that its role played at step d or later in this simulation, tree and playout alike.
   */
  backup(
    nodes: readonly UctNode<unknown>[],
    from: number,
    to: number,
    history: MoveHistory,
    rewards: ArrayLike<number>,
  ): void {
    const roleCount = history.roleCount;
    const generation = ++this.generation;
    for (let step = 0; step < history.steps; step++) {
      for (let r = 0; r < roleCount; r++) {
        const move = history.move(step, r);
        if (move >= this.stamp[r]!.length) this.grow(r, move);
        this.stamp[r]![move] = generation;
        this.lastStep[r]![move] = step;
      }
    }
    for (let d = 0; d < to - from; d++) {
      const node = nodes[from + d]!;
      if (!node.amafVisits) {
        node.amafVisits = node.legal.map((m) => new Float64Array(m.length));
        node.amafSums = node.legal.map((m) => new Float64Array(m.length));
      }
      for (let r = 0; r < roleCount; r++) {
        const legal = node.legal[r]!;
        const stamp = this.stamp[r]!;
        const last = this.lastStep[r]!;
        const visits = node.amafVisits[r]!;
        const sums = node.amafSums![r]!;
        for (let i = 0; i < legal.length; i++) {
          const move = legal[i]!;
          if (move < stamp.length && stamp[move] === generation && last[move]! >= d) {
            visits[i]!++;
            sums[i]! += rewards[r]!;
          }
        }
      }
    }
  }

  /**
   * Section 7: playouts of root moves where RAVE was optimistic against those where it was pessimistic. The
   * observed means count finished simulations only: with the virtual losses of a batch still in the engine
   * they read low, RAVE then looked optimistic almost always, and adaptive RAVE fell to 37.5 % optimal play on
   * Cashing Stale-dated Checks (96.7 % with one simulation per call; docs/strength.md).
   */
  private raveLooksRight(root: UctNode<unknown>): boolean {
    if (!root.amafVisits) return false;
    let optimistic = 0;
    let pessimistic = 0;
    for (let r = 0; r < root.legal.length; r++) {
      const visits = root.moveScored[r]!;
      for (let i = 0; i < visits.length; i++) {
        const n = visits[i]!;
        const amafN = root.amafVisits[r]![i]!;
        if (n === 0 || amafN === 0) continue;
        const gap = root.amafSums![r]![i]! / amafN - root.moveSums[r]![i]! / n;
        if (gap > this.margin) optimistic += n;
        else if (gap < this.margin) pessimistic += n;
      }
    }
    return optimistic > pessimistic;
  }

  private grow(role: number, move: TermId): void {
    const size = Math.max(move + 1, this.stamp[role]!.length * 2);
    const stamp = new Int32Array(size);
    stamp.set(this.stamp[role]!);
    const last = new Int32Array(size);
    last.set(this.lastStep[role]!);
    this.stamp[role] = stamp;
    this.lastStep[role] = last;
  }
}
