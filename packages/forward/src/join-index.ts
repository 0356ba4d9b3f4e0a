// Argument indexes over the knowledge base lists, for rules that run without reference tables. An index of
// a shape on a set of its slots groups the shape's list entries by the digits of those slots: a dense key
// (the mixed-radix number of the digits) heads a chain of list positions. It follows the list it indexes
// incrementally: entries produced since the last look are appended, and a cleared list (a new epoch in the
// knowledge base) empties it, so permanent relations are indexed once and state relations once per state.
import type { KnowledgeBase } from './knowledge-base.js';
import type { Shape } from './relation-ids.js';

export class JoinIndex {
  /** Slots forming the key, ascending, with their strides in the shape-local id and radices. */
  readonly keySlots: Int32Array;
  private readonly keyStrides: Int32Array;
  private readonly keyRadices: Int32Array;
  private readonly keyWeights: Int32Array;
  /** First list position of each key's chain, valid when its stamp equals `version`. */
  private readonly heads: Int32Array;
  private readonly stamps: Int32Array;
  /** Next list position in the same chain, per list position. */
  private readonly chain: Int32Array;
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
    strides: Int32Array,
  ) {
    this.keySlots = Int32Array.from(slots);
    this.keyStrides = Int32Array.from(slots, (k) => strides[k]!);
    this.keyRadices = Int32Array.from(slots, (k) => shape.radices[k]!);
    this.keyWeights = new Int32Array(slots.length);
    let space = 1;
    slots.forEach((k, i) => {
      this.keyWeights[i] = space;
      space *= shape.radices[k]!;
    });
    this.heads = new Int32Array(space);
    this.stamps = new Int32Array(space);
    this.chain = new Int32Array(shape.size);
    this.start = kb.starts[shape.global]!;
    this.firstId = layoutBase + shape.offset;
  }

  get bytes(): number {
    return this.heads.byteLength + this.stamps.byteLength + this.chain.byteLength;
  }

  /** Weight of the i-th key slot's digit in the key. */
  weight(i: number): number {
    return this.keyWeights[i]!;
  }

  /** The first list position (into kb.data) of a key's chain, or -1; brings the index up to date first. */
  first(key: number): number {
    this.sync();
    return this.stamps[key] === this.version ? this.heads[key]! : -1;
  }

  /** The list position after `position` in its chain, or -1. */
  next(position: number): number {
    const n = this.chain[position - this.start]!;
    return n < 0 ? -1 : this.start + n;
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
    const data = kb.data;
    const n = this.keySlots.length;
    for (let i = this.indexed; i < count; i++) {
      const local = data[this.start + i]! - this.firstId;
      let key = 0;
      for (let k = 0; k < n; k++) {
        key += (((local / this.keyStrides[k]!) | 0) % this.keyRadices[k]!) * this.keyWeights[k]!;
      }
      if (this.stamps[key] !== this.version) {
        this.stamps[key] = this.version;
        this.chain[i] = -1;
      } else this.chain[i] = this.heads[key]! - this.start;
      this.heads[key] = this.start + i;
    }
    this.indexed = count;
  }
}
