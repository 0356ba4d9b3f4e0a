// Which cells of a dynamic input's reference table can match, given the variables bound so far. A table row
// (one RefNo) covers every instance of the input's shapes, but a slot that the atom fixes (a constant, or a
// variable bound by an earlier input) lets only one digit match; the other cells are Fail without trying.
// Enumerating the free slots only turns a row's work from |S(Q_i)| matches into the number of instances
// consistent with the bindings (TicTacToe's (true (cell ?m ?n x)) with ?m ?n bound: 3 instead of 27).
import type { Atom, Pattern, TermId, TermStore } from '@gdlkit/core';
import { digitOf, digitTable } from './atom-encoder.js';
import type { Shape } from './relation-ids.js';
import { UNBOUND } from './term-match.js';

/** What fixes one slot: a constant, a variable, argument `arg` of a whole-term variable, or nothing. */
type SlotSource =
  | { readonly kind: 'const'; readonly term: TermId }
  | { readonly kind: 'var'; readonly variable: number }
  | {
      readonly kind: 'whole';
      readonly variable: number;
      readonly functor: number;
      readonly arity: number;
      readonly arg: number;
    }
  | { readonly kind: 'free' };

const FREE: SlotSource = { kind: 'free' };

/** The cells of one shape that an atom can match under the bindings of one reference number. */
export class ShapeCells {
  private readonly sources: SlotSource[] = [];
  private readonly tables: Int32Array[];
  private readonly strides: Float64Array;
  private readonly digits: Int32Array;
  private readonly freeSlots: Int32Array;
  private freeCount = 0;
  private base = 0;

  constructor(
    private readonly store: TermStore,
    atom: Atom,
    readonly shape: Shape,
  ) {
    atom.args.forEach((p, j) => {
      const choice = shape.choices[j]!;
      const arity = choice.slots.length;
      for (let a = 0; a < arity; a++) this.sources.push(slotSource(store, p, choice.functor, arity, a));
    });
    this.tables = shape.slots.map(digitTable);
    this.strides = new Float64Array(shape.radices.length);
    let w = 1;
    shape.radices.forEach((r, k) => {
      this.strides[k] = w;
      w *= r;
    });
    this.digits = new Int32Array(shape.radices.length);
    this.freeSlots = new Int32Array(shape.radices.length);
  }

  /**
   * Fixes the slots bound under `bindings`; false when some bound slot holds a value outside its slot (no
   * cell of the shape can match). Then `forEach` visits the candidate cells.
   */
  bind(bindings: Int32Array): boolean {
    const store = this.store;
    let base = 0;
    let free = 0;
    for (let k = 0; k < this.sources.length; k++) {
      const s = this.sources[k]!;
      let term: TermId = UNBOUND;
      if (s.kind === 'const') term = s.term;
      else if (s.kind === 'var') term = bindings[s.variable]!;
      else if (s.kind === 'whole') {
        const t = bindings[s.variable]!;
        if (t !== UNBOUND) {
          if (store.functor(t) !== s.functor || store.arity(t) !== s.arity) return false;
          term = store.arg(t, s.arg);
        }
      }
      if (term === UNBOUND) {
        this.freeSlots[free++] = k;
        this.digits[k] = 0;
        continue;
      }
      const d = digitOf(this.tables[k]!, term);
      if (d < 0) return false;
      this.digits[k] = d;
      base += d * this.strides[k]!;
    }
    this.base = base;
    this.freeCount = free;
    return true;
  }

  /**
   * Calls `visit(cell)` for every cell whose fixed slots hold the bound digits, with `values` holding the
   * cell's slot values (term ids), in ascending cell order.
   */
  forEach(values: Int32Array, visit: (cell: number) => void): void {
    const slots = this.shape.slots;
    const radices = this.shape.radices;
    for (let k = 0; k < slots.length; k++) values[k] = slots[k]!.values[this.digits[k]!]!;
    const free = this.freeSlots;
    const n = this.freeCount;
    let cell = this.base;
    // An odometer over the free slots, least significant first.
    for (;;) {
      visit(cell);
      let i = 0;
      for (; i < n; i++) {
        const k = free[i]!;
        const d = this.digits[k]! + 1;
        if (d < radices[k]!) {
          this.digits[k] = d;
          values[k] = slots[k]!.values[d]!;
          cell += this.strides[k]!;
          break;
        }
        cell -= (d - 1) * this.strides[k]!;
        this.digits[k] = 0;
        values[k] = slots[k]!.values[0]!;
      }
      if (i === n) return;
    }
  }
}

/** What fixes slot `a` of an argument read through a choice with `functor` (−1: a constant slot). */
function slotSource(store: TermStore, p: Pattern, functor: number, arity: number, a: number): SlotSource {
  if (functor === -1) {
    if (p.kind === 'ground') return { kind: 'const', term: p.term };
    if (p.kind === 'var') return { kind: 'var', variable: p.index };
    return FREE;
  }
  if (p.kind === 'var') return { kind: 'whole', variable: p.index, functor, arity, arg: a };
  const sub: Pattern = p.kind === 'fn' ? p.args[a]! : { kind: 'ground', term: store.arg(p.term, a) };
  if (sub.kind === 'ground') return { kind: 'const', term: sub.term };
  if (sub.kind === 'var') return { kind: 'var', variable: sub.index };
  return FREE;
}
