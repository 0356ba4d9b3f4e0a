import type { KeywordRelations } from './relations.js';
import type { GameRule, RelationId } from './rules.js';

export interface DependencyAnalysis {
  /** Strongly connected components in dependency order: a component only depends on earlier ones. */
  readonly components: readonly (readonly RelationId[])[];
  readonly componentOf: Int32Array;
  /** Predicate-level stratum: negation only refers to lower strata, except inside a negative cycle. */
  readonly stratum: Int32Array;
  /** Relations on a cycle through negation at the predicate level (lenient: stratified at ground level). */
  readonly negativeCycle: readonly boolean[];
  /** Relation in a component with a cycle (recursive). */
  readonly recursive: readonly boolean[];
  /** Depends, directly or not, on `true` or `does`: its extension changes with the state. */
  readonly dynamic: readonly boolean[];
  /** Depends, directly or not, on `does`. */
  readonly dependsOnDoes: readonly boolean[];
}

export function analyseDependencies(
  relationCount: number,
  rules: readonly GameRule[],
  keywords: KeywordRelations,
): DependencyAnalysis {
  const edges: { to: RelationId; negative: boolean }[][] = Array.from({ length: relationCount }, () => []);
  for (const rule of rules) {
    for (const l of rule.body) {
      if (l.kind === 'distinct') continue;
      edges[rule.head.relation]!.push({ to: l.atom.relation, negative: l.kind === 'neg' });
    }
  }
  const { components, componentOf } = tarjan(relationCount, edges);

  const stratum = new Int32Array(relationCount);
  const negativeCycle: boolean[] = new Array(relationCount).fill(false);
  const recursive: boolean[] = new Array(relationCount).fill(false);
  for (const component of components) {
    let level = 0;
    let cyclic = component.length > 1;
    let negativeInside = false;
    for (const r of component) {
      for (const e of edges[r]!) {
        if (componentOf[e.to] === componentOf[r]) {
          cyclic = true;
          if (e.negative) negativeInside = true;
        } else {
          level = Math.max(level, stratum[e.to]! + (e.negative ? 1 : 0));
        }
      }
    }
    for (const r of component) {
      stratum[r] = level;
      recursive[r] = cyclic;
      negativeCycle[r] = negativeInside;
    }
  }

  const dynamic: boolean[] = new Array(relationCount).fill(false);
  const dependsOnDoes: boolean[] = new Array(relationCount).fill(false);
  dynamic[keywords.true] = true;
  dynamic[keywords.does] = true;
  dependsOnDoes[keywords.does] = true;
  // Components come in dependency order, but members of one component share flags; two passes settle cycles.
  for (const component of components) {
    for (let pass = 0; pass < 2; pass++) {
      for (const r of component) {
        for (const e of edges[r]!) {
          if (dynamic[e.to]) dynamic[r] = true;
          if (dependsOnDoes[e.to]) dependsOnDoes[r] = true;
        }
      }
      const anyDynamic = component.some((r) => dynamic[r]);
      const anyDoes = component.some((r) => dependsOnDoes[r]);
      for (const r of component) {
        dynamic[r] = anyDynamic;
        dependsOnDoes[r] = anyDoes;
      }
    }
  }
  return { components, componentOf, stratum, negativeCycle, recursive, dynamic, dependsOnDoes };
}

/** Iterative Tarjan; components are emitted callees first, i.e. in dependency order. */
function tarjan(
  n: number,
  edges: readonly (readonly { to: number }[])[],
): { components: number[][]; componentOf: Int32Array } {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const componentOf = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: { node: number; edge: number }[] = [{ node: root, edge: 0 }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const out = edges[frame.node]!;
      if (frame.edge < out.length) {
        const to = out[frame.edge++]!.to;
        if (index[to] === -1) {
          index[to] = low[to] = counter++;
          stack.push(to);
          onStack[to] = 1;
          work.push({ node: to, edge: 0 });
        } else if (onStack[to]) {
          low[frame.node] = Math.min(low[frame.node]!, index[to]!);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node]!, low[frame.node]!);
      if (low[frame.node] === index[frame.node]) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          componentOf[member] = components.length;
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return { components, componentOf };
}
