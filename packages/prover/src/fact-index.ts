// The state's fluents in hashed indexes: membership for ground `true` literals, and candidate lists by the
// fluent's functor and by functor plus first argument for partially bound ones.
import type { TermId, TermStore } from '@gdlkit/core';

const EMPTY: readonly TermId[] = [];

function functorKey(store: TermStore, term: TermId): number {
  return store.functor(term) * 1024 + store.arity(term);
}

export class FactIndex {
  private readonly members: Set<TermId>;
  private readonly byFunctor = new Map<number, TermId[]>();
  private readonly byFirstArg = new Map<number, Map<TermId, TermId[]>>();

  constructor(
    store: TermStore,
    readonly facts: Int32Array,
  ) {
    this.members = new Set(facts);
    for (let i = 0; i < facts.length; i++) {
      const f = facts[i]!;
      const key = functorKey(store, f);
      let list = this.byFunctor.get(key);
      if (list === undefined) this.byFunctor.set(key, (list = []));
      list.push(f);
      if (store.arity(f) === 0) continue;
      let byArg = this.byFirstArg.get(key);
      if (byArg === undefined) this.byFirstArg.set(key, (byArg = new Map()));
      const first = store.arg(f, 0);
      let sub = byArg.get(first);
      if (sub === undefined) byArg.set(first, (sub = []));
      sub.push(f);
    }
  }

  has(fluent: TermId): boolean {
    return this.members.has(fluent);
  }

  /** Fluents with this functor and arity. */
  withFunctor(functor: number, arity: number): readonly TermId[] {
    return this.byFunctor.get(functor * 1024 + arity) ?? EMPTY;
  }

  /** Fluents with this functor and arity whose first argument is `first`. */
  withFirstArg(functor: number, arity: number, first: TermId): readonly TermId[] {
    return this.byFirstArg.get(functor * 1024 + arity)?.get(first) ?? EMPTY;
  }
}
