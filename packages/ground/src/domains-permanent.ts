// The exact extensions of the state-independent relations (the permanent facts of section 2.1), by naive
// bottom-up evaluation over ground terms in dependency order. Their domains are then exact rather than
// propagated, which keeps recursive definitions such as (<= (r ?x (f ?x)) (r ?y ?x) (q ?y)) finite when their
// extension is finite even though the argument-wise approximation of section 4.2 is not.
import {
  type Atom,
  BudgetExceededError,
  type Game,
  type Pattern,
  type RelationId,
  type TermId,
  type TermStore,
} from '@gdlkit/core';

/** Nesting deeper than this means the rules build unboundedly deep terms (section 4.2 assumes bounded depth). */
export const MAX_TERM_DEPTH = 12;

/** Ground argument tuples per permanent relation (absent for state-dependent ones). */
export type PermanentFacts = Map<RelationId, TermId[][]>;

/**
 * @param checkBudget called every few thousand matching steps; throws (BudgetExceededError) to abandon a
 *   build that is over its time budget, since naive evaluation of large arithmetic tables can take minutes.
 */
export function permanentFacts(
  game: Game,
  limit = 1_000_000,
  checkBudget: () => void = () => {},
): PermanentFacts {
  const store = game.store;
  const facts: PermanentFacts = new Map();
  const keys = new Map<RelationId, Set<string>>();
  let total = 0;
  let steps = 0;
  const add = (relation: RelationId, args: TermId[]): boolean => {
    for (const a of args) {
      if (termDepth(store, a) > MAX_TERM_DEPTH) {
        throw new BudgetExceededError(
          `${game.relations[relation]!.key} builds terms nested deeper than ${MAX_TERM_DEPTH} levels: the rules build unboundedly deep terms, which grounding cannot handle`,
          { relation: game.relations[relation]!.key, limit: `depth ${MAX_TERM_DEPTH}` },
        );
      }
    }
    const key = args.join(',');
    const seen = keys.get(relation)!;
    if (seen.has(key)) return false;
    seen.add(key);
    facts.get(relation)!.push(args);
    if (++total > limit) {
      throw new BudgetExceededError(
        `the permanent relations of ${game.file} have more than ${limit} facts (last: ${game.relations[relation]!.key})`,
        { relation: game.relations[relation]!.key, limit: `${limit} facts` },
      );
    }
    return true;
  };
  const holds = (atom: Atom, bindings: Int32Array): boolean => {
    const args = atom.args.map((p) => build(store, p, bindings));
    return keys.get(atom.relation)?.has(args.join(',')) ?? false;
  };
  for (const component of game.analysis.components) {
    if (component.some((r) => game.analysis.dynamic[r])) continue;
    for (const r of component) {
      facts.set(r, []);
      keys.set(r, new Set());
    }
    const rules = component.flatMap((r) => game.rulesByHead[r]!);
    let changed = true;
    while (changed) {
      changed = false;
      for (const rule of rules) {
        const bindings = new Int32Array(rule.variableCount).fill(-1);
        const trail: number[] = [];
        const step = (i: number): void => {
          if (i === rule.body.length) {
            if (
              add(
                rule.head.relation,
                rule.head.args.map((p) => build(store, p, bindings)),
              )
            )
              changed = true;
            return;
          }
          const l = rule.body[i]!;
          if (l.kind === 'distinct') {
            if (build(store, l.left, bindings) !== build(store, l.right, bindings)) step(i + 1);
            return;
          }
          if (l.kind === 'neg') {
            if (!holds(l.atom, bindings)) step(i + 1);
            return;
          }
          const list = facts.get(l.atom.relation) ?? [];
          if ((++steps & 4095) === 0) checkBudget();
          for (let k = 0; k < list.length; k++) {
            const mark = trail.length;
            if (l.atom.args.every((p, j) => match(store, p, list[k]![j]!, bindings, trail))) step(i + 1);
            while (trail.length > mark) bindings[trail.pop()!] = -1;
          }
        };
        step(0);
      }
      if (!game.analysis.recursive[component[0]!]) break;
    }
  }
  return facts;
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

function termDepth(store: TermStore, term: TermId): number {
  let depth = 0;
  for (let i = 0; i < store.arity(term); i++)
    depth = Math.max(depth, 1 + termDepth(store, store.arg(term, i)));
  return depth;
}
