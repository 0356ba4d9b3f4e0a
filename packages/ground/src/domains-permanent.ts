// The exact extensions of the state-independent relations (the permanent facts of section 2.1), by semi-naive
// bottom-up evaluation over ground terms in dependency order. Their domains are then exact rather than
// propagated, which keeps recursive definitions such as (<= (r ?x (f ?x)) (r ?y ?x) (q ?y)) finite when their
// extension is finite even though the argument-wise approximation of section 4.2 is not.
//
// Semi-naive: after the first round, a rule of a recursive component is only evaluated with one of its
// component literals restricted to the facts the previous round added (and joined first), and every literal
// probes an index on its bound arguments. Naive evaluation rescanned every fact in every round: arithmetic
// tables such as gt_two_thirds' sum/3 and absDiff/3 (200 rounds over 2·10⁴ facts) took minutes.
import {
  type Atom,
  BudgetExceededError,
  type Game,
  type GameRule,
  type Pattern,
  type RelationId,
  type TermId,
  type TermStore,
} from '@gdlkit/core';
import { Extension } from './permanent-extension.js';

/** Nesting deeper than this means the rules build unboundedly deep terms (section 4.2 assumes bounded depth). */
export const MAX_TERM_DEPTH = 12;

/** Ground argument tuples per permanent relation (absent for state-dependent ones). */
export type PermanentFacts = Map<RelationId, TermId[][]>;

/**
 * @param checkBudget called every few thousand matching steps; throws (BudgetExceededError) to abandon a
 *   build that is over its time budget, since large arithmetic tables can take a while.
 */
export function permanentFacts(
  game: Game,
  limit = 1_000_000,
  checkBudget: () => void = () => {},
): PermanentFacts {
  return new PermanentEvaluator(game, limit, checkBudget).run();
}

/** Which facts of each relation a literal may match: positions [from, to) of its extension. */
interface Window {
  readonly from: (r: RelationId) => number;
  readonly to: (r: RelationId) => number;
}

class PermanentEvaluator {
  private readonly store: TermStore;
  private readonly extensions = new Map<RelationId, Extension>();
  private total = 0;
  private steps = 0;

  constructor(
    private readonly game: Game,
    private readonly limit: number,
    private readonly checkBudget: () => void,
  ) {
    this.store = game.store;
  }

  run(): PermanentFacts {
    const { analysis } = this.game;
    for (const component of analysis.components) {
      if (component.some((r) => analysis.dynamic[r])) continue;
      for (const r of component) this.extensions.set(r, new Extension());
      this.evaluateComponent(component);
    }
    const facts: PermanentFacts = new Map();
    for (const [r, extension] of this.extensions) facts.set(r, extension.tuples);
    return facts;
  }

  private evaluateComponent(component: readonly RelationId[]): void {
    const members = new Set(component);
    const rules = component.flatMap((r) => this.game.rulesByHead[r]!);
    const length = (r: RelationId) => this.extensions.get(r)?.tuples.length ?? 0;
    // Round 0 sees what lower components derived (this component's relations are still empty).
    let before = new Map(component.map((r) => [r, 0]));
    let upTo = new Map(component.map((r) => [r, length(r)]));
    const frozen = (r: RelationId) => (members.has(r) ? upTo.get(r)! : length(r));
    for (const rule of rules) this.evaluate(rule, -1, { from: () => 0, to: frozen });
    for (;;) {
      before = upTo;
      upTo = new Map(component.map((r) => [r, length(r)]));
      if (component.every((r) => upTo.get(r) === before.get(r))) return;
      const delta: Window = { from: (r) => before.get(r)!, to: frozen };
      const all: Window = { from: () => 0, to: frozen };
      for (const rule of rules) {
        rule.body.forEach((l, i) => {
          if (l.kind === 'pos' && members.has(l.atom.relation)) this.evaluate(rule, i, all, delta);
        });
      }
    }
  }

  /**
   * Adds the heads of every match of the rule's body. Literal `deltaAt` (when ≥ 0) only matches facts in the
   * `delta` window.
   */
  private evaluate(rule: GameRule, deltaAt: number, all: Window, delta: Window = all): void {
    const order = this.joinOrder(rule, deltaAt);
    const bindings = new Int32Array(rule.variableCount).fill(-1);
    const trail: number[] = [];
    const step = (k: number): void => {
      if (k === order.length) {
        this.add(
          rule.head.relation,
          rule.head.args.map((p) => build(this.store, p, bindings)),
        );
        return;
      }
      const l = rule.body[order[k]!]!;
      if (l.kind === 'distinct') {
        if (build(this.store, l.left, bindings) !== build(this.store, l.right, bindings)) step(k + 1);
        return;
      }
      if (l.kind === 'neg') {
        if (!this.holds(l.atom, bindings)) step(k + 1);
        return;
      }
      const extension = this.extensions.get(l.atom.relation);
      if (extension === undefined) return;
      const window = order[k] === deltaAt ? delta : all;
      const from = window.from(l.atom.relation);
      const to = window.to(l.atom.relation);
      const { mask, key } = boundKey(this.store, l.atom, bindings);
      extension.forEachCandidate(mask, key, from, to, (args) => {
        if ((++this.steps & 4095) === 0) this.checkBudget();
        const mark = trail.length;
        if (l.atom.args.every((p, j) => match(this.store, p, args[j]!, bindings, trail))) step(k + 1);
        while (trail.length > mark) bindings[trail.pop()!] = -1;
      });
    };
    step(0);
  }

  /**
   * The delta literal first, then greedily: a distinct or negation as soon as its variables are bound, else
   * the positive literal with the largest share of bound arguments (the smaller extension on a tie). Moving
   * positive literals forward keeps the body safe: it only binds variables earlier.
   */
  private joinOrder(rule: GameRule, deltaAt: number): number[] {
    const bound = new Set<number>();
    const order: number[] = [];
    const remaining = rule.body.map((_, i) => i).filter((i) => i !== deltaAt);
    const take = (i: number) => {
      order.push(i);
      const l = rule.body[i]!;
      if (l.kind === 'pos') for (const p of l.atom.args) collectVariables(p, bound);
    };
    if (deltaAt >= 0) take(deltaAt);
    while (remaining.length > 0) {
      const ready = remaining.find((i) => {
        const l = rule.body[i]!;
        const patterns =
          l.kind === 'distinct' ? [l.left, l.right] : l.kind === 'neg' ? l.atom.args : undefined;
        return patterns?.every((p) => allBound(p, bound)) ?? false;
      });
      if (ready !== undefined) {
        take(ready);
        remaining.splice(remaining.indexOf(ready), 1);
        continue;
      }
      let best = -1;
      let bestShare = -1;
      let bestSize = 0;
      for (const i of remaining) {
        const l = rule.body[i]!;
        if (l.kind !== 'pos') continue;
        const args = l.atom.args;
        const share = args.length === 0 ? 1 : args.filter((p) => allBound(p, bound)).length / args.length;
        const size = this.extensions.get(l.atom.relation)?.tuples.length ?? 0;
        if (share > bestShare || (share === bestShare && size < bestSize)) {
          best = i;
          bestShare = share;
          bestSize = size;
        }
      }
      const next = best >= 0 ? best : remaining[0]!;
      take(next);
      remaining.splice(remaining.indexOf(next), 1);
    }
    return order;
  }

  private holds(atom: Atom, bindings: Int32Array): boolean {
    const args = atom.args.map((p) => build(this.store, p, bindings));
    return this.extensions.get(atom.relation)?.has(args) ?? false;
  }

  private add(relation: RelationId, args: TermId[]): void {
    const key = this.game.relations[relation]!.key;
    for (const a of args) assertBoundedDepth(this.store, a, 0, key);
    if (!this.extensions.get(relation)!.add(args)) return;
    if (++this.total > this.limit) {
      throw new BudgetExceededError(
        `the permanent relations of ${this.game.file} have more than ${this.limit} facts (last: ${key})`,
        { relation: key, limit: `${this.limit} facts` },
      );
    }
  }
}

/** The argument positions of a literal that are ground under the bindings (a bit each), and their values. */
function boundKey(store: TermStore, atom: Atom, bindings: Int32Array): { mask: number; key: TermId[] } {
  let mask = 0;
  const key: TermId[] = [];
  const n = Math.min(atom.args.length, 31);
  for (let j = 0; j < n; j++) {
    const p = atom.args[j]!;
    if (!isBound(p, bindings)) continue;
    mask |= 1 << j;
    key.push(build(store, p, bindings));
  }
  return { mask, key };
}

function collectVariables(p: Pattern, into: Set<number>): void {
  if (p.kind === 'var') into.add(p.index);
  else if (p.kind === 'fn') for (const a of p.args) collectVariables(a, into);
}

function allBound(p: Pattern, bound: ReadonlySet<number>): boolean {
  if (p.kind === 'ground') return true;
  if (p.kind === 'var') return bound.has(p.index);
  return p.args.every((a) => allBound(a, bound));
}

function isBound(p: Pattern, bindings: Int32Array): boolean {
  if (p.kind === 'ground') return true;
  if (p.kind === 'var') return bindings[p.index]! >= 0;
  return p.args.every((a) => isBound(a, bindings));
}

function match(store: TermStore, p: Pattern, term: TermId, bindings: Int32Array, trail: number[]): boolean {
  if (p.kind === 'ground') return p.term === term;
  if (p.kind === 'var') {
    const bound = bindings[p.index]!;
    if (bound >= 0) return bound === term;
    bindings[p.index] = term;
    trail.push(p.index);
    return true;
  }
  if (store.functor(term) !== p.functor || store.arity(term) !== p.args.length) return false;
  return p.args.every((a, i) => match(store, a, store.arg(term, i), bindings, trail));
}

function build(store: TermStore, p: Pattern, bindings: Int32Array): TermId {
  if (p.kind === 'ground') return p.term;
  if (p.kind === 'var') return bindings[p.index]!;
  return store.compound(
    p.functor,
    p.args.map((a) => build(store, a, bindings)),
  );
}

/**
 * Throws when `term` nests function terms deeper than MAX_TERM_DEPTH below `depth`: the rules of `relation` then
 * build unboundedly deep terms (issue 25: grounding such a game ran until a collection overflowed).
 */
export function assertBoundedDepth(store: TermStore, term: TermId, depth: number, relation: string): void {
  if (depth > MAX_TERM_DEPTH) {
    throw new BudgetExceededError(
      `${relation} builds terms nested deeper than ${MAX_TERM_DEPTH} levels: the rules build unboundedly deep terms, which grounding cannot handle`,
      { relation, limit: `depth ${MAX_TERM_DEPTH}` },
    );
  }
  for (let i = 0; i < store.arity(term); i++)
    assertBoundedDepth(store, store.arg(term, i), depth + 1, relation);
}
