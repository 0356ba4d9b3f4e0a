import type { PolicySpec, PolicyTable } from '../reasoner/simulations.js';
import type { TermId } from '../terms/term-store.js';

/** Uniformly random moves: no statistics, so recording and decay do nothing. */
export class UniformTable implements PolicyTable {
  readonly size = 0;

  constructor(readonly spec: PolicySpec) {}

  choose(
    _role: number,
    moves: readonly TermId[],
    _previous: ArrayLike<TermId>,
    random: () => number,
  ): number {
    return Math.floor(random() * moves.length);
  }

  record(): void {}

  decay(): void {}

  dispose(): void {}
}
