// Reference tables (section 6). Reference numbers enumerate the combinations of bound variables that pass
// so far; an input's table maps RefNo_{i-1} × |S(Q_i)| + χ_i to RefNo_i or Fail (Definition 7), a
// condition's table maps the current RefNo to the RelationID to test (Definition 8), the result's table maps
// the last RefNo to the RelationID to write (Definition 9). Permanent facts are folded in: conditions on
// state-independent relations and distinct become Fail entries, and an input on a state-independent relation
// becomes a precomputed list of successor RefNos per RefNo, so no runtime work remains for them.
import { type Atom, type BodyLiteral, type Game, literalVariables } from '@gdlkit/core';
import { AtomEncoder } from './atom-encoder.js';
import type { KnowledgeBase } from './knowledge-base.js';
import type { RelationLayout, Shape } from './relation-ids.js';
import type { RulePlan } from './rule-plan.js';
import { ShapeCells } from './table-cells.js';
import { compatibleShapes, instantiate, matchShape, UNBOUND, undo } from './term-match.js';
import { TupleInterner } from './tuple-interner.js';

export interface DynamicInput {
  readonly kind: 'dynamic';
  /** Program-wide shape indices of the view. */
  readonly shapes: Int32Array;
  /** Per view shape: added to a program-wide id to index the view (view base − id base). */
  readonly deltas: Int32Array;
  readonly viewSize: number;
  readonly table: Int32Array;
}

export interface StaticInput {
  readonly kind: 'static';
  /** Successor RefNos of RefNo r are targets[offsets[r] .. offsets[r+1]). */
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

export interface ConditionTable {
  readonly negative: boolean;
  /** Program-wide id to test per RefNo; -1 (only for `not`) when the instance lies outside the domains. */
  readonly table: Int32Array;
}

export interface TableRule {
  readonly plan: RulePlan;
  readonly inputs: readonly (DynamicInput | StaticInput)[];
  /** conditions[k]: dynamic conditions checked after k inputs. */
  readonly conditions: readonly (readonly ConditionTable[])[];
  readonly result: Int32Array;
  /** Program-wide shape of each result id. */
  readonly resultShapes: Int32Array;
  readonly bytes: number;
}

export interface TableContext {
  readonly game: Game;
  readonly layouts: readonly RelationLayout[];
  readonly kb: KnowledgeBase;
  /** Relations whose facts are permanent (already in the knowledge base). */
  readonly permanent: readonly boolean[];
}

/** Why a rule has no tables: it can never fire, or its tables exceed the budget. */
export type TableOutcome = TableRule | 'dead' | 'over-budget';

/** Builds the reference tables of a planned rule within `budgetBytes` and `budgetWork` matching steps. */
export function buildReferenceTables(
  ctx: TableContext,
  plan: RulePlan,
  budgetBytes: number,
  budgetWork: number,
): TableOutcome {
  const store = ctx.game.store;
  const bindings = new Int32Array(plan.rule.variableCount).fill(UNBOUND);
  const trail: number[] = [];
  const isStatic = (l: BodyLiteral) => l.kind === 'distinct' || ctx.permanent[l.atom.relation] === true;
  const levels = plan.inputs.length;
  const folded: BodyLiteral[][] = [];
  const dynamicConditions: BodyLiteral[][] = [];
  for (let k = 0; k <= levels; k++) {
    const here = plan.conditions.filter((c) => c.level === k).map((c) => c.literal);
    // A positive condition outside the domains always fails, so it is folded even on a dynamic relation.
    folded.push(here.filter((l) => isStatic(l) || l.kind === 'pos'));
    dynamicConditions.push(here.filter((l) => !isStatic(l)));
  }
  const encoders = new Map<Atom, AtomEncoder>();
  const encode = (atom: Atom): number => {
    let encoder = encoders.get(atom);
    if (!encoder) encoders.set(atom, (encoder = new AtomEncoder(store, ctx.layouts[atom.relation]!, atom)));
    return encoder.encode(bindings);
  };
  const passes = (literal: BodyLiteral): boolean => {
    if (literal.kind === 'distinct') {
      return instantiate(store, literal.left, bindings) !== instantiate(store, literal.right, bindings);
    }
    const id = encode(literal.atom);
    if (!isStatic(literal)) return id >= 0;
    const holds = id >= 0 && ctx.kb.has(id);
    return holds === (literal.kind === 'pos');
  };
  const load = (tuples: TupleInterner, r: number, vars: readonly number[]) => {
    bindings.fill(UNBOUND);
    tuples.load(r, bindings, vars);
  };

  for (const literal of folded[0]!) if (!passes(literal)) return 'dead';
  // Before the first input, one reference number for the empty binding.
  let refs = new TupleInterner(0);
  refs.intern(bindings, []);
  let bytes = 0;
  let work = 0;
  const inputs: (DynamicInput | StaticInput)[] = [];
  const projections: number[][] = [];
  const conditions: ConditionTable[][] = [conditionTables(dynamicConditions[0]!, refs, [], bindings, encode)];
  for (let i = 0; i < levels; i++) {
    const literal = plan.inputs[i]!;
    if (literal.kind !== 'pos') throw new Error('internal: an input is not a positive literal');
    const layout = ctx.layouts[literal.atom.relation]!;
    const shapes = compatibleShapes(store, layout, literal.atom);
    const before = i === 0 ? [] : projections[i - 1]!;
    // Variables used only by the conditions folded here need not survive into the reference number.
    const usedLater = new Set<number>();
    literalVariables({ kind: 'pos', atom: plan.rule.head }, usedLater);
    for (let k = i + 1; k < levels; k++) literalVariables(plan.inputs[k]!, usedLater);
    for (let k = i + 1; k <= levels; k++) {
      for (const l of dynamicConditions[k]!) literalVariables(l, usedLater);
      if (k > i + 1) for (const l of folded[k]!) literalVariables(l, usedLater);
    }
    const after = plan.liveAfter[i + 1]!.filter((v) => usedLater.has(v));
    projections.push(after);
    const next = new TupleInterner(after.length);
    // Each reference number made here costs at least its condition entries and one entry in what follows
    // (result id and shape, or a row of the next input): stop as soon as that cannot fit.
    const perRef = 4 * dynamicConditions[i + 1]!.length + (i + 1 === levels ? 8 : 4);
    const overflows = () => bytes + next.count * perRef > budgetBytes;
    const width = Math.max(0, ...shapes.map((s) => s.slots.length));
    const values = new Int32Array(width);
    const refNo = (): number => {
      for (const l of folded[i + 1]!) if (!passes(l)) return -1;
      return next.intern(bindings, after);
    };
    const tryMatch = (shape: Shape): number => {
      const mark = trail.length;
      const r = matchShape(store, literal.atom, shape, values, bindings, trail) ? refNo() : -1;
      undo(bindings, trail, mark);
      return r;
    };
    if (ctx.permanent[literal.atom.relation]) {
      // The facts' slot values, decoded once: fact f's are factValues[f * width ..].
      const factShapes: Shape[] = [];
      const ids: number[] = [];
      for (const shape of shapes) {
        const start = ctx.kb.starts[shape.global]!;
        for (let k = 0; k < ctx.kb.counts[shape.global]!; k++) {
          factShapes.push(shape);
          ids.push(ctx.kb.data[start + k]!);
        }
      }
      work += refs.count * ids.length;
      if (work > budgetWork) return 'over-budget';
      const factValues = new Int32Array(ids.length * width);
      for (let f = 0; f < ids.length; f++) {
        layout.decodeSlots(ids[f]! - layout.base, values);
        factValues.set(values, f * width);
      }
      const offsets = new Int32Array(refs.count + 1);
      const targets: number[] = [];
      // The row that last listed each successor, so a row lists it once.
      const listedIn: number[] = [];
      for (let r = 0; r < refs.count; r++) {
        load(refs, r, before);
        for (let f = 0; f < ids.length; f++) {
          for (let k = 0; k < width; k++) values[k] = factValues[f * width + k]!;
          const n = tryMatch(factShapes[f]!);
          if (n >= 0 && listedIn[n] !== r) {
            listedIn[n] = r;
            targets.push(n);
          }
        }
        offsets[r + 1] = targets.length;
        if (overflows()) return 'over-budget';
      }
      bytes += offsets.byteLength + targets.length * 4;
      inputs.push({ kind: 'static', offsets, targets: Int32Array.from(targets) });
    } else {
      const viewSize = shapes.reduce((n, s) => n + s.size, 0);
      const cells = refs.count * viewSize;
      work += cells;
      bytes += cells * 4;
      if (bytes > budgetBytes || work > budgetWork) return 'over-budget';
      const table = new Int32Array(cells).fill(-1);
      const deltas = new Int32Array(shapes.length);
      let viewBase = 0;
      shapes.forEach((shape, s) => {
        deltas[s] = viewBase - ctx.kb.starts[shape.global]!;
        viewBase += shape.size;
      });
      const shapeCells = shapes.map((shape) => new ShapeCells(store, literal.atom, shape));
      for (let r = 0; r < refs.count; r++) {
        load(refs, r, before);
        let row = r * viewSize;
        for (const c of shapeCells) {
          if (c.bind(bindings)) c.forEach(values, (chi) => (table[row + chi] = tryMatch(c.shape)));
          row += c.shape.size;
        }
        if (overflows()) return 'over-budget';
      }
      inputs.push({
        kind: 'dynamic',
        shapes: Int32Array.from(shapes, (s) => s.global),
        deltas,
        viewSize,
        table,
      });
    }
    refs = next;
    if (refs.count === 0) return 'dead';
    // Condition and result tables take 4 and 8 bytes per reference number: judged before they are built.
    bytes += dynamicConditions[i + 1]!.length * refs.count * 4;
    if (bytes > budgetBytes) return 'over-budget';
    conditions.push(conditionTables(dynamicConditions[i + 1]!, refs, after, bindings, encode));
  }
  const vars = levels === 0 ? [] : projections[levels - 1]!;
  const head = ctx.layouts[plan.rule.head.relation]!;
  bytes += refs.count * 8;
  if (bytes > budgetBytes) return 'over-budget';
  const result = new Int32Array(refs.count);
  const resultShapes = new Int32Array(refs.count);
  for (let r = 0; r < refs.count; r++) {
    load(refs, r, vars);
    const id = encode(plan.rule.head);
    if (id < 0) throw new Error('internal: a rule head falls outside its argument domains');
    result[r] = id;
    resultShapes[r] = head.shapeOf(id - head.base).global;
  }
  return { plan, inputs, conditions, result, resultShapes, bytes };
}

function conditionTables(
  literals: readonly BodyLiteral[],
  refs: TupleInterner,
  vars: readonly number[],
  bindings: Int32Array,
  encode: (atom: Atom) => number,
): ConditionTable[] {
  return literals.map((literal) => {
    if (literal.kind === 'distinct') throw new Error('internal: distinct is always folded');
    const table = new Int32Array(refs.count);
    for (let r = 0; r < refs.count; r++) {
      bindings.fill(UNBOUND);
      refs.load(r, bindings, vars);
      table[r] = encode(literal.atom);
    }
    return { negative: literal.kind === 'neg', table };
  });
}
