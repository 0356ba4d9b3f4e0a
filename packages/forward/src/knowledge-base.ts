// The knowledge base of section 3: per shape a list of ids in production order (one segment of `data`, as
// long as the shape's instance set, with a count) and one membership byte per id across the whole program.
// Writing and enumerating cost O(n), clearing a list O(n) (reset the bytes of its entries), Exists(ID) O(1).
// A sparse shape's ids number the positions its interner hands out (sparse-ids.ts), so its list and bytes
// are sized by the interner's capacity rather than by its mixed-radix id space.
import { BudgetExceededError } from '@gdlkit/core';
import type { RelationLayout, Shape } from './relation-ids.js';

export class KnowledgeBase {
  /** Membership byte per program-wide id. */
  readonly bits: Uint8Array;
  /** Lists: shape s owns data[starts[s] .. starts[s] + counts[s]). */
  readonly data: Int32Array;
  readonly starts: Int32Array;
  readonly counts: Int32Array;
  /** Per shape, how many times its list was cleared (argument indexes rebuild when it changes). */
  readonly epochs: Int32Array;
  readonly shapes: readonly Shape[];
  readonly size: number;

  constructor(
    readonly layouts: readonly RelationLayout[],
    memoryBytes: number,
  ) {
    const shapes: Shape[] = [];
    let base = 0;
    for (const layout of layouts) {
      layout.base = base;
      for (const shape of layout.shapes) {
        shape.global = shapes.length;
        shapes.push(shape);
      }
      base += layout.size;
    }
    const bytes = base * 5;
    if (bytes > memoryBytes) {
      const largest = [...layouts].sort((a, b) => b.size - a.size)[0];
      throw new BudgetExceededError(
        `the forward chainer's knowledge base needs ${Math.ceil(bytes / 1024)} kB for ${base} relation instances, over the memory budget of ${Math.ceil(memoryBytes / 1024)} kB`,
        { relation: largest ? String(largest.relation) : undefined, limit: `${memoryBytes} bytes` },
      );
    }
    this.size = base;
    this.shapes = shapes;
    this.bits = new Uint8Array(base);
    this.data = new Int32Array(base);
    this.starts = new Int32Array(shapes.length + 1);
    this.counts = new Int32Array(shapes.length);
    this.epochs = new Int32Array(shapes.length);
    for (const layout of layouts) {
      for (const shape of layout.shapes) this.starts[shape.global] = layout.base + shape.offset;
    }
    this.starts[shapes.length] = base;
  }

  get footprintBytes(): number {
    const interners = new Set(this.shapes.flatMap((s) => (s.sparse ? [s.sparse] : [])));
    let sparse = 0;
    for (const ids of interners) sparse += ids.bytes;
    return (
      sparse +
      this.bits.byteLength +
      this.data.byteLength +
      this.starts.byteLength +
      this.counts.byteLength +
      this.epochs.byteLength
    );
  }

  /** Writes a program-wide id of shape `shape`; false when it was already there. */
  add(id: number, shape: number): boolean {
    if (this.bits[id] !== 0) return false;
    this.bits[id] = 1;
    this.data[this.starts[shape]! + this.counts[shape]!++] = id;
    return true;
  }

  has(id: number): boolean {
    return this.bits[id] !== 0;
  }

  /** Number of ids stored for a relation. */
  count(layout: RelationLayout): number {
    let n = 0;
    for (const shape of layout.shapes) n += this.counts[shape.global]!;
    return n;
  }

  /** The program-wide ids of a relation in production order, shape by shape. */
  ids(layout: RelationLayout): number[] {
    const out: number[] = [];
    for (const shape of layout.shapes) {
      const start = this.starts[shape.global]!;
      for (let i = 0; i < this.counts[shape.global]!; i++) out.push(this.data[start + i]!);
    }
    return out;
  }

  /** Writes a relation-local id of `layout`. */
  addLocal(layout: RelationLayout, id: number): boolean {
    return this.add(layout.base + id, layout.shapeOf(id).global);
  }
}
