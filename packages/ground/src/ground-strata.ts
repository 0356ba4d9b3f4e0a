// Ground-level stratification (DESIGN.md section 4a): a cycle through negation at the predicate level may vanish
// once rules are instantiated (e.g. goal(R, 0) defined by not goal(R, 100)). Only a cycle through negation among
// ground atoms is an error.
import { GdlkitError } from '@gdlkit/core';
import type { GroundProgram } from './ground-program.js';

/** Recursion through negation among ground atoms: the game has no well-defined meaning. */
export class GroundNegativeCycleError extends GdlkitError {
  constructor(readonly atoms: readonly string[]) {
    super(
      'INVALID_GAME',
      `recursion through negation at the ground level involving ${atoms.slice(0, 5).join(', ')}${atoms.length > 5 ? ', ...' : ''}: no stratification of the ground rules exists`,
    );
    this.name = 'GroundNegativeCycleError';
  }
}

/**
 * Strongly connected components of the ground atom dependency graph, in dependency order (an atom's component
 * comes after the components of the atoms its rules use). Throws GroundNegativeCycleError if a negative
 * literal lies inside a component.
 */
export function groundStrata(program: GroundProgram): { components: Int32Array[]; componentOf: Int32Array } {
  const n = program.atomCount;
  // Atom → atoms its rules depend on, as CSR.
  const degree = new Int32Array(n + 1);
  for (let r = 0; r < program.ruleCount; r++) {
    degree[program.ruleHead[r]!]! += program.ruleBodyStart[r + 1]! - program.ruleBodyStart[r]!;
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + degree[i]!;
  const fill = start.slice(0, n);
  const target = new Int32Array(start[n]!);
  const negative = new Uint8Array(start[n]!);
  for (let r = 0; r < program.ruleCount; r++) {
    const h = program.ruleHead[r]!;
    for (let i = program.ruleBodyStart[r]!; i < program.ruleBodyStart[r + 1]!; i++) {
      const at = fill[h]!++;
      target[at] = program.ruleBody[i]!;
      negative[at] = i >= program.ruleNegStart[r]! ? 1 : 0;
    }
  }
  const { components, componentOf } = stronglyConnected(n, start, target);
  for (let a = 0; a < n; a++) {
    for (let e = start[a]!; e < start[a + 1]!; e++) {
      if (negative[e] && componentOf[target[e]!] === componentOf[a]) {
        const members = components[componentOf[a]!]!;
        const store = program.game.store;
        throw new GroundNegativeCycleError([...members].map((m) => store.toKif(program.atomTerm[m]!)));
      }
    }
  }
  return { components, componentOf };
}

/** Iterative Tarjan over a CSR graph; components come out successors first (dependency order). */
export function stronglyConnected(
  n: number,
  start: ArrayLike<number>,
  target: ArrayLike<number>,
): { components: Int32Array[]; componentOf: Int32Array } {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const componentOf = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let sp = 0;
  const workNode = new Int32Array(n);
  const workEdge = new Int32Array(n);
  const components: Int32Array[] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    let wp = 0;
    workNode[wp] = root;
    workEdge[wp++] = start[root]!;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (wp > 0) {
      const node = workNode[wp - 1]!;
      const edge = workEdge[wp - 1]!;
      if (edge < start[node + 1]!) {
        workEdge[wp - 1] = edge + 1;
        const to = target[edge]!;
        if (index[to] === -1) {
          index[to] = low[to] = counter++;
          stack[sp++] = to;
          onStack[to] = 1;
          workNode[wp] = to;
          workEdge[wp++] = start[to]!;
        } else if (onStack[to] && index[to]! < low[node]!) {
          low[node] = index[to]!;
        }
        continue;
      }
      wp--;
      if (wp > 0) {
        const parent = workNode[wp - 1]!;
        if (low[node]! < low[parent]!) low[parent] = low[node]!;
      }
      if (low[node] === index[node]) {
        let end = sp;
        while (stack[end - 1] !== node) end--;
        const component = stack.slice(end - 1, sp);
        for (const m of component) {
          onStack[m] = 0;
          componentOf[m] = components.length;
        }
        sp = end - 1;
        components.push(component);
      }
    }
  }
  return { components, componentOf };
}
