// A rule run without reference tables (section 7.3: "rules that are too big to be ground can always be
// processed without reference tables"). Nested loops over the knowledge-base lists of its inputs in the
// planned order, as Figure 1 but with the matching done on slot digits instead of table lookups:
// - an input with bound slots (constants or variables bound by earlier inputs) walks only the matching
//   entries through an argument index of its shape (join-index.ts); an input with none scans its list;
// - conditions (positive and negative literals whose variables are bound, distinct) are checked as soon as
//   they are ground, positive and negative ones as an O(1) Exists() on the membership bytes;
// - the result's id is computed from the bindings and written to the knowledge base.
// Bindings are term ids; nothing is allocated per combination except when a rule builds nested function
// terms that are not in a slot (rare; they are interned through the term store).
import { type BodyLiteral, collectVariables, type Pattern, type TermId, type TermStore } from '@gdlkit/core';
import { AtomEncoder, digitOf, digitTable, keyDigit, slotStrides } from './atom-encoder.js';
import { JoinIndex } from './join-index.js';
import type { KnowledgeBase } from './knowledge-base.js';
import type { RelationLayout, Shape } from './relation-ids.js';
import type { RulePlan } from './rule-plan.js';
import type { SparseIds } from './sparse-ids.js';
import { compatibleShapes, instantiate, matchPattern, UNBOUND } from './term-match.js';

/** Indexes and whole-term caches shared by every table-free rule of a program. */
export class JoinContext {
  private readonly indexes = new Map<string, JoinIndex>();
  private readonly wholeTerms = new Map<string, Int32Array>();

  constructor(
    readonly store: TermStore,
    readonly layouts: readonly RelationLayout[],
    readonly kb: KnowledgeBase,
  ) {}

  get indexBytes(): number {
    let n = 0;
    for (const index of this.indexes.values()) n += index.bytes;
    for (const cache of this.wholeTerms.values()) n += cache.byteLength;
    return n;
  }

  /** Keeps only the indexes and caches the given joins use. */
  retain(joins: readonly IndexedJoin[]): void {
    const indexes = new Set<JoinIndex>();
    const caches = new Set<Int32Array>();
    for (const join of joins) join.collectStorage(indexes, caches);
    for (const [key, index] of this.indexes) if (!indexes.has(index)) this.indexes.delete(key);
    for (const [key, cache] of this.wholeTerms) if (!caches.has(cache)) this.wholeTerms.delete(key);
  }

  index(layout: RelationLayout, shape: Shape, slots: readonly number[], strides: Float64Array): JoinIndex {
    const key = `${shape.global}:${slots.join(',')}`;
    let index = this.indexes.get(key);
    if (!index) this.indexes.set(key, (index = new JoinIndex(this.kb, shape, layout.base, slots, strides)));
    return index;
  }

  /** Interned term of argument j per shape position (shape-local id; -1 until first asked). */
  wholeTermCache(shape: Shape, j: number): Int32Array {
    const key = `${shape.global}:${j}`;
    let cache = this.wholeTerms.get(key);
    if (!cache) this.wholeTerms.set(key, (cache = new Int32Array(shape.size).fill(-1)));
    return cache;
  }
}

const KEY_CONSTANT = 0;
const KEY_VARIABLE = 1;
/** A slot inside a function-term argument bound as a whole to a variable. */
const KEY_WHOLE = 2;

/** How one compatible shape of an input literal is matched. */
interface ShapeScan {
  readonly shape: Shape;
  readonly start: number;
  readonly firstId: number;
  /** Mixed-radix keys of the shape's positions when it is sparse. */
  readonly sparse: SparseIds | undefined;
  readonly strides: Float64Array;
  readonly radices: Int32Array;
  readonly slotValues: readonly (readonly TermId[])[];
  /** Absent when no slot is bound: the whole list is scanned. */
  readonly index: JoinIndex | undefined;
  // Key parts, parallel to index.keySlots.
  readonly keyKind: Int32Array;
  readonly keyDigit: Int32Array;
  readonly keyVariable: Int32Array;
  readonly keyFunctor: Int32Array;
  readonly keyArity: Int32Array;
  readonly keyArg: Int32Array;
  readonly keyTables: readonly Int32Array[];
  /** (slot, variable) pairs: first occurrences bind, later ones in the same literal compare. */
  readonly binds: Int32Array;
  readonly sames: Int32Array;
  /** Variables bound to a whole function-term argument: variable, argument, first (1) or repeated (0). */
  readonly wholes: readonly { variable: number; cache: Int32Array; j: number; first: boolean }[];
  /** Slots holding a nested function pattern, matched through the term store. */
  readonly generics: readonly { slot: number; pattern: Pattern }[];
  /** Variables first bound inside generic patterns, reset before each candidate. */
  readonly fresh: Int32Array;
}

const INPUT = 0;
const TEST = 1;
const DISTINCT = 2;
/** The whole-term cache of a sparse shape, which has none. */
const NO_CACHE = new Int32Array(0);

type Step =
  | {
      readonly kind: typeof INPUT;
      readonly relation: number;
      readonly scans: readonly ShapeScan[];
      /**
       * No variable bound here or later reaches the result: one way through suffices, as every other
       * derives the same fact.
       */
      existential: boolean;
    }
  | {
      readonly kind: typeof TEST;
      readonly relation: number;
      readonly negative: boolean;
      readonly encoder: AtomEncoder;
    }
  | { readonly kind: typeof DISTINCT; readonly left: Pattern; readonly right: Pattern };

export class IndexedJoin {
  private readonly steps: Step[] = [];
  private readonly bindings: Int32Array;
  private readonly trail: number[] = [];
  private readonly head: AtomEncoder;
  private readonly store: TermStore;
  private readonly kb: KnowledgeBase;
  /** Semi-naive evaluation: the input step restricted to list positions at or after `deltaMarks`. */
  private deltaStep = -1;
  private deltaMarks: Int32Array = new Int32Array(0);

  constructor(
    private readonly ctx: JoinContext,
    readonly plan: RulePlan,
  ) {
    this.store = ctx.store;
    this.kb = ctx.kb;
    const rule = plan.rule;
    this.bindings = new Int32Array(rule.variableCount).fill(UNBOUND);
    this.head = new AtomEncoder(ctx.store, ctx.layouts[rule.head.relation]!, rule.head, true);
    const bound = new Set<number>();
    const conditionsAt = (level: number) => {
      for (const c of plan.conditions) if (c.level === level) this.steps.push(this.condition(c.literal));
    };
    conditionsAt(0);
    plan.inputs.forEach((literal, i) => {
      if (literal.kind !== 'pos') throw new Error('internal: an input is not a positive literal');
      const layout = ctx.layouts[literal.atom.relation]!;
      const scans: ShapeScan[] = [];
      for (const shape of compatibleShapes(ctx.store, layout, literal.atom)) {
        const scan = this.shapeScan(layout, shape, literal.atom.args, bound);
        if (scan) scans.push(scan);
      }
      for (const p of literal.atom.args) collectVariables(p, bound);
      this.steps.push({ kind: INPUT, relation: literal.atom.relation, scans, existential: false });
      conditionsAt(i + 1);
    });
    const headVariables = collectVariables(
      { kind: 'fn', functor: 0, args: rule.head.args },
      new Set<number>(),
    );
    const before = new Set<number>();
    const inputs = this.steps.filter((s) => s.kind === INPUT);
    const introducesHead = plan.inputs.map((literal) => {
      const fresh = new Set<number>();
      if (literal.kind === 'pos') for (const p of literal.atom.args) collectVariables(p, fresh);
      const used = [...fresh].some((v) => !before.has(v) && headVariables.has(v));
      for (const v of fresh) before.add(v);
      return used;
    });
    let later = false;
    for (let i = inputs.length - 1; i >= 0; i--) {
      later ||= introducesHead[i]!;
      inputs[i]!.existential = !later;
    }
  }

  run(): void {
    this.step(0);
  }

  /** Adds the argument indexes and whole-term caches this join reads. */
  collectStorage(indexes: Set<JoinIndex>, caches: Set<Int32Array>): void {
    for (const s of this.steps) {
      if (s.kind !== INPUT) continue;
      for (const scan of s.scans) {
        if (scan.index) indexes.add(scan.index);
        for (const w of scan.wholes) caches.add(w.cache);
      }
    }
  }

  /**
   * Steps of inputs on the given relations, or undefined when a positive condition tests one of them (a
   * condition cannot be restricted to new facts, so such a rule must be run in full every round).
   */
  recursiveInputs(relations: readonly number[]): number[] | undefined {
    const inputs: number[] = [];
    for (let i = 0; i < this.steps.length; i++) {
      const s = this.steps[i]!;
      if (s.kind === INPUT && relations.includes(s.relation)) inputs.push(i);
      if (s.kind === TEST && !s.negative && relations.includes(s.relation)) return undefined;
    }
    return inputs;
  }

  /** Step index of the first input, or -1. */
  firstInput(): number {
    return this.steps.findIndex((s) => s.kind === INPUT);
  }

  /**
   * Part of a semi-naive round: the combinations in which the input at step `input` reads a fact at or
   * after `marks` (its list length when the previous round began). Over every recursive input, a
   * combination whose newest recursive fact came from round t is thus found in round t + 1.
   */
  runDelta(input: number, marks: Int32Array): void {
    this.deltaMarks = marks;
    this.deltaStep = input;
    this.step(0);
    this.deltaStep = -1;
  }

  private condition(literal: BodyLiteral): Step {
    if (literal.kind === 'distinct') return { kind: DISTINCT, left: literal.left, right: literal.right };
    const encoder = new AtomEncoder(this.store, this.ctx.layouts[literal.atom.relation]!, literal.atom);
    return { kind: TEST, relation: literal.atom.relation, negative: literal.kind === 'neg', encoder };
  }

  /** The matcher of one shape for an input literal, or undefined when a constant lies outside its slots. */
  private shapeScan(
    layout: RelationLayout,
    shape: Shape,
    args: readonly Pattern[],
    bound: ReadonlySet<number>,
  ): ShapeScan | undefined {
    const store = this.store;
    const strides = slotStrides(shape.radices);
    const keys: {
      slot: number;
      kind: number;
      digit: number;
      variable: number;
      functor: number;
      arity: number;
      arg: number;
      table: Int32Array;
    }[] = [];
    const binds: number[] = [];
    const sames: number[] = [];
    const wholes: ShapeScan['wholes'][number][] = [];
    const generics: { slot: number; pattern: Pattern }[] = [];
    const seen = new Set<number>();
    const fresh = new Set<number>();
    let possible = true;
    const slotPattern = (slot: number, p: Pattern) => {
      const table = digitTable(shape.slots[slot]!);
      const key = { slot, kind: KEY_CONSTANT, digit: 0, variable: -1, functor: -1, arity: 0, arg: 0, table };
      if (p.kind === 'ground') {
        key.digit = digitOf(table, p.term);
        if (key.digit < 0) possible = false;
        keys.push(key);
      } else if (p.kind === 'var') {
        if (bound.has(p.index)) keys.push({ ...key, kind: KEY_VARIABLE, variable: p.index });
        else if (seen.has(p.index)) sames.push(slot, p.index);
        else {
          seen.add(p.index);
          binds.push(slot, p.index);
        }
      } else {
        for (const v of collectVariables(p, new Set<number>())) {
          if (!bound.has(v) && !seen.has(v)) {
            seen.add(v);
            fresh.add(v);
          }
        }
        generics.push({ slot, pattern: p });
      }
    };
    args.forEach((p, j) => {
      const choice = shape.choices[j]!;
      const first = shape.argSlot[j]!;
      if (choice.functor === -1) {
        slotPattern(first, p);
        return;
      }
      const arity = choice.slots.length;
      if (p.kind === 'var') {
        if (bound.has(p.index)) {
          for (let a = 0; a < arity; a++) {
            keys.push({
              slot: first + a,
              kind: KEY_WHOLE,
              digit: 0,
              variable: p.index,
              functor: choice.functor,
              arity,
              arg: a,
              table: digitTable(shape.slots[first + a]!),
            });
          }
          return;
        }
        wholes.push({
          variable: p.index,
          cache: shape.sparse ? NO_CACHE : this.ctx.wholeTermCache(shape, j),
          j,
          first: !seen.has(p.index),
        });
        seen.add(p.index);
        return;
      }
      for (let a = 0; a < arity; a++) {
        slotPattern(first + a, p.kind === 'fn' ? p.args[a]! : { kind: 'ground', term: store.arg(p.term, a) });
      }
    });
    if (!possible) return undefined;
    keys.sort((a, b) => a.slot - b.slot);
    const index =
      keys.length > 0
        ? this.ctx.index(
            layout,
            shape,
            keys.map((k) => k.slot),
            strides,
          )
        : undefined;
    return {
      shape,
      start: this.kb.starts[shape.global]!,
      firstId: layout.base + shape.offset,
      sparse: shape.sparse,
      strides,
      radices: Int32Array.from(shape.radices),
      slotValues: shape.slots.map((s) => s.values),
      index,
      keyKind: Int32Array.from(keys, (k) => k.kind),
      keyDigit: Int32Array.from(keys, (k) => k.digit),
      keyVariable: Int32Array.from(keys, (k) => k.variable),
      keyFunctor: Int32Array.from(keys, (k) => k.functor),
      keyArity: Int32Array.from(keys, (k) => k.arity),
      keyArg: Int32Array.from(keys, (k) => k.arg),
      keyTables: keys.map((k) => k.table),
      binds: Int32Array.from(binds),
      sames: Int32Array.from(sames),
      wholes,
      generics,
      fresh: Int32Array.from(fresh),
    };
  }

  /** Runs the steps from i on; true when the result was reached (written now or before). */
  private step(i: number): boolean {
    if (i === this.steps.length) {
      const id = this.head.encode(this.bindings);
      if (id < 0) throw new Error('internal: a rule head falls outside its argument domains');
      this.kb.add(id, this.head.shape);
      return true;
    }
    const s = this.steps[i]!;
    if (s.kind === INPUT) {
      const delta = i === this.deltaStep;
      let reached = false;
      for (let k = 0; k < s.scans.length; k++) {
        if (this.scan(s.scans[k]!, i + 1, delta, s.existential)) {
          if (s.existential) return true;
          reached = true;
        }
      }
      return reached;
    }
    if (s.kind === TEST) {
      const id = s.encoder.encode(this.bindings);
      const holds = id >= 0 && this.kb.bits[id] !== 0;
      return holds !== s.negative && this.step(i + 1);
    }
    return this.value(s.left) !== this.value(s.right) && this.step(i + 1);
  }

  private value(p: Pattern): TermId {
    if (p.kind === 'ground') return p.term;
    if (p.kind === 'var') return this.bindings[p.index]!;
    return instantiate(this.store, p, this.bindings);
  }

  /** Enumerates the matching entries of one shape; with `once`, stops at the first that reaches the result. */
  private scan(sc: ShapeScan, next: number, delta: boolean, once: boolean): boolean {
    const kb = this.kb;
    const data = kb.data;
    const index = sc.index;
    const s = sc.shape.global;
    const from = delta ? sc.start + this.deltaMarks[s]! : sc.start;
    let reached = false;
    if (index === undefined) {
      // The count is read on every iteration: facts produced meanwhile are consumed too (section 3).
      for (let p = from; p < sc.start + kb.counts[s]!; p++) {
        if (this.candidate(sc, data[p]!, next)) {
          if (once) return true;
          reached = true;
        }
      }
      return reached;
    }
    const key = this.key(sc, index);
    if (key < 0) return false;
    // Chains run from the newest entry to the oldest, so a delta scan stops at the first old one.
    for (let p = index.first(key); p >= from; p = index.next(p, key)) {
      if (this.candidate(sc, data[p]!, next)) {
        if (once) return true;
        reached = true;
      }
    }
    return reached;
  }

  /** The index key of the bound slots under the current bindings, or -1 when no entry can match. */
  private key(sc: ShapeScan, index: JoinIndex): number {
    const store = this.store;
    const b = this.bindings;
    let key = 0;
    for (let k = 0; k < sc.keyKind.length; k++) {
      const kind = sc.keyKind[k]!;
      let d: number;
      if (kind === KEY_CONSTANT) d = sc.keyDigit[k]!;
      else if (kind === KEY_VARIABLE) d = digitOf(sc.keyTables[k]!, b[sc.keyVariable[k]!]!);
      else {
        const t = b[sc.keyVariable[k]!]!;
        if (store.arity(t) !== sc.keyArity[k] || store.functor(t) !== sc.keyFunctor[k]) return -1;
        d = digitOf(sc.keyTables[k]!, store.arg(t, sc.keyArg[k]!));
      }
      if (d < 0) return -1;
      key += d * index.weight(k);
    }
    return key;
  }

  // Order matters: every binding (plain slots, whole terms, nested patterns) precedes every comparison.
  // `position` is the entry's shape-local id, `local` its mixed-radix key (the same unless sparse).
  private candidate(sc: ShapeScan, id: number, next: number): boolean {
    const b = this.bindings;
    const position = id - sc.firstId;
    const local = sc.sparse === undefined ? position : sc.sparse.keys[position]!;
    const strides = sc.strides;
    const radices = sc.radices;
    const binds = sc.binds;
    for (let k = 0; k < binds.length; k += 2) {
      const slot = binds[k]!;
      b[binds[k + 1]!] = sc.slotValues[slot]![keyDigit(local, strides[slot]!, radices[slot]!)]!;
    }
    if (sc.wholes.length > 0) this.bindWholes(sc, position, local);
    if (sc.generics.length > 0 && !this.matchGenerics(sc, local)) return false;
    const sames = sc.sames;
    for (let k = 0; k < sames.length; k += 2) {
      const slot = sames[k]!;
      if (b[sames[k + 1]!] !== sc.slotValues[slot]![keyDigit(local, strides[slot]!, radices[slot]!)]) {
        return false;
      }
    }
    if (sc.wholes.length > 0 && !this.compareWholes(sc, position, local)) return false;
    return this.step(next);
  }

  private bindWholes(sc: ShapeScan, position: number, local: number): void {
    for (const w of sc.wholes) if (w.first) this.bindings[w.variable] = this.whole(sc, w, position, local);
  }

  private compareWholes(sc: ShapeScan, position: number, local: number): boolean {
    for (const w of sc.wholes) {
      if (!w.first && this.bindings[w.variable] !== this.whole(sc, w, position, local)) return false;
    }
    return true;
  }

  private whole(sc: ShapeScan, w: ShapeScan['wholes'][number], position: number, local: number): TermId {
    // A sparse shape's positions may be handed out again (sparse-ids.ts): its terms are not cached.
    if (sc.sparse !== undefined) return this.wholeTerm(sc, w.j, local);
    let t = w.cache[position]!;
    if (t < 0) w.cache[position] = t = this.wholeTerm(sc, w.j, local);
    return t;
  }

  private wholeTerm(sc: ShapeScan, j: number, local: number): TermId {
    const shape = sc.shape;
    const first = shape.argSlot[j]!;
    const choice = shape.choices[j]!;
    const values = choice.slots.map(
      (_, a) => sc.slotValues[first + a]![keyDigit(local, sc.strides[first + a]!, sc.radices[first + a]!)]!,
    );
    return this.store.compound(choice.functor, values);
  }

  private matchGenerics(sc: ShapeScan, local: number): boolean {
    const b = this.bindings;
    for (let k = 0; k < sc.fresh.length; k++) b[sc.fresh[k]!] = UNBOUND;
    this.trail.length = 0;
    for (const g of sc.generics) {
      const slot = g.slot;
      const term = sc.slotValues[slot]![keyDigit(local, sc.strides[slot]!, sc.radices[slot]!)]!;
      if (!matchPattern(this.store, g.pattern, term, b, this.trail)) return false;
    }
    return true;
  }
}
