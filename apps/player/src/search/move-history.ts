import type { TermId } from '@gdlkit/core';

/** The joint moves of one simulation from the search root, flat: step * roleCount + role. */
export class MoveHistory {
  private moves = new Int32Array(256);
  steps = 0;

  constructor(readonly roleCount: number) {}

  reset(): void {
    this.steps = 0;
  }

  push(jointMove: ArrayLike<TermId>): void {
    this.reserve(this.steps + 1);
    const base = this.steps * this.roleCount;
    for (let r = 0; r < this.roleCount; r++) this.moves[base + r] = jointMove[r]!;
    this.steps++;
  }

  /** Appends whole joint moves given flat (`step * roleCount + role`). */
  pushFlat(moves: Int32Array): void {
    const steps = moves.length / this.roleCount;
    this.reserve(this.steps + steps);
    this.moves.set(moves, this.steps * this.roleCount);
    this.steps += steps;
  }

  private reserve(steps: number): void {
    const need = steps * this.roleCount;
    if (need <= this.moves.length) return;
    const grown = new Int32Array(need * 2);
    grown.set(this.moves);
    this.moves = grown;
  }

  /** The joint moves so far, flat (`steps * roleCount` entries are valid; the array may be longer). */
  get flat(): Int32Array {
    return this.moves;
  }

  /** The move of `role` at `step`, or -1 before the first step. */
  move(step: number, role: number): TermId {
    return step < 0 ? -1 : this.moves[step * this.roleCount + role]!;
  }
}
