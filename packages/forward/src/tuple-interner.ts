// Numbers distinct tuples of term ids in first-seen order: the reference numbers of section 6.1 (Definition
// 7), one per combination of variable bindings that passes. Tuples live in one flat array and are found
// through an open-addressing hash table on their contents, so numbering millions of them (checkers' move
// rules) allocates nothing per tuple, and term ids of any size compare exactly.

const INITIAL_SLOTS = 1024;

export class TupleInterner {
  /** Tuple r is data[r * width .. (r + 1) * width). */
  data: Int32Array;
  count = 0;
  /** Hash slots holding tuple number + 1 (0 = empty); at most half full. */
  private slots = new Int32Array(INITIAL_SLOTS);

  constructor(readonly width: number) {
    this.data = new Int32Array(Math.max(1, width) * (INITIAL_SLOTS / 2));
  }

  /** The number of the tuple (bindings[vars[0]], …, bindings[vars[width-1]]), numbering it when new. */
  intern(bindings: Int32Array, vars: readonly number[]): number {
    const w = this.width;
    let h = 0x811c9dc5;
    for (let v = 0; v < w; v++) h = Math.imul(h ^ bindings[vars[v]!]!, 0x01000193);
    h ^= h >>> 16;
    const slots = this.slots;
    const mask = slots.length - 1;
    const data = this.data;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const r = slots[s]! - 1;
      if (r < 0) {
        const n = this.count++;
        this.store(n, bindings, vars);
        if (this.count * 2 > slots.length) this.rehash(slots.length * 2);
        else slots[s] = n + 1;
        return n;
      }
      let same = true;
      for (let v = 0, o = r * w; v < w; v++, o++) {
        if (data[o] !== bindings[vars[v]!]) {
          same = false;
          break;
        }
      }
      if (same) return r;
    }
  }

  /** Writes tuple r into `bindings` at `vars`. */
  load(r: number, bindings: Int32Array, vars: readonly number[]): void {
    const w = this.width;
    for (let v = 0, o = r * w; v < w; v++, o++) bindings[vars[v]!] = this.data[o]!;
  }

  private store(n: number, bindings: Int32Array, vars: readonly number[]): void {
    const w = this.width;
    if ((n + 1) * w > this.data.length) {
      const data = new Int32Array(this.data.length * 2);
      data.set(this.data);
      this.data = data;
    }
    for (let v = 0, o = n * w; v < w; v++, o++) this.data[o] = bindings[vars[v]!]!;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    const mask = size - 1;
    const w = this.width;
    const data = this.data;
    for (let r = 0; r < this.count; r++) {
      let h = 0x811c9dc5;
      for (let v = 0, o = r * w; v < w; v++, o++) h = Math.imul(h ^ data[o]!, 0x01000193);
      h ^= h >>> 16;
      let s = h & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = r + 1;
    }
    this.slots = slots;
  }
}
