// The reachable ground atoms of a game, numbered densely, with indexes for joins. Atoms are kept in the order
// they were found, each with the fixpoint round that found it (its stamp), so semi-naive joins can tell old
// atoms from the last round's delta by binary search in any atom list (stamps never decrease along one).
//
// An index serves one join step: it maps the values at the argument positions the step has bound when it is
// reached (leaves of the atom pattern, however deeply nested, e.g. ?x and white in (true (cell ?x ?y white)))
// to the atoms with those values, so a join visits only atoms that can match rather than a whole relation.
import type { RelationId, TermId, TermStore } from '@gdlkit/core';

/** A path from an atom's root to a subterm: argument indexes, outermost first. */
export type TermPath = readonly number[];

/** Which atoms an index holds (those with the given functors along paths) and which leaves it is keyed by. */
export interface IndexShape {
  /** Identifies the shape within its relation. */
  readonly key: string;
  readonly checks: readonly { readonly path: TermPath; readonly functor: number; readonly arity: number }[];
  readonly leaves: readonly TermPath[];
}

/** Folds one term id into a probe key; equal keys may come from different values, which the join's match rejects. */
export function mixKey(hash: number, value: TermId): number {
  const h = Math.imul((hash + value + 0x7f4a7c15) | 0, 0x85ebca6b);
  // 30 bits: small-integer map keys stay unboxed.
  return (h ^ (h >>> 13)) & 0x3fffffff;
}

export const KEY_SEED = 0x2545f491;

interface AtomIndex {
  readonly shape: IndexShape;
  readonly buckets: Map<number, number[]>;
}

export class AtomTable {
  terms: Int32Array<ArrayBuffer> = new Int32Array(1024);
  relations: Int32Array<ArrayBuffer> = new Int32Array(1024);
  stamps: Int32Array<ArrayBuffer> = new Int32Array(1024);
  count = 0;
  /** Atom ids of each relation in the order they were added (hence by increasing stamp). */
  readonly byRelation: number[][];
  private readonly byTerm = new Map<TermId, number>();
  private readonly indexes: AtomIndex[] = [];
  private readonly indexesOf: number[][];
  constructor(
    private readonly store: TermStore,
    relationCount: number,
  ) {
    this.byRelation = Array.from({ length: relationCount }, () => []);
    this.indexesOf = Array.from({ length: relationCount }, () => []);
  }

  find(term: TermId): number | undefined {
    return this.byTerm.get(term);
  }

  /** Adds the atom if it is new; returns its id and whether it was new (negative id = already present). */
  add(relation: RelationId, term: TermId, stamp: number): number {
    const known = this.byTerm.get(term);
    if (known !== undefined) return -known - 1;
    const id = this.count++;
    if (id >= this.terms.length) {
      this.terms = grow(this.terms);
      this.relations = grow(this.relations);
      this.stamps = grow(this.stamps);
    }
    this.terms[id] = term;
    this.relations[id] = relation;
    this.stamps[id] = stamp;
    this.byTerm.set(term, id);
    this.byRelation[relation]!.push(id);
    for (const index of this.indexesOf[relation]!) this.insert(this.indexes[index]!, term, id);
    return id;
  }

  /** The id of the index of `relation` with `shape`, built over the atoms found so far on first request. */
  index(relation: RelationId, shape: IndexShape): number {
    for (const i of this.indexesOf[relation]!) if (this.indexes[i]!.shape.key === shape.key) return i;
    const index: AtomIndex = { shape, buckets: new Map() };
    for (const id of this.byRelation[relation]!) this.insert(index, this.terms[id]!, id);
    this.indexes.push(index);
    this.indexesOf[relation]!.push(this.indexes.length - 1);
    return this.indexes.length - 1;
  }

  /** The mean number of atoms per key of an index (0 when it is empty). */
  meanBucket(index: number): number {
    const { buckets } = this.indexes[index]!;
    let atoms = 0;
    for (const list of buckets.values()) atoms += list.length;
    return buckets.size === 0 ? 0 : atoms / buckets.size;
  }

  /** The atoms of an index whose leaves hash to `key`, in id order. */
  probe(index: number, key: number): readonly number[] | undefined {
    return this.indexes[index]!.buckets.get(key);
  }

  private insert(index: AtomIndex, term: TermId, id: number): void {
    const store = this.store;
    for (const check of index.shape.checks) {
      const sub = subterm(store, term, check.path);
      if (store.arity(sub) !== check.arity || store.functor(sub) !== check.functor) return;
    }
    let key = KEY_SEED;
    for (const leaf of index.shape.leaves) key = mixKey(key, subterm(store, term, leaf));
    const list = index.buckets.get(key);
    if (list === undefined) index.buckets.set(key, [id]);
    else list.push(id);
  }
}

function subterm(store: TermStore, term: TermId, path: TermPath): TermId {
  let t = term;
  for (const i of path) t = store.arg(t, i);
  return t;
}

/** The first position in `list[lo, hi)` whose atom's stamp is at least `stamp` (stamps never decrease). */
export function firstStampAtLeast(
  list: readonly number[],
  stamps: Int32Array,
  stamp: number,
  lo: number,
  hi: number,
): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (stamps[list[mid]!]! < stamp) a = mid + 1;
    else b = mid;
  }
  return a;
}

function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const next = new Int32Array(a.length * 2);
  next.set(a);
  return next;
}
