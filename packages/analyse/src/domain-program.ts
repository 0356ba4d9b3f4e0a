// The domain program D of section 5: a dependency graph with one node per argument position of every
// predicate and function symbol; two arguments are linked when one rule uses the same variable in both. The
// argument positions of a connected component share a domain whose elements are the function symbols
// (constants included) occurring in its positions. Features range over the domain of init ∪ next, moves
// over that of legal's second argument. D is written as negation-free clauses for fDom/mDom.
//
// Unlike the paper's Figure 2, a symbol is not a node that joins the components it occurs in: values only
// flow through shared variables, so the domains stay supersets of the reachable terms, and a step counter
// 1..31 no longer merges with board coordinates 1..3 (3pttc's moves would otherwise number 31^4).
import type { Game, GameRule, Pattern } from '@gdlkit/core';
import { aspConstant, aspName } from './asp-names.js';

/** A function symbol of the game, `name/arity`, with its name and arity. */
export interface FunctionSymbol {
  readonly key: string;
  readonly name: string;
  readonly arity: number;
}

export interface DomainProgram {
  /** Clauses defining `dOm(Component, Term)` and `fDom(Feature)` and/or `mDom(Move)`, as needed. */
  clauses(need: { readonly features: boolean; readonly moves: boolean }): string[];
  /** Function symbols (and constants) that can be features: the symbols of the init/next domain. */
  readonly features: readonly FunctionSymbol[];
  /** Set when some domain is infinite (a function symbol nested in its own argument): no proof can ground. */
  readonly infinite?: string;
  /** Every ground feature by its function symbol (`name/arity`), in KIF; known for the relaxation's domain. */
  readonly groundFeatures?: ReadonlyMap<string, readonly string[]>;
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

  /** Symbol occurrences: the argument node and the symbol occurring there. */
  readonly occurrences: { at: number; symbol: FunctionSymbol }[] = [];

  occurs(at: number, name: string, arity: number): void {
    const key = `${name}/${arity}`;
    let symbol = this.symbols.get(key);
    if (!symbol) this.symbols.set(key, (symbol = { key, name, arity }));
    this.occurrences.push({ at, symbol });
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
      graph.occurs(at, name, arity);
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
    graph.occurs(at, name, p.args.length);
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
  for (const { at, symbol } of graph.occurrences) {
    const c = graph.sets.find(at);
    let list = symbolsByComponent.get(c);
    if (!list) symbolsByComponent.set(c, (list = []));
    if (!list.includes(symbol)) list.push(symbol);
  }
  const argComponent = (s: FunctionSymbol, i: number): number => graph.component(`F:${s.key}#${i}`);

  const featureComponents = [...new Set([graph.component('P:init/1#0'), graph.component('P:next/1#0')])];
  const moveComponent = graph.component('P:legal/2#1');

  const componentClauses = (c: number): string[] =>
    (symbolsByComponent.get(c) ?? []).map((s) => {
      if (s.arity === 0) return `dOm(${c},${aspConstant(s.name)}).`;
      const vars = Array.from({ length: s.arity }, (_, i) => `X${i}`);
      const body = vars.map((v, i) => `dOm(${argComponent(s, i)},${v})`).join(', ');
      return `dOm(${c},${aspName(s.name)}(${vars.join(',')})) :- ${body}.`;
    });

  // Components reachable from the feature and move domains, with a cycle check (infinite domains).
  let infinite: string | undefined;
  const reachable = (roots: readonly number[]): number[] => {
    const needed = new Set<number>();
    const onPath = new Set<number>();
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
    for (const c of roots) reach(c);
    return [...needed].sort((a, b) => a - b);
  };
  const featureClauses = [
    ...reachable(featureComponents).flatMap(componentClauses),
    ...featureComponents.map((c) => `fDom(X) :- dOm(${c},X).`),
  ];
  const moveClauses = [
    ...reachable([moveComponent]).flatMap(componentClauses),
    `mDom(X) :- dOm(${moveComponent},X).`,
  ];

  const features = [...new Set(featureComponents.flatMap((c) => symbolsByComponent.get(c) ?? []))];
  return {
    clauses: (need) => [
      ...new Set([...(need.features ? featureClauses : []), ...(need.moves ? moveClauses : [])]),
    ],
    features,
    ...(infinite === undefined ? {} : { infinite }),
    argumentComponent: (functor, index) => graph.component(`F:${functor}#${index}`),
  };
}
