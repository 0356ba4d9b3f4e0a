// Argument domains (Schofield & Saffidine 2013, section 4.2): for every argument of every relation a finite
// superset of the ground terms that can occur there, propagated from rule bodies to heads to a fixpoint.
// A domain is kept structured — constants plus, per function symbol, one domain per argument — so the
// domain of a fluent argument such as (cell ?x ?y ?p) is the product x × y × p of Definition 3 and Example 4
// without materialising every term. State-independent relations are evaluated exactly first.
import {
  BudgetExceededError,
  type Game,
  type Pattern,
  type SymbolId,
  type TermId,
  type TermStore,
} from '@gdlkit/core';
import { MAX_TERM_DEPTH, type PermanentFacts, permanentFacts } from './domains-permanent.js';

/** Nesting deeper than this means the rules build unboundedly deep terms (section 4.2 assumes bounded depth). */
export const MAX_DOMAIN_DEPTH = MAX_TERM_DEPTH;

/** The argument domains of one function symbol: its denotation is f(args[0] × … × args[n-1]). */
export interface FunctorDomain {
  readonly symbol: SymbolId;
  readonly args: readonly Domain[];
}

/** A set of ground terms: constants in discovery order, plus a product domain per function symbol. */
export class Domain {
  readonly constants = new Set<TermId>();
  /** Keyed by functorKey(symbol, arity), in discovery order. */
  readonly functors = new Map<number, FunctorDomain>();

  get isEmpty(): boolean {
    return this.constants.size === 0 && this.functors.size === 0;
  }

  /** Number of ground terms denoted (a float: products can be astronomically large). */
  get size(): number {
    let n = this.constants.size;
    for (const f of this.functors.values()) {
      let p = 1;
      for (const a of f.args) p *= a.size;
      n += p;
    }
    return n;
  }

  /** Adds one ground term; true when the domain grew. */
  addTerm(store: TermStore, term: TermId, depth = 0): boolean {
    const arity = store.arity(term);
    if (arity === 0) {
      if (this.constants.has(term)) return false;
      this.constants.add(term);
      return true;
    }
    let changed = false;
    const group = this.functorGroup(store.functor(term), arity, depth);
    if (group.created) changed = true;
    for (let i = 0; i < arity; i++) {
      if (group.domain.args[i]!.addTerm(store, store.arg(term, i), depth + 1)) changed = true;
    }
    return changed;
  }

  /** Adds every term of `other`; true when the domain grew. */
  addDomain(other: Domain, depth = 0): boolean {
    let changed = false;
    for (const c of other.constants) {
      if (!this.constants.has(c)) {
        this.constants.add(c);
        changed = true;
      }
    }
    for (const f of other.functors.values()) {
      const group = this.functorGroup(f.symbol, f.args.length, depth);
      if (group.created) changed = true;
      for (let i = 0; i < f.args.length; i++) {
        if (group.domain.args[i]!.addDomain(f.args[i]!, depth + 1)) changed = true;
      }
    }
    return changed;
  }

  /** The group of a function symbol, created empty when absent. */
  functorGroup(symbol: SymbolId, arity: number, depth: number): { domain: FunctorDomain; created: boolean } {
    const key = functorKey(symbol, arity);
    const found = this.functors.get(key);
    if (found) return { domain: found, created: false };
    if (depth >= MAX_DOMAIN_DEPTH) {
      throw new BudgetExceededError(
        `argument domains nest function terms deeper than ${MAX_DOMAIN_DEPTH} levels: the rules build unboundedly deep terms, which grounding cannot handle`,
        { limit: `depth ${MAX_DOMAIN_DEPTH}` },
      );
    }
    const domain: FunctorDomain = { symbol, args: Array.from({ length: arity }, () => new Domain()) };
    this.functors.set(key, domain);
    return { domain, created: true };
  }

  has(store: TermStore, term: TermId): boolean {
    const arity = store.arity(term);
    if (arity === 0) return this.constants.has(term);
    const f = this.functors.get(functorKey(store.functor(term), arity));
    if (!f) return false;
    for (let i = 0; i < arity; i++) if (!f.args[i]!.has(store, store.arg(term, i))) return false;
    return true;
  }

  /** The terms of both domains (products are intersected argument-wise, a superset of the true meet). */
  intersect(other: Domain): Domain {
    const out = new Domain();
    for (const c of this.constants) if (other.constants.has(c)) out.constants.add(c);
    for (const [key, f] of this.functors) {
      const g = other.functors.get(key);
      if (!g) continue;
      const args = f.args.map((a, i) => a.intersect(g.args[i]!));
      if (args.some((a) => a.isEmpty)) continue;
      out.functors.set(key, { symbol: f.symbol, args });
    }
    return out;
  }

  /** Every term of the domain, interned; throws BudgetExceededError beyond `limit` terms. */
  terms(store: TermStore, limit = 1_000_000): TermId[] {
    const size = this.size;
    if (size > limit) {
      throw new BudgetExceededError(`a domain of ${size} nested terms is too large to enumerate`, {
        limit: `${limit} terms`,
      });
    }
    const out = [...this.constants];
    for (const f of this.functors.values()) {
      const lists = f.args.map((a) => a.terms(store, limit));
      const args = new Array<TermId>(lists.length).fill(0);
      const fill = (i: number): void => {
        if (i === lists.length) {
          out.push(store.compound(f.symbol, args));
          return;
        }
        for (const t of lists[i]!) {
          args[i] = t;
          fill(i + 1);
        }
      };
      fill(0);
    }
    return out;
  }
}

export function functorKey(symbol: SymbolId, arity: number): number {
  return symbol * 1024 + arity;
}

/** The domain of every argument of every relation of a game. */
export interface ArgumentDomains {
  /** `relations[r][i]` is the domain of argument i of relation r. */
  readonly relations: readonly (readonly Domain[])[];
  /** The exact facts of the state-independent relations, whose domains are exact. */
  readonly permanent: PermanentFacts;
}

/**
 * Computes argument domains by propagating them from rule bodies to heads until nothing changes (section
 * 4.2): a head variable gets the intersection of the domains of its occurrences in positive body literals;
 * negative literals and distinct do not restrict. `true`, `next` and `init` share one domain, as do `does`
 * and `legal`, so that a state's fluents and a joint move's moves keep one encoding from step to step.
 * `checkBudget` throws to abandon a build over its time budget (called once per round and while the permanent
 * facts are evaluated).
 */
export function computeArgumentDomains(game: Game, checkBudget: () => void = () => {}): ArgumentDomains {
  const k = game.keywords;
  const relations: Domain[][] = game.relations.map((r) =>
    Array.from({ length: r.arity }, () => new Domain()),
  );
  const fluents = relations[k.true]![0]!;
  relations[k.next]![0] = fluents;
  relations[k.init]![0] = fluents;
  const moves = relations[k.legal]!;
  relations[k.does] = moves;
  const store = game.store;
  const permanent = permanentFacts(game, undefined, checkBudget);
  for (const [r, tuples] of permanent) {
    for (const args of tuples) for (const [i, a] of args.entries()) relations[r]![i]!.addTerm(store, a);
  }
  let changed = true;
  while (changed) {
    changed = false;
    checkBudget();
    for (const rule of game.rules) {
      if (permanent.has(rule.head.relation)) continue;
      const vars: (Domain | undefined)[] = new Array(rule.variableCount);
      let possible = true;
      for (const literal of rule.body) {
        if (literal.kind !== 'pos') continue;
        const domains = relations[literal.atom.relation]!;
        for (let i = 0; i < literal.atom.args.length && possible; i++) {
          possible = restrict(store, literal.atom.args[i]!, domains[i]!, vars, 0);
        }
        if (!possible) break;
      }
      if (!possible || vars.some((d) => d?.isEmpty)) continue;
      const head = relations[rule.head.relation]!;
      for (let i = 0; i < rule.head.args.length; i++) {
        if (extend(store, rule.head.args[i]!, head[i]!, vars, 0)) changed = true;
      }
    }
  }
  return { relations, permanent };
}

/** Narrows the variable domains by one body occurrence of `pattern` in `domain`; false when it cannot match. */
function restrict(
  store: TermStore,
  pattern: Pattern,
  domain: Domain,
  vars: (Domain | undefined)[],
  depth: number,
): boolean {
  switch (pattern.kind) {
    case 'ground':
      return domain.has(store, pattern.term);
    case 'var': {
      const current = vars[pattern.index];
      const next = current ? current.intersect(domain) : domain;
      vars[pattern.index] = next;
      return !next.isEmpty;
    }
    case 'fn': {
      const f = domain.functors.get(functorKey(pattern.functor, pattern.args.length));
      if (!f) return false;
      for (let i = 0; i < pattern.args.length; i++) {
        if (!restrict(store, pattern.args[i]!, f.args[i]!, vars, depth + 1)) return false;
      }
      return true;
    }
  }
}

/** Adds the instances of a head pattern to `domain`; true when it grew. */
function extend(
  store: TermStore,
  pattern: Pattern,
  domain: Domain,
  vars: readonly (Domain | undefined)[],
  depth: number,
): boolean {
  switch (pattern.kind) {
    case 'ground':
      return domain.addTerm(store, pattern.term, depth);
    case 'var':
      return domain.addDomain(vars[pattern.index]!, depth);
    case 'fn': {
      const group = domain.functorGroup(pattern.functor, pattern.args.length, depth);
      let changed = group.created;
      for (let i = 0; i < pattern.args.length; i++) {
        if (extend(store, pattern.args[i]!, group.domain.args[i]!, vars, depth + 1)) changed = true;
      }
      return changed;
    }
  }
}
