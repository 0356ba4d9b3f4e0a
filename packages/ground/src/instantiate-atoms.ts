// The reachable ground atoms of a game, numbered densely, with per-argument indexes for joins. Atoms are kept
// in the order they were found, each with the fixpoint round that found it (its stamp), so semi-naive joins
// can tell old atoms from the last round's delta.
import type { Game, RelationId, TermId } from '@gdlkit/core';

export class AtomTable {
  terms: Int32Array<ArrayBuffer> = new Int32Array(1024);
  relations: Int32Array<ArrayBuffer> = new Int32Array(1024);
  stamps: Int32Array<ArrayBuffer> = new Int32Array(1024);
  count = 0;
  /** Atom ids of each relation in the order they were added (hence by increasing stamp). */
  readonly byRelation: number[][];
  private readonly byTerm = new Map<TermId, number>();
  /** indexes[relation][position] maps an argument term to the atoms with that argument, created on demand. */
  private readonly indexes: (Map<TermId, number[]> | undefined)[][];

  constructor(private readonly game: Game) {
    this.byRelation = game.relations.map(() => []);
    this.indexes = game.relations.map((r) => new Array(r.arity).fill(undefined));
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
    const indexes = this.indexes[relation]!;
    const store = this.game.store;
    for (let p = 0; p < indexes.length; p++) {
      const index = indexes[p];
      if (index !== undefined) bucketPush(index, store.arg(term, p), id);
    }
    return id;
  }

  /** The atoms of `relation` whose argument `position` is `value`. */
  bucket(relation: RelationId, position: number, value: TermId): readonly number[] | undefined {
    const indexes = this.indexes[relation]!;
    let index = indexes[position];
    if (index === undefined) {
      index = new Map();
      const store = this.game.store;
      for (const id of this.byRelation[relation]!)
        bucketPush(index, store.arg(this.terms[id]!, position), id);
      indexes[position] = index;
    }
    return index.get(value);
  }
}

function bucketPush(index: Map<TermId, number[]>, key: TermId, id: number): void {
  const list = index.get(key);
  if (list === undefined) index.set(key, [id]);
  else list.push(id);
}

function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const next = new Int32Array(a.length * 2);
  next.set(a);
  return next;
}
