// Reference tables (section 6). Reference numbers enumerate the combinations of bound variables that pass
// so far; an input's table maps RefNo_{i-1} × |S(Q_i)| + χ_i to RefNo_i or Fail (Definition 7), a
// condition's table maps the current RefNo to the RelationID to test (Definition 8), the result's table maps
// the last RefNo to the RelationID to write (Definition 9). Permanent facts are folded in: conditions on
// state-independent relations and distinct become Fail entries, and an input on a state-independent relation
// becomes a precomputed list of successor RefNos per RefNo, so no runtime work remains for them.
import { type BodyLiteral, type Game, literalVariables } from '@gdlkit/core';
import type { KnowledgeBase } from './knowledge-base.js';
import { mixedRadixDecode, type RelationLayout, type Shape } from './relation-ids.js';
import type { RulePlan } from './rule-plan.js';
import { atomId, compatibleShapes, instantiate, matchShape, UNBOUND, undo } from './term-match.js';

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
  const passes = (literal: BodyLiteral): boolean => {
    if (literal.kind === 'distinct') {
      return instantiate(store, literal.left, bindings) !== instantiate(store, literal.right, bindings);
    }
    const id = atomId(store, ctx.layouts[literal.atom.relation]!, literal.atom, bindings);
    if (!isStatic(literal)) return id >= 0;
    const holds = id >= 0 && ctx.kb.has(id);
    return holds === (literal.kind === 'pos');
  };
  const load = (tuple: Int32Array, vars: readonly number[]) => {
    bindings.fill(UNBOUND);
    for (let v = 0; v < vars.length; v++) bindings[vars[v]!] = tuple[v]!;
  };

  for (const literal of folded[0]!) if (!passes(literal)) return 'dead';
  let refs: Int32Array[] = [new Int32Array(0)];
  let bytes = 0;
  let work = 0;
  const inputs: (DynamicInput | StaticInput)[] = [];
  const projections: number[][] = [];
  const conditions: ConditionTable[][] = [conditionTables(ctx, dynamicConditions[0]!, refs, [], bindings)];
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
    const next: Int32Array[] = [];
    const index = new Map<number | string, number>();
    const width = Math.max(0, ...shapes.map((s) => s.slots.length));
    const values = new Int32Array(width);
    const digits = new Int32Array(width);
    // A tuple of term ids is keyed by one number when it fits in 2^53, else by its text. Matching interns
    // function terms bound to variables, so term ids can grow past the radix while the table is built: a
    // tuple holding such an id is keyed by its text too (numbers and strings never collide in the map).
    const radix = store.size + 1;
    const numericKey = radix ** after.length < Number.MAX_SAFE_INTEGER;
    const refNo = (): number => {
      for (const l of folded[i + 1]!) if (!passes(l)) return -1;
      let key: number | string = 0;
      let numeric = numericKey;
      for (let v = 0; v < after.length && numeric; v++) numeric = bindings[after[v]!]! < radix;
      if (numeric) {
        for (let v = 0; v < after.length; v++) key = key * radix + bindings[after[v]!]!;
      } else {
        key = '';
        for (let v = 0; v < after.length; v++) key += `${bindings[after[v]!]!},`;
      }
      let r = index.get(key);
      if (r === undefined) {
        r = next.length;
        const tuple = new Int32Array(after.length);
        for (let v = 0; v < after.length; v++) tuple[v] = bindings[after[v]!]!;
        next.push(tuple);
        index.set(key, r);
      }
      return r;
    };
    const tryMatch = (shape: Shape): number => {
      const mark = trail.length;
      const r = matchShape(store, literal.atom, shape, values, bindings, trail) ? refNo() : -1;
      undo(bindings, trail, mark);
      return r;
    };
    if (ctx.permanent[literal.atom.relation]) {
      const facts: { shape: Shape; id: number }[] = [];
      for (const shape of shapes) {
        const start = ctx.kb.starts[shape.global]!;
        for (let k = 0; k < ctx.kb.counts[shape.global]!; k++)
          facts.push({ shape, id: ctx.kb.data[start + k]! });
      }
      work += refs.length * facts.length;
      if (work > budgetWork) return 'over-budget';
      const offsets = new Int32Array(refs.length + 1);
      const targets: number[] = [];
      for (let r = 0; r < refs.length; r++) {
        load(refs[r]!, before);
        const seen = new Set<number>();
        for (const f of facts) {
          layout.decodeSlots(f.id - layout.base, values);
          const n = tryMatch(f.shape);
          if (n >= 0 && !seen.has(n)) {
            seen.add(n);
            targets.push(n);
          }
        }
        offsets[r + 1] = targets.length;
      }
      bytes += offsets.byteLength + targets.length * 4;
      inputs.push({ kind: 'static', offsets, targets: Int32Array.from(targets) });
    } else {
      const viewSize = shapes.reduce((n, s) => n + s.size, 0);
      const cells = refs.length * viewSize;
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
      for (let r = 0; r < refs.length; r++) {
        load(refs[r]!, before);
        let cell = r * viewSize;
        for (const shape of shapes) {
          for (let chi = 0; chi < shape.size; chi++, cell++) {
            mixedRadixDecode(chi, shape.radices, digits);
            for (let k = 0; k < shape.slots.length; k++) values[k] = shape.slots[k]!.values[digits[k]!]!;
            table[cell] = tryMatch(shape);
          }
        }
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
    if (refs.length === 0) return 'dead';
    const tables = conditionTables(ctx, dynamicConditions[i + 1]!, refs, after, bindings);
    for (const t of tables) bytes += t.table.byteLength;
    conditions.push(tables);
  }
  const vars = levels === 0 ? [] : projections[levels - 1]!;
  const head = ctx.layouts[plan.rule.head.relation]!;
  const result = new Int32Array(refs.length);
  const resultShapes = new Int32Array(refs.length);
  for (let r = 0; r < refs.length; r++) {
    load(refs[r]!, vars);
    const id = atomId(store, head, plan.rule.head, bindings);
    if (id < 0) throw new Error('internal: a rule head falls outside its argument domains');
    result[r] = id;
    resultShapes[r] = head.shapeOf(id - head.base).global;
  }
  bytes += result.byteLength * 2;
  if (bytes > budgetBytes) return 'over-budget';
  return { plan, inputs, conditions, result, resultShapes, bytes };
}

function conditionTables(
  ctx: TableContext,
  literals: readonly BodyLiteral[],
  refs: readonly Int32Array[],
  vars: readonly number[],
  bindings: Int32Array,
): ConditionTable[] {
  return literals.map((literal) => {
    if (literal.kind === 'distinct') throw new Error('internal: distinct is always folded');
    const layout = ctx.layouts[literal.atom.relation]!;
    const table = new Int32Array(refs.length);
    for (let r = 0; r < refs.length; r++) {
      bindings.fill(UNBOUND);
      for (let v = 0; v < vars.length; v++) bindings[vars[v]!] = refs[r]![v]!;
      table[r] = atomId(ctx.game.store, layout, literal.atom, bindings);
    }
    return { negative: literal.kind === 'neg', table };
  });
}
