import type { PolicyTable, Rng, TermId } from '@gdlkit/core';
import type { MoveHistory } from './move-history.js';
import type { PlayoutPolicy } from './playout-policy.js';

/**
 * The player's step-by-step playout policy over one of core's policy tables (MAST, NST: packages/core/src/
 * policy): the search's move history gives the table its last two joint moves and its learning input.
 */
export class TablePolicy implements PlayoutPolicy {
  private readonly previous: Int32Array[];
  private rng: Rng | null = null;
  private readonly random = () => this.rng!.nextFloat();

  constructor(
    readonly name: string,
    readonly table: PolicyTable,
    roleCount: number,
  ) {
    this.previous = [new Int32Array(0), new Int32Array(roleCount), new Int32Array(2 * roleCount)];
  }

  get size(): number {
    return this.table.size;
  }

  choose(role: number, moves: readonly TermId[], history: MoveHistory, rng: Rng): number {
    const n = history.roleCount;
    const context = this.previous[Math.min(2, history.steps)]!;
    const from = history.steps - context.length / n;
    for (let k = 0; k < context.length; k++) context[k] = history.move(from + Math.floor(k / n), k % n);
    this.rng = rng;
    return this.table.choose(role, moves, context, this.random);
  }

  record(history: MoveHistory, rewards: ArrayLike<number>): void {
    this.table.record(history.flat, history.steps, rewards);
  }

  decay(): void {
    this.table.decay();
  }
}
