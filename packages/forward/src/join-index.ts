// Argument indexes over the knowledge base lists, for rules that run without reference tables. An index of
// a shape on a set of its slots groups the shape's list entries by the digits of those slots: the key (the
// mixed-radix number of the digits) heads a chain of list positions. The heads are a dense array over the
// key space when it is no larger than the shape's list, otherwise (sparse shapes, sparse-ids.ts) a hash
// table whose chains mix keys and are filtered by the key stored per entry. It follows the list it indexes
// incrementally: entries produced since the last look are appended, and a cleared list (a new epoch in the
// knowledge base) empties it, so permanent relations are indexed once and state relations once per state.
import { keyDigit } from './atom-encoder.js';
import type { KnowledgeBase } from './knowledge-base.js';
import type { Shape } from './relation-ids.js';
import { hashKey } from './sparse-ids.js';

const INITIAL_ENTRIES = 1024;

export class JoinIndex {
  /** Slots forming the key, ascending, with their strides in the mixed-radix key and radices. */
  readonly keySlots: Int32Array;
  private readonly keyStrides: Float64Array;
  private readonly keyRadices: Int32Array;
  private readonly keyWeights: Float64Array;
  /** Hash table heads instead of one head per key. */
  private readonly hashed: boolean;
  /** First list position of each key's (or bucket's) chain, valid when its stamp equals `version`. */
  private heads: Int32Array;
  private stamps: Int32Array;
  /** Next entry (list-relative) in the same chain, per entry. */
  private chain: Int32Array;
  /** Key of each entry (hashed only). */
  private entryKeys: Float64Array;
  private version = 1;
  private epoch = -1;
  private indexed = 0;
  private readonly start: number;
  private readonly firstId: number;

  constructor(
    private readonly kb: KnowledgeBase,
    readonly shape: Shape,
    layoutBase: number,
    slots: readonly number[],
    strides: Float64Array,
  ) {
    this.keySlots = Int32Array.from(slots);
    this.keyStrides = Float64Array.from(slots, (k) => strides[k]!);
    this.keyRadices = Int32Array.from(slots, (k) => shape.radices[k]!);
    this.keyWeights = new Float64Array(slots.length);
    let space = 1;
    slots.forEach((k, i) => {
      this.keyWeights[i] = space;
      space *= shape.radices[k]!;
    });
    this.hashed = space > shape.size;
    const heads = this.hashed ? INITIAL_ENTRIES * 2 : space;
    this.heads = new Int32Array(heads);
    this.stamps = new Int32Array(heads);
    const entries = Math.min(shape.size, INITIAL_ENTRIES);
    this.chain = new Int32Array(entries);
    this.entryKeys = new Float64Array(this.hashed ? entries : 0);
    this.start = kb.starts[shape.global]!;
    this.firstId = layoutBase + shape.offset;
  }

  get bytes(): number {
    return this.heads.byteLength + this.stamps.byteLength + this.chain.byteLength + this.entryKeys.byteLength;
  }

  /** Weight of the i-th key slot's digit in the key. */
  weight(i: number): number {
    return this.keyWeights[i]!;
  }

  /** The first list position (into kb.data) of a key's chain, or -1; brings the index up to date first. */
  first(key: number): number {
    this.sync();
    if (!this.hashed) return this.stamps[key] === this.version ? this.heads[key]! : -1;
    const bucket = hashKey(key) & (this.heads.length - 1);
    if (this.stamps[bucket] !== this.version) return -1;
    return this.match(this.heads[bucket]! - this.start, key);
  }

  /** The list position after `position` in the chain of `key`, or -1. */
  next(position: number, key: number): number {
    const n = this.chain[position - this.start]!;
    if (n < 0) return -1;
    return this.hashed ? this.match(n, key) : this.start + n;
  }

  /** The first entry from `entry` on along its chain whose key is `key`, as a list position, or -1. */
  private match(entry: number, key: number): number {
    let e = entry;
    while (e >= 0 && this.entryKeys[e] !== key) e = this.chain[e]!;
    return e < 0 ? -1 : this.start + e;
  }

  private sync(): void {
    const kb = this.kb;
    const s = this.shape.global;
    if (this.epoch !== kb.epochs[s]) {
      this.epoch = kb.epochs[s]!;
      this.version++;
      this.indexed = 0;
    }
    const count = kb.counts[s]!;
    if (this.indexed === count) return;
    if (count > this.chain.length) this.grow(count);
    if (this.hashed && count * 2 > this.heads.length) {
      // A larger table: every entry of this epoch is linked again.
      let size = this.heads.length;
      while (count * 2 > size) size *= 2;
      this.heads = new Int32Array(size);
      this.stamps = new Int32Array(size);
      this.indexed = 0;
    }
    this.link(this.indexed, count);
    this.indexed = count;
  }

  private grow(count: number): void {
    let size = this.chain.length;
    while (size < count) size *= 2;
    size = Math.min(size, this.shape.size);
    const chain = new Int32Array(size);
    chain.set(this.chain);
    this.chain = chain;
    if (this.hashed) {
      const keys = new Float64Array(size);
      keys.set(this.entryKeys);
      this.entryKeys = keys;
    }
  }

  /** Links entries [from, to) of the list into their chains. */
  private link(from: number, to: number): void {
    const data = this.kb.data;
    const sparse = this.shape.sparse;
    const n = this.keySlots.length;
    const mask = this.heads.length - 1;
    for (let i = from; i < to; i++) {
      const position = data[this.start + i]! - this.firstId;
      const local = sparse === undefined ? position : sparse.keys[position]!;
      let key = 0;
      for (let k = 0; k < n; k++) {
        key += keyDigit(local, this.keyStrides[k]!, this.keyRadices[k]!) * this.keyWeights[k]!;
      }
      let head = key;
      if (this.hashed) {
        this.entryKeys[i] = key;
        head = hashKey(key) & mask;
      }
      if (this.stamps[head] !== this.version) {
        this.stamps[head] = this.version;
        this.chain[i] = -1;
      } else this.chain[i] = this.heads[head]! - this.start;
      this.heads[head] = this.start + i;
    }
  }
}
