// Interned symbols and hash-consed ground terms. Every ground term has one integer id, so backends compare
// answers by id and never build strings on a hot path.

export type SymbolId = number;
export type TermId = number;

const EMPTY = -1;

function hashMix(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x9e3779b1);
  return (h ^ (h >>> 15)) | 0;
}

/** A growable store of ground terms: a term is a functor symbol with argument term ids (none for constants). */
export class TermStore {
  private readonly symbolNames: string[] = [];
  private readonly symbolIndex = new Map<string, SymbolId>();

  private functors = new Int32Array(1024);
  private argStarts = new Int32Array(1024);
  private arities = new Int32Array(1024);
  private args = new Int32Array(4096);
  private argsUsed = 0;
  private count = 0;

  // Open addressing over term ids, keyed by (functor, args).
  private table = new Int32Array(2048).fill(EMPTY);
  private kifCache: (string | undefined)[] = [];

  /** Number of terms interned so far; ids are 0 .. size-1. */
  get size(): number {
    return this.count;
  }

  get symbolCount(): number {
    return this.symbolNames.length;
  }

  symbol(name: string): SymbolId {
    let id = this.symbolIndex.get(name);
    if (id === undefined) {
      id = this.symbolNames.length;
      this.symbolNames.push(name);
      this.symbolIndex.set(name, id);
    }
    return id;
  }

  /** The id of a symbol if it was ever interned, without interning it. */
  findSymbol(name: string): SymbolId | undefined {
    return this.symbolIndex.get(name);
  }

  symbolName(id: SymbolId): string {
    const name = this.symbolNames[id];
    if (name === undefined) throw new RangeError(`unknown symbol id ${id}`);
    return name;
  }

  /** The constant term for a symbol name. */
  constant(name: string): TermId {
    return this.compound(this.symbol(name), EMPTY_ARGS);
  }

  /** Interns functor(args[start..start+length)); with no args it is the constant `functor`. */
  compound(functor: SymbolId, args: ArrayLike<number>, start = 0, length = args.length - start): TermId {
    let h = hashMix(functor, length);
    for (let i = 0; i < length; i++) h = hashMix(h, args[start + i]!);
    const mask = this.table.length - 1;
    let slot = h & mask;
    for (;;) {
      const id = this.table[slot]!;
      if (id === EMPTY) break;
      if (
        this.functors[id] === functor &&
        this.arities[id] === length &&
        this.sameArgs(id, args, start, length)
      ) {
        return id;
      }
      slot = (slot + 1) & mask;
    }
    const id = this.append(functor, args, start, length);
    this.table[slot] = id;
    if (this.count * 2 > this.table.length) this.rehash();
    return id;
  }

  /** Looks a term up without interning it; undefined if it was never built. */
  find(
    functor: SymbolId,
    args: ArrayLike<number>,
    start = 0,
    length = args.length - start,
  ): TermId | undefined {
    let h = hashMix(functor, length);
    for (let i = 0; i < length; i++) h = hashMix(h, args[start + i]!);
    const mask = this.table.length - 1;
    let slot = h & mask;
    for (;;) {
      const id = this.table[slot]!;
      if (id === EMPTY) return undefined;
      if (
        this.functors[id] === functor &&
        this.arities[id] === length &&
        this.sameArgs(id, args, start, length)
      ) {
        return id;
      }
      slot = (slot + 1) & mask;
    }
  }

  functor(term: TermId): SymbolId {
    return this.functors[term]!;
  }

  arity(term: TermId): number {
    return this.arities[term]!;
  }

  arg(term: TermId, index: number): TermId {
    return this.args[this.argStarts[term]! + index]!;
  }

  argList(term: TermId): TermId[] {
    const start = this.argStarts[term]!;
    return Array.from(this.args.subarray(start, start + this.arities[term]!));
  }

  /** Canonical KIF text: lowercase as interned, single spaces, e.g. `(cell 1 1 b)`. Cached per term. */
  toKif(term: TermId): string {
    const cached = this.kifCache[term];
    if (cached !== undefined) return cached;
    const name = this.symbolNames[this.functors[term]!]!;
    const arity = this.arities[term]!;
    let text: string;
    if (arity === 0) {
      text = name;
    } else {
      const parts = [name];
      for (let i = 0; i < arity; i++) parts.push(this.toKif(this.arg(term, i)));
      text = `(${parts.join(' ')})`;
    }
    this.kifCache[term] = text;
    return text;
  }

  private sameArgs(id: TermId, args: ArrayLike<number>, start: number, length: number): boolean {
    const base = this.argStarts[id]!;
    for (let i = 0; i < length; i++) if (this.args[base + i] !== args[start + i]) return false;
    return true;
  }

  private append(functor: SymbolId, args: ArrayLike<number>, start: number, length: number): TermId {
    const id = this.count++;
    if (id >= this.functors.length) {
      this.functors = grow(this.functors, id + 1);
      this.argStarts = grow(this.argStarts, id + 1);
      this.arities = grow(this.arities, id + 1);
    }
    if (this.argsUsed + length > this.args.length) this.args = grow(this.args, this.argsUsed + length);
    this.functors[id] = functor;
    this.arities[id] = length;
    this.argStarts[id] = this.argsUsed;
    for (let i = 0; i < length; i++) this.args[this.argsUsed + i] = args[start + i]!;
    this.argsUsed += length;
    return id;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2).fill(EMPTY);
    const mask = table.length - 1;
    for (let id = 0; id < this.count; id++) {
      const length = this.arities[id]!;
      const base = this.argStarts[id]!;
      let h = hashMix(this.functors[id]!, length);
      for (let i = 0; i < length; i++) h = hashMix(h, this.args[base + i]!);
      let slot = h & mask;
      while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
  }
}

const EMPTY_ARGS: readonly number[] = [];

function grow(array: Int32Array, needed: number): Int32Array<ArrayBuffer> {
  let size = array.length * 2;
  while (size < needed) size *= 2;
  const next = new Int32Array(size);
  next.set(array);
  return next;
}

/** Sorts term ids by their canonical KIF text (plain string order), removing duplicates: DESIGN.md section 4. */
export function sortCanonical(store: TermStore, terms: Iterable<TermId>): TermId[] {
  const unique = [...new Set(terms)];
  const keyed = unique.map((t) => [store.toKif(t), t] as const);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return keyed.map((k) => k[1]);
}
