// Empirical hypothesis ordering (sections 5 and 7.3). Statistics from random states give the average list
// length Q̄ of every shape; Definition 5 gives the probability P_pass that an input instance agrees with the
// variables already bound, Definition 6 that a condition holds. The estimated processing time of an order
// is Theorem 1's input term (Corollary 2: Σ_i Q̄_i Π_{j<i} Q̄_j Q̂_j), with conditions filtering the
// combinations where they are checked; the best order minimises it, the worst (its dual) maximises it. A
// permanent input is folded into its table (reference-tables.ts) and costs only the successors that pass.
import {
  type BodyLiteral,
  collectVariables,
  type GameRule,
  literalVariables,
  type TermStore,
} from '@gdlkit/core';
import type { RelationLayout, Shape } from './relation-ids.js';
import { planRule } from './rule-plan.js';
import { compatibleShapes } from './term-match.js';

export type OrderingStrategy = 'best' | 'source' | 'worst';

/** Orders of at most this many positive literals are searched exhaustively, longer ones greedily. */
const EXHAUSTIVE_LIMIT = 7;
/** Relative cost of an Exists() test against reading a list entry (t_e ≪ t_r). */
const TEST_COST = 0.2;

export interface CostModel {
  readonly store: TermStore;
  readonly layouts: readonly RelationLayout[];
  /** Average list length per program-wide shape over the sampled states. */
  readonly averageCount: Float64Array;
  /** Relations whose facts are permanent: folded into the reference tables (reference-tables.ts). */
  readonly permanent: readonly boolean[];
}

/**
 * How a rule is executed: through reference tables, where an input reads its whole list for every
 * combination (the paper's model), or as a table-free indexed join, where an input with bound arguments
 * reads only the entries its argument index selects (plus one lookup).
 */
export type Execution = 'tables' | 'indexed';

/** Estimated processing time of a rule for an order of its positive literals. */
export function estimateCost(
  model: CostModel,
  rule: GameRule,
  order: readonly number[],
  execution: Execution = 'tables',
): number {
  const plan = planRule(rule, order);
  let combinations = 1;
  let cost = 0;
  const bound = new Set<number>();
  const filter = (level: number) => {
    for (const c of plan.conditions) {
      if (c.level !== level) continue;
      cost += combinations * TEST_COST;
      combinations *= conditionProbability(model, c.literal);
    }
  };
  filter(0);
  plan.inputs.forEach((literal, i) => {
    if (literal.kind !== 'pos') return;
    const layout = model.layouts[literal.atom.relation]!;
    let read = 0;
    let passing = 0;
    for (const shape of compatibleShapes(model.store, layout, literal.atom)) {
      const n = model.averageCount[shape.global]!;
      read += n;
      passing += n * passProbability(shape, literal, bound);
    }
    // Through tables, a dynamic input reads its whole list per combination (Theorem 1), but a permanent one
    // was folded into a list of the successor RefNos that pass: only those are visited.
    const folded = model.permanent[literal.atom.relation] === true;
    cost += combinations * (execution === 'tables' ? (folded ? passing : read) : 1 + passing);
    combinations *= passing;
    literalVariables(literal, bound);
    filter(i + 1);
  });
  return cost;
}

/** Definition 5: the share of a shape's instances that agree with the arguments already bound. */
function passProbability(
  shape: Shape,
  literal: BodyLiteral & { kind: 'pos' },
  bound: ReadonlySet<number>,
): number {
  let p = 1;
  literal.atom.args.forEach((arg, j) => {
    const vars = collectVariables(arg, new Set());
    const fresh = arg.kind === 'var' && !bound.has(arg.index);
    if (fresh) return;
    const start = shape.argSlot[j]!;
    const slots = shape.choices[j]!.slots.length;
    let size = 1;
    for (let s = start; s < start + slots; s++) size *= shape.radices[s]!;
    // Only the parts of the argument fixed by constants or bound variables restrict it.
    const fixed = vars.size === 0 || [...vars].every((v) => bound.has(v)) ? 1 : 0.5;
    p /= size ** fixed;
  });
  return p;
}

/** Definition 6: P_exists = Q̄ / |S(Q)| for a positive condition, 1 − that for a negative one. */
function conditionProbability(model: CostModel, literal: BodyLiteral): number {
  if (literal.kind === 'distinct') return 1;
  const layout = model.layouts[literal.atom.relation]!;
  if (layout.keySize === 0) return literal.kind === 'pos' ? 0 : 1;
  let n = 0;
  for (const shape of layout.shapes) n += model.averageCount[shape.global]!;
  const exists = Math.min(1, n / layout.keySize);
  return literal.kind === 'pos' ? exists : 1 - exists;
}

/** The order of a rule's positive literals chosen by a strategy. */
export function chooseOrder(
  model: CostModel,
  rule: GameRule,
  strategy: OrderingStrategy,
  execution: Execution = 'tables',
  first?: number,
): number[] {
  const count = rule.body.filter((l) => l.kind === 'pos').length;
  const natural = Array.from({ length: count }, (_, i) => i);
  // `first` fixes the literal a semi-naive round starts from.
  const source = first === undefined ? natural : [first, ...natural.filter((i) => i !== first)];
  if (strategy === 'source' || count <= 1) return source;
  const sign = strategy === 'best' ? 1 : -1;
  let best = source;
  let bestCost = sign * estimateCost(model, rule, source, execution);
  const consider = (order: number[]) => {
    if (first !== undefined && order[0] !== first) return;
    const cost = sign * estimateCost(model, rule, order, execution);
    if (cost < bestCost) {
      bestCost = cost;
      best = [...order];
    }
  };
  if (count <= EXHAUSTIVE_LIMIT) {
    permutations(source, consider);
    return best;
  }
  // Greedy: extend the prefix by the literal that keeps the estimated cost of the prefix lowest.
  const order: number[] = first === undefined ? [] : [first];
  const rest = new Set(source.filter((i) => i !== first));
  while (rest.size > 0) {
    let pick = -1;
    let pickCost = Number.POSITIVE_INFINITY;
    for (const i of rest) {
      const candidate = [...order, i, ...[...rest].filter((j) => j !== i)];
      const cost = sign * estimateCost(model, rule, candidate, execution);
      if (cost < pickCost) {
        pickCost = cost;
        pick = i;
      }
    }
    order.push(pick);
    rest.delete(pick);
  }
  consider(order);
  return best;
}

function permutations(items: number[], visit: (order: number[]) => void): void {
  const a = [...items];
  const go = (k: number): void => {
    if (k === a.length) {
      visit(a);
      return;
    }
    for (let i = k; i < a.length; i++) {
      [a[k], a[i]] = [a[i]!, a[k]!];
      go(k + 1);
      [a[k], a[i]] = [a[i]!, a[k]!];
    }
  };
  go(0);
}
