// The domain program D of section 5: a dependency graph with one node per argument position of every
// predicate and function symbol and one node per function symbol (constants included). A symbol is linked
// to the argument it occurs in; two arguments are linked when one rule uses the same variable in both. The
// argument positions of a connected component share a domain whose elements are the component's symbols.
// Features range over the domain of init ∪ next, moves over that of legal's second argument. D is written
// as negation-free clauses for fDom/mDom.
import type { Game, GameRule, Pattern } from '@gdlkit/core';
import { aspConstant, aspName } from './asp-names.js';

/** A function symbol of the game, `name/arity`, with its name and arity. */
export interface FunctionSymbol {
  readonly key: string;
  readonly name: string;
  readonly arity: number;
}

export interface DomainProgram {
  /** Clauses defining `dOm(Component, Term)`, `fDom(Feature)`, `mDom(Move)`. */
  readonly clauses: readonly string[];
  /** Function symbols (and constants) that can be features: the symbols of the init/next domain. */
  readonly features: readonly FunctionSymbol[];
  /** Set when some domain is infinite (a function symbol nested in its own argument): no proof can ground. */
  readonly infinite?: string;
  /** Connected component of an argument position of a function symbol, for ordering the search. */
  argumentComponent(functor: string, index: number): number;
}

class UnionFind {
  private readonly parent: number[] = [];
  add(): number {
    this.parent.push(this.parent.length);
    return this.parent.length - 1;
  }
  find(x: number): number {
    let root = x;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[x] !== root) {
      const next = this.parent[x]!;
      this.parent[x] = root;
      x = next;
    }
    return root;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}

class DependencyGraph {
  readonly sets = new UnionFind();
  private readonly ids = new Map<string, number>();
  readonly symbols = new Map<string, FunctionSymbol>();

  node(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.sets.add();
      this.ids.set(key, id);
    }
    return id;
  }

  /** Node of the argument position: `P:` for predicates, `F:` for functions. */
  argument(kind: 'P' | 'F', functor: string, index: number): number {
    return this.node(`${kind}:${functor}#${index}`);
  }

  symbol(name: string, arity: number): number {
    const key = `${name}/${arity}`;
    if (!this.symbols.has(key)) this.symbols.set(key, { key, name, arity });
    return this.node(`S:${key}`);
  }

  component(key: string): number {
    return this.sets.find(this.node(key));
  }
}

/** Builds the section-5 graph of every rule except base/input (which say nothing about reachable states). */
export function buildDomainProgram(game: Game): DomainProgram {
  const { store, keywords } = game;
  const graph = new DependencyGraph();

  const visit = (p: Pattern, at: number, variables: Map<number, number>): void => {
    if (p.kind === 'var') {
      const seen = variables.get(p.index);
      if (seen === undefined) variables.set(p.index, at);
      else graph.sets.union(seen, at);
      return;
    }
    if (p.kind === 'ground') {
      const term = p.term;
      const name = store.symbolName(store.functor(term));
      const arity = store.arity(term);
      graph.sets.union(at, graph.symbol(name, arity));
      for (let i = 0; i < arity; i++) {
        visit(
          { kind: 'ground', term: store.arg(term, i) },
          graph.argument('F', `${name}/${arity}`, i),
          variables,
        );
      }
      return;
    }
    const name = store.symbolName(p.functor);
    graph.sets.union(at, graph.symbol(name, p.args.length));
    p.args.forEach((a, i) => {
      visit(a, graph.argument('F', `${name}/${p.args.length}`, i), variables);
    });
  };
  const visitAtom = (relation: number, args: readonly Pattern[], variables: Map<number, number>): void => {
    const key = game.relations[relation]!.key;
    args.forEach((a, i) => {
      visit(a, graph.argument('P', key, i), variables);
    });
  };
  const skip = new Set([keywords.base, keywords.input]);
  for (const rule of game.rules as GameRule[]) {
    if (skip.has(rule.head.relation)) continue;
    const variables = new Map<number, number>();
    visitAtom(rule.head.relation, rule.head.args, variables);
    for (const l of rule.body) if (l.kind !== 'distinct') visitAtom(l.atom.relation, l.atom.args, variables);
  }

  const symbolsByComponent = new Map<number, FunctionSymbol[]>();
  for (const s of graph.symbols.values()) {
    const c = graph.component(`S:${s.key}`);
    let list = symbolsByComponent.get(c);
    if (!list) symbolsByComponent.set(c, (list = []));
    list.push(s);
  }
  const argComponent = (s: FunctionSymbol, i: number): number => graph.component(`F:${s.key}#${i}`);

  const featureComponents = [...new Set([graph.component('P:init/1#0'), graph.component('P:next/1#0')])];
  const moveComponent = graph.component('P:legal/2#1');

  // Components reachable from the feature and move domains, with a cycle check (infinite domains).
  const needed = new Set<number>();
  const onPath = new Set<number>();
  let infinite: string | undefined;
  const reach = (c: number): void => {
    if (onPath.has(c)) {
      const witness = (symbolsByComponent.get(c) ?? []).map((s) => s.key).join(', ');
      infinite ??= `the domain of ${witness} is infinite (a function symbol occurs nested in its own argument)`;
      return;
    }
    if (needed.has(c)) return;
    needed.add(c);
    onPath.add(c);
    for (const s of symbolsByComponent.get(c) ?? [])
      for (let i = 0; i < s.arity; i++) reach(argComponent(s, i));
    onPath.delete(c);
  };
  for (const c of [...featureComponents, moveComponent]) reach(c);

  const clauses: string[] = [];
  for (const c of [...needed].sort((a, b) => a - b)) {
    for (const s of symbolsByComponent.get(c) ?? []) {
      if (s.arity === 0) {
        clauses.push(`dOm(${c},${aspConstant(s.name)}).`);
        continue;
      }
      const vars = Array.from({ length: s.arity }, (_, i) => `X${i}`);
      const body = vars.map((v, i) => `dOm(${argComponent(s, i)},${v})`).join(', ');
      clauses.push(`dOm(${c},${aspName(s.name)}(${vars.join(',')})) :- ${body}.`);
    }
  }
  for (const c of featureComponents) clauses.push(`fDom(X) :- dOm(${c},X).`);
  clauses.push(`mDom(X) :- dOm(${moveComponent},X).`);

  const features = featureComponents.flatMap((c) => symbolsByComponent.get(c) ?? []);
  return {
    clauses,
    features,
    ...(infinite === undefined ? {} : { infinite }),
    argumentComponent: (functor, index) => graph.component(`F:${functor}#${index}`),
  };
}
