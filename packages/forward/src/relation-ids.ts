// Relation IDs (Schofield & Saffidine 2013, Definition 4): every ground instance of a relation gets an integer
// by a bijective mixed-radix encoding over its argument domains, the first argument least significant.
// An argument whose domain holds function terms is split by function symbol, as the paper treats
// (true (cell ?x ?y ?p)) as the relation cell/3: each combination of choices is a *shape* with its own slots,
// and a relation's id space is the disjoint union of its shapes' id spaces.
// A shape whose id space exceeds a limit is *sparse*: its mixed-radix ids become keys of a hash table that
// hands out compact positions (sparse-ids.ts), and the relation's ids number those positions instead.
import {
  BudgetExceededError,
  type Game,
  type RelationId,
  type SymbolId,
  type TermId,
  type TermStore,
} from '@gdlkit/core';
import type { ArgumentDomains, Domain } from '@gdlkit/ground';
import { SparseIds } from './sparse-ids.js';

/** The ordered values of one slot and the index of each (I(∆, l) of Definition 4). */
export interface Slot {
  readonly values: readonly TermId[];
  readonly index: ReadonlyMap<TermId, number>;
}

/** How one relation argument is read in a shape: a constant slot, or a function symbol over several slots. */
export interface ArgumentChoice {
  /** -1 for a slot of constants (or of whole terms), else the function symbol. */
  readonly functor: SymbolId | -1;
  readonly slots: readonly Slot[];
}

/** One combination of argument choices; its instances are numbered offset .. offset+size-1. */
export interface Shape {
  readonly relation: RelationId;
  /** Index among all shapes of the program (its list in the knowledge base). */
  global: number;
  readonly choices: readonly ArgumentChoice[];
  readonly slots: readonly Slot[];
  /** Slot index where each argument's slots begin. */
  readonly argSlot: readonly number[];
  readonly radices: readonly number[];
  /** Size of the mixed-radix id space (Π radices; below 2^53). */
  readonly keySize: number;
  /** Ids the shape owns in the knowledge base: keySize when dense, the interner's capacity when sparse. */
  readonly size: number;
  /** First relation id of the shape (relation-local). */
  readonly offset: number;
  /** Present when the shape is sparse: relation id = offset + position of the mixed-radix key. */
  readonly sparse: SparseIds | undefined;
}

/** When a shape is sparse, and the interners shared by relations with the same argument domains. */
export interface SparsePolicy {
  /** Shapes with more mixed-radix ids than this are sparse. */
  readonly denseLimit: number;
  /** Distinct instances a sparse shape may hold over the reasoner's life. */
  readonly capacity: number;
  /**
   * Interners by group and shape signature: true/next/init and legal/does must number the same instance
   * alike (the state machine carries ids over between them); other relations have their own.
   */
  readonly shared: Map<string, SparseIds>;
}

export const DEFAULT_SPARSE_POLICY = { denseLimit: 1 << 22, capacity: 1 << 20 } as const;

export function makeSlot(values: readonly TermId[]): Slot {
  return { values, index: new Map(values.map((v, i) => [v, i])) };
}

/** χ of Definition 4: Σ index_i × Π_{j<i} |∆_j|. */
export function mixedRadixEncode(indices: ArrayLike<number>, radices: ArrayLike<number>): number {
  let id = 0;
  let weight = 1;
  for (let i = 0; i < radices.length; i++) {
    id += indices[i]! * weight;
    weight *= radices[i]!;
  }
  return id;
}

/** The inverse of mixedRadixEncode, written into `out`. */
export function mixedRadixDecode(id: number, radices: ArrayLike<number>, out: Int32Array | number[]): void {
  for (let i = 0; i < radices.length; i++) {
    const r = radices[i]!;
    out[i] = id % r;
    id = Math.floor(id / r);
  }
}

/** The id space of one relation: its shapes, with encoding to and decoding from ground arguments. */
export class RelationLayout {
  readonly shapes: Shape[] = [];
  /** Ids of the relation in the knowledge base (sum of its shapes' sizes). */
  readonly size: number;
  /** Size of the relation's mixed-radix id space (sum of its shapes' key sizes). */
  readonly keySize: number;
  /** Some shape is sparse. */
  readonly sparse: boolean;
  /** First id of this relation in the program-wide id space (set by the knowledge base). */
  base = 0;
  private readonly choiceCounts: number[];
  private readonly scratch: Int32Array;
  private readonly chosen: Int32Array;

  constructor(
    private readonly store: TermStore,
    readonly relation: RelationId,
    readonly argChoices: readonly (readonly ArgumentChoice[])[],
    name = `relation ${relation}`,
    policy?: SparsePolicy,
    /** Relations of one group share the interners of their sparse shapes. */
    group = name,
  ) {
    this.choiceCounts = argChoices.map((c) => c.length);
    let offset = 0;
    let keySize = 0;
    let maxSlots = 0;
    const pick = new Array<number>(argChoices.length).fill(0);
    const total = this.choiceCounts.reduce((a, b) => a * b, 1);
    for (let s = 0; s < total; s++) {
      mixedRadixDecode(s, this.choiceCounts, pick);
      const choices = pick.map((c, j) => argChoices[j]![c]!);
      const slots: Slot[] = [];
      const argSlot: number[] = [];
      for (const c of choices) {
        argSlot.push(slots.length);
        slots.push(...c.slots);
      }
      const radices = slots.map((sl) => sl.values.length);
      const shapeKeys = radices.reduce((a, b) => a * b, 1);
      if (!(shapeKeys <= Number.MAX_SAFE_INTEGER)) {
        throw new BudgetExceededError(
          `${name} has ${shapeKeys} possible instances in one shape, past the 2^53 the forward chainer's mixed-radix ids can number exactly`,
          { limit: '2^53 instances per shape' },
        );
      }
      const sparse =
        policy && shapeKeys > policy.denseLimit
          ? sharedIds(policy, group, choices, shapeKeys, name)
          : undefined;
      const size = sparse ? sparse.capacity : shapeKeys;
      this.shapes.push({
        relation,
        global: -1,
        choices,
        slots,
        argSlot,
        radices,
        keySize: shapeKeys,
        size,
        offset,
        sparse,
      });
      offset += size;
      keySize += shapeKeys;
      maxSlots = Math.max(maxSlots, slots.length);
    }
    this.size = offset;
    this.keySize = keySize;
    this.sparse = this.shapes.some((s) => s.sparse !== undefined);
    this.scratch = new Int32Array(maxSlots);
    this.chosen = new Int32Array(argChoices.length);
  }

  /** The shape holding a relation-local id. */
  shapeOf(id: number): Shape {
    const shapes = this.shapes;
    for (let i = shapes.length - 1; i > 0; i--) if (id >= shapes[i]!.offset) return shapes[i]!;
    return shapes[0]!;
  }

  /**
   * The relation-local id of relation(args), or -1 when it lies outside the argument domains. An instance
   * of a sparse shape seen for the first time gets its id only with `create` (else -1: it holds nowhere).
   */
  encode(args: ArrayLike<TermId>, create = false): number {
    const store = this.store;
    let shapeIndex = 0;
    let weight = 1;
    for (let j = 0; j < this.argChoices.length; j++) {
      const found = this.choiceOf(j, args[j]!);
      if (found < 0) return -1;
      this.chosen[j] = found;
      shapeIndex += found * weight;
      weight *= this.choiceCounts[j]!;
    }
    const shape = this.shapes[shapeIndex]!;
    let id = 0;
    weight = 1;
    let k = 0;
    for (let j = 0; j < this.argChoices.length; j++) {
      const o = this.argChoices[j]![this.chosen[j]!]!;
      const term = args[j]!;
      for (let a = 0; a < o.slots.length; a++) {
        const i = o.slots[a]!.index.get(o.functor === -1 ? term : store.arg(term, a));
        if (i === undefined) return -1;
        id += i * weight;
        weight *= shape.radices[k++]!;
      }
    }
    return localId(shape, id, create);
  }

  /** Which choice of argument j can hold `term` (judged by its constant or function symbol), or -1. */
  private choiceOf(j: number, term: TermId): number {
    const store = this.store;
    const options = this.argChoices[j]!;
    const arity = store.arity(term);
    for (let c = 0; c < options.length; c++) {
      const o = options[c]!;
      if (o.functor === -1) {
        if (arity === 0 && o.slots[0]!.index.has(term)) return c;
      } else if (o.functor === store.functor(term) && o.slots.length === arity) return c;
    }
    return -1;
  }

  /** The slot values of a relation-local id, written into `out`; returns its shape. */
  decodeSlots(id: number, out: Int32Array | number[]): Shape {
    const shape = this.shapeOf(id);
    mixedRadixDecode(shapeKey(shape, id - shape.offset), shape.radices, out);
    for (let i = 0; i < shape.slots.length; i++) out[i] = shape.slots[i]!.values[out[i]!]!;
    return shape;
  }

  /** The ground arguments of a relation-local id (function terms interned). */
  decode(id: number): TermId[] {
    const values = new Array<number>(this.scratch.length);
    const shape = this.decodeSlots(id, values);
    return shape.choices.map((c, j) => argumentTerm(this.store, c, values, shape.argSlot[j]!));
  }
}

/** The relation-local id of a shape's mixed-radix key (-1 for an unseen sparse key without `create`). */
export function localId(shape: Shape, key: number, create: boolean): number {
  const sparse = shape.sparse;
  if (sparse === undefined) return shape.offset + key;
  const p = create ? sparse.intern(key) : sparse.find(key);
  return p < 0 ? -1 : shape.offset + p;
}

/** The mixed-radix key of a shape's position (shape-local id). */
export function shapeKey(shape: Shape, position: number): number {
  return shape.sparse === undefined ? position : shape.sparse.key(position);
}

function sharedIds(
  policy: SparsePolicy,
  group: string,
  choices: readonly ArgumentChoice[],
  keySize: number,
  name: string,
): SparseIds {
  const signature = `${group}|${choices
    .map((c) => `${c.functor}(${c.slots.map((s) => s.values.join(' ')).join(';')})`)
    .join(',')}`;
  let ids = policy.shared.get(signature);
  if (!ids) policy.shared.set(signature, (ids = new SparseIds(Math.min(keySize, policy.capacity), name)));
  return ids;
}

/** The term of one argument from the slot values of its shape. */
export function argumentTerm(
  store: TermStore,
  choice: ArgumentChoice,
  values: ArrayLike<TermId>,
  start: number,
): TermId {
  if (choice.functor === -1) return values[start]!;
  return store.compound(choice.functor, values, start, choice.slots.length);
}

/** Argument choices of a domain: its constants as one slot, and each function symbol over its arguments. */
export function argumentChoices(store: TermStore, domain: Domain): ArgumentChoice[] {
  const choices: ArgumentChoice[] = [];
  if (domain.constants.size > 0) choices.push({ functor: -1, slots: [makeSlot([...domain.constants])] });
  for (const f of domain.functors.values()) {
    choices.push({ functor: f.symbol, slots: f.args.map((a) => makeSlot(a.terms(store))) });
  }
  return choices;
}

/** The layouts of every relation of a game from its argument domains (no sparse shapes without a policy). */
export function relationLayouts(
  game: Game,
  domains: ArgumentDomains,
  sparse?: Omit<SparsePolicy, 'shared'>,
): RelationLayout[] {
  const policy: SparsePolicy | undefined = sparse && { ...sparse, shared: new Map() };
  const cache = new Map<Domain, ArgumentChoice[]>();
  const choicesOf = (d: Domain) => {
    let c = cache.get(d);
    if (!c) cache.set(d, (c = argumentChoices(game.store, d)));
    return c;
  };
  const k = game.keywords;
  const groupOf = (r: RelationId, key: string) =>
    r === k.true || r === k.next || r === k.init ? 'fluent' : r === k.legal || r === k.does ? 'move' : key;
  return game.relations.map(
    (r) =>
      new RelationLayout(
        game.store,
        r.id,
        domains.relations[r.id]!.map(choicesOf),
        r.key,
        policy,
        groupOf(r.id, r.key),
      ),
  );
}
