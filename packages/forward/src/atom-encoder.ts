// Relation ids of atoms under variable bindings, computed directly from term ids (Definition 4) without
// building the argument terms: each slot value is turned into its digit through a dense term-id table.
// Used by the table-free join for its conditions and its result.
import type { Atom, Pattern, TermId, TermStore } from '@gdlkit/core';
import { localId, type RelationLayout, type Slot } from './relation-ids.js';
import { instantiate } from './term-match.js';

const digitTables = new WeakMap<Slot, Int32Array>();

/** Digit of each term id in a slot (I(∆, l) of Definition 4), -1 for terms outside it. */
export function digitTable(slot: Slot): Int32Array {
  let table = digitTables.get(slot);
  if (!table) {
    const size = slot.values.reduce((m, v) => Math.max(m, v + 1), 0);
    table = new Int32Array(size).fill(-1);
    slot.values.forEach((v, i) => {
      table![v] = i;
    });
    digitTables.set(slot, table);
  }
  return table;
}

/** The digit of `term` in a slot's table, or -1. */
export function digitOf(table: Int32Array, term: TermId): number {
  return term < table.length ? table[term]! : -1;
}

/** Strides of a shape's slots: the weight of each digit in its mixed-radix key (doubles: keys reach 2^53). */
export function slotStrides(radices: readonly number[]): Float64Array {
  const strides = new Float64Array(radices.length);
  let w = 1;
  for (let k = 0; k < radices.length; k++) {
    strides[k] = w;
    w *= radices[k]!;
  }
  return strides;
}

/** The digit of a slot in a mixed-radix key (exact for keys below 2^53). */
export function keyDigit(key: number, stride: number, radix: number): number {
  return Math.floor(key / stride) % radix;
}

/** One argument of an atom: either its choice is fixed by the pattern, or it is a variable decided at run time. */
interface ArgumentCode {
  /** Fixed choice index, or -1 when the argument is a variable. */
  readonly choice: number;
  readonly variable: number;
  /** For a fixed choice: per slot a constant digit (>= 0), or -1 with `patterns[a]` to evaluate. */
  readonly digits: Int32Array;
  readonly patterns: readonly (Pattern | undefined)[];
  readonly tables: readonly Int32Array[];
  /** For a variable: the digit tables of every slot of every choice. */
  readonly optionTables: readonly (readonly Int32Array[])[];
}

export class AtomEncoder {
  /** Program-wide shape of the last id returned by `encode`. */
  shape = -1;
  private readonly args: ArgumentCode[] = [];
  /** The atom can never lie inside the argument domains. */
  private readonly never: boolean;
  private readonly choiceWeights: Int32Array;
  private readonly strides: Float64Array[];
  private readonly chosen: Int32Array;
  private readonly digits: Int32Array;

  constructor(
    private readonly store: TermStore,
    private readonly layout: RelationLayout,
    atom: Atom,
    /** Number unseen instances of sparse shapes (for a result written; a test leaves them absent). */
    private readonly create = false,
  ) {
    let never = false;
    const choices = layout.argChoices;
    this.choiceWeights = new Int32Array(choices.length);
    let w = 1;
    let widest = 0;
    choices.forEach((c, j) => {
      this.choiceWeights[j] = w;
      w *= c.length;
      widest += Math.max(1, ...c.map((o) => o.slots.length));
    });
    atom.args.forEach((p, j) => {
      const options = choices[j]!;
      if (p.kind === 'var') {
        this.args.push({
          choice: -1,
          variable: p.index,
          digits: new Int32Array(0),
          patterns: [],
          tables: [],
          optionTables: options.map((o) => o.slots.map(digitTable)),
        });
        return;
      }
      const isCompound = p.kind === 'fn' || store.arity(p.term) > 0;
      const functor = p.kind === 'fn' ? p.functor : isCompound ? store.functor(p.term) : -1;
      const arity = p.kind === 'fn' ? p.args.length : store.arity(p.term);
      const c = options.findIndex((o) =>
        isCompound ? o.functor === functor && o.slots.length === arity : o.functor === -1,
      );
      if (c < 0) {
        never = true;
        this.args.push({
          choice: 0,
          variable: -1,
          digits: new Int32Array(0),
          patterns: [],
          tables: [],
          optionTables: [],
        });
        return;
      }
      const option = options[c]!;
      const tables = option.slots.map(digitTable);
      const digits = new Int32Array(option.slots.length).fill(-1);
      const patterns: (Pattern | undefined)[] = [];
      option.slots.forEach((_, a) => {
        const sub: Pattern =
          option.functor === -1
            ? p
            : p.kind === 'fn'
              ? p.args[a]!
              : { kind: 'ground', term: store.arg(p.term, a) };
        if (sub.kind === 'ground') {
          digits[a] = digitOf(tables[a]!, sub.term);
          if (digits[a]! < 0) never = true;
          patterns.push(undefined);
        } else patterns.push(sub);
      });
      this.args.push({ choice: c, variable: -1, digits, patterns, tables, optionTables: [] });
    });
    this.never = never;
    this.strides = layout.shapes.map((s) => slotStrides(s.radices));
    this.chosen = new Int32Array(choices.length);
    this.digits = new Int32Array(widest);
  }

  /**
   * The program-wide id of the atom under `bindings`, or -1 when it lies outside the argument domains (or,
   * without `create`, is an instance of a sparse shape never written).
   */
  encode(bindings: Int32Array): number {
    if (this.never) return -1;
    const choices = this.layout.argChoices;
    let shapeIndex = 0;
    // Digits are gathered per argument first, because slot positions depend on every argument's choice.
    let k = 0;
    for (let j = 0; j < this.args.length; j++) {
      const code = this.args[j]!;
      let c = code.choice;
      if (c < 0) {
        const term = bindings[code.variable]!;
        c = this.variableChoice(choices[j]!, code.optionTables, term, k);
        if (c < 0) return -1;
        k += choices[j]![c]!.slots.length;
      } else {
        for (let a = 0; a < code.digits.length; a++) {
          let d = code.digits[a]!;
          if (d < 0) d = digitOf(code.tables[a]!, this.valueOf(code.patterns[a]!, bindings));
          if (d < 0) return -1;
          this.digits[k++] = d;
        }
      }
      this.chosen[j] = c;
      shapeIndex += c * this.choiceWeights[j]!;
    }
    const shape = this.layout.shapes[shapeIndex]!;
    const strides = this.strides[shapeIndex]!;
    let key = 0;
    for (let s = 0; s < k; s++) key += this.digits[s]! * strides[s]!;
    this.shape = shape.global;
    const id = localId(shape, key, this.create);
    return id < 0 ? -1 : this.layout.base + id;
  }

  /** Which choice holds a bound variable's term; its digits are written from position k. */
  private variableChoice(
    options: RelationLayout['argChoices'][number],
    tables: readonly (readonly Int32Array[])[],
    term: TermId,
    k: number,
  ): number {
    const store = this.store;
    const arity = store.arity(term);
    for (let c = 0; c < options.length; c++) {
      const o = options[c]!;
      if (o.functor === -1) {
        if (arity !== 0) continue;
        const d = digitOf(tables[c]![0]!, term);
        if (d < 0) return -1;
        this.digits[k] = d;
        return c;
      }
      if (o.functor !== store.functor(term) || o.slots.length !== arity) continue;
      for (let a = 0; a < arity; a++) {
        const d = digitOf(tables[c]![a]!, store.arg(term, a));
        if (d < 0) return -1;
        this.digits[k + a] = d;
      }
      return c;
    }
    return -1;
  }

  private valueOf(p: Pattern, bindings: Int32Array): TermId {
    return p.kind === 'var' ? bindings[p.index]! : instantiate(this.store, p, bindings);
  }
}
