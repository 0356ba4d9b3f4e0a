// A prover state: the fluents that hold, as sorted unique term ids, with its fact index built on first use.
import type { TermId, TermStore } from '@gdlkit/core';
import { FactIndex } from './fact-index.js';

export class ProverState {
  private index: FactIndex | null = null;

  /** `fluents` must be sorted ascending without duplicates; use `ProverState.of` otherwise. */
  constructor(readonly fluents: Int32Array) {}

  static of(fluents: Iterable<TermId>): ProverState {
    const sorted = Int32Array.from(new Set(fluents)).sort();
    return new ProverState(sorted);
  }

  facts(store: TermStore): FactIndex {
    if (this.index === null) this.index = new FactIndex(store, this.fluents);
    return this.index;
  }

  equals(other: ProverState): boolean {
    const a = this.fluents;
    const b = other.fluents;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
}
