// Compact ids for a shape whose mixed-radix id space (Definition 4) is too large for one membership byte
// per id (checkers' legal/does moves: 1.3 × 10^8 ids, a few thousand ever produced). Each mixed-radix id
// ("key", exact as a double below 2^53) seen is given the next free position in an open-addressing hash
// table; the knowledge base then keeps its list and membership bytes over positions, so Exists() stays one
// hash lookup plus one byte read (O(1)) and clearing stays O(n) in the list. The interner of a relation
// derived afresh per state is emptied with its list (`clear`, O(n) too), so `capacity` bounds the instances
// of one state; those of state and move relations (ids kept in states) stay numbered for the reasoner's life.
// Past `capacity` distinct instances, a new one is a BudgetExceededError.
import { BudgetExceededError } from '@gdlkit/core';

const EMPTY = 0;
const INITIAL_TABLE = 1024;
const TWO_32 = 4294967296;

/** Mixes a non-negative integer below 2^53 into 32 bits. */
export function hashKey(key: number): number {
  const low = key >>> 0;
  const high = Math.floor(key / TWO_32);
  let h = Math.imul(low ^ Math.imul(high, 0x27d4eb2d), 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}

export class SparseIds {
  /** Key of each position (grows on demand up to `capacity`). */
  keys: Float64Array;
  count = 0;
  /** Hash slots holding position + 1 (0 = empty); at most half full. */
  private slots: Int32Array;

  constructor(
    readonly capacity: number,
    /** Names the shape in the budget error. */
    private readonly label: string,
  ) {
    this.slots = new Int32Array(INITIAL_TABLE);
    this.keys = new Float64Array(Math.min(capacity, INITIAL_TABLE / 2));
  }

  get bytes(): number {
    return this.slots.byteLength + this.keys.byteLength;
  }

  /** The position of a key, or -1 when it was never interned. */
  find(key: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let h = hashKey(key) & mask; ; h = (h + 1) & mask) {
      const p = slots[h]!;
      if (p === EMPTY) return -1;
      if (this.keys[p - 1] === key) return p - 1;
    }
  }

  /** The position of a key, given the next free one when it is new. */
  intern(key: number): number {
    const found = this.find(key);
    if (found >= 0) return found;
    if (this.count === this.capacity) {
      throw new BudgetExceededError(
        `the forward chainer saw more than ${this.capacity} distinct instances of the sparse relation shape ${this.label}`,
        { limit: `${this.capacity} instances` },
      );
    }
    const p = this.count++;
    if (p === this.keys.length) {
      const keys = new Float64Array(Math.min(this.capacity, this.keys.length * 2));
      keys.set(this.keys);
      this.keys = keys;
    }
    this.keys[p] = key;
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(this.slots, p);
    return p;
  }

  key(position: number): number {
    return this.keys[position]!;
  }

  /** Forgets every key, in O(count): positions are handed out from 0 again. */
  clear(): void {
    const slots = this.slots;
    const mask = slots.length - 1;
    // Every key goes, so a probe may pass slots already emptied: it looks for its own position only.
    for (let p = 0; p < this.count; p++) {
      let h = hashKey(this.keys[p]!) & mask;
      while (slots[h] !== p + 1) h = (h + 1) & mask;
      slots[h] = EMPTY;
    }
    this.count = 0;
  }

  private place(slots: Int32Array, p: number): void {
    const mask = slots.length - 1;
    let h = hashKey(this.keys[p]!) & mask;
    while (slots[h] !== EMPTY) h = (h + 1) & mask;
    slots[h] = p + 1;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    for (let p = 0; p < this.count; p++) this.place(slots, p);
    this.slots = slots;
  }
}
