/**
 * An append-only Int32Array that doubles its buffer as it fills (no allocation per element). `data` is the
 * current buffer, valid up to `length`; setting `length` to 0 empties it and keeps the buffer.
 */
export class GrowableInt32 {
  data: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** Pushes `values[from .. to)`. */
  append(values: ArrayLike<number>, from: number, to: number): void {
    for (let i = from; i < to; i++) this.push(values[i]!);
  }

  get(index: number): number {
    return this.data[index]!;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }
}
