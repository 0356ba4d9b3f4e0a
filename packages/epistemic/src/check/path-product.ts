// E φ for a path formula φ outside the CTL fragment (Clarke, Grumberg & Peled, Model Checking, ch. 6; Emerson &
// Lei 1987): the product of the knowledge model with the automaton of φ (path-automaton.ts), whose node (v, q)
// steps along an edge v → v' of the model with a transition of q the point v satisfies. E φ holds at v iff from
// (v, 0) some product path reaches a fair strongly connected component — one with an internal edge of every
// acceptance set — since runs are infinite (a terminal state loops with STOP, Definition 6). Components come from
// an iterative Tarjan search (no recursion: products have millions of nodes); Tarjan completes a component
// after every component it reaches, so "reaches a fair component" is known when the component is popped.
import { BudgetExceededError } from '@gdlkit/core';
import type { BudgetClock } from '../model/budget.js';
import type { Model } from '../model/model.js';
import type { PathAutomaton, Transition } from './path-automaton.js';

/** Bytes per product node of the search's arrays (index, low link, component, flags). */
const BYTES_PER_NODE = 14;

export interface PathProduct {
  /** Per model node: some run from it satisfies the path formula. */
  readonly sat: Uint8Array;
  readonly automaton: PathAutomaton;
  /** The literals' satisfaction sets on the model, in the automaton's order. */
  readonly literalSets: readonly Uint8Array[];
  /** Per product node v·Q + q: its component (0: not reached). */
  readonly component: Int32Array;
  /** Per product node: a fair component is reachable from it. */
  readonly good: Uint8Array;
  /** Per product node: it lies in a fair component. */
  readonly fair: Uint8Array;
}

/** A lasso of the model: nodes[j] --edges[j]--> nodes[j + 1], and the last node is nodes[loopsTo] again. */
export interface Lasso {
  readonly nodes: number[];
  readonly edges: number[];
  /** The automaton's transition taken with edges[j]: the state formulas that hold at nodes[j]. */
  readonly transitions: Transition[];
  readonly loopsTo: number;
}

type Visit = (target: number, edge: number, accepting: number, transition: Transition) => boolean | undefined;

/** The product graph's edges, computed from the model and the automaton on demand. */
class ProductEdges {
  readonly states: number;

  constructor(
    readonly model: Model,
    readonly automaton: PathAutomaton,
    readonly literalSets: readonly Uint8Array[],
  ) {
    this.states = automaton.transitions.length;
  }

  enabled(v: number, t: Transition): boolean {
    for (const l of t.literals) if (this.literalSets[l]![v] !== 1) return false;
    return true;
  }

  /** Calls visit on each edge out of product node x until it returns true. */
  forEach(x: number, visit: Visit): void {
    const v = Math.floor(x / this.states);
    for (const t of this.automaton.transitions[x % this.states]!) {
      if (!this.enabled(v, t)) continue;
      for (let e = this.model.expand(v); e < this.model.edgeEnd(v); e++) {
        if (visit(this.model.edgeTarget(e) * this.states + t.target, e, t.accepting, t)) return;
      }
    }
  }
}

export function existsPath(
  model: Model,
  automaton: PathAutomaton,
  literalSets: readonly Uint8Array[],
  clock: BudgetClock,
): PathProduct {
  const edges = new ProductEdges(model, automaton, literalSets);
  const Q = edges.states;
  const n = model.size;
  const size = n * Q;
  if (size > 2 ** 31 - 1 || size * BYTES_PER_NODE > clock.budget.memoryBytes / 2) {
    throw new BudgetExceededError(
      `the product of ${n} nodes with a ${Q}-state path automaton does not fit the memory budget`,
      { limit: 'memory' },
    );
  }
  const index = new Int32Array(size);
  const low = new Int32Array(size);
  const component = new Int32Array(size);
  const good = new Uint8Array(size);
  const fair = new Uint8Array(size);
  const stack: number[] = [];
  // The depth-first search's frames: node, transition index, next edge (-1: the transition is not started).
  const frameNode: number[] = [];
  const frameTransition: number[] = [];
  const frameEdge: number[] = [];
  let counter = 0;
  let components = 0;

  const open = (x: number): void => {
    index[x] = low[x] = ++counter;
    stack.push(x);
    frameNode.push(x);
    frameTransition.push(0);
    frameEdge.push(-1);
  };
  /** The next successor of the top frame's node, or -1 when it has none left. */
  const nextSuccessor = (): number => {
    const top = frameNode.length - 1;
    const x = frameNode[top]!;
    const v = Math.floor(x / Q);
    const transitions = automaton.transitions[x % Q]!;
    let t = frameTransition[top]!;
    let e = frameEdge[top]!;
    while (t < transitions.length) {
      if (e < 0) {
        if (!edges.enabled(v, transitions[t]!)) {
          t++;
          continue;
        }
        e = model.expand(v);
      }
      if (e < model.edgeEnd(v)) {
        frameTransition[top] = t;
        frameEdge[top] = e + 1;
        return model.edgeTarget(e) * Q + transitions[t]!.target;
      }
      t++;
      e = -1;
    }
    frameTransition[top] = t;
    return -1;
  };
  const close = (root: number): void => {
    const id = ++components;
    const members: number[] = [];
    for (;;) {
      const y = stack.pop()!;
      component[y] = id;
      members.push(y);
      if (y === root) break;
    }
    let internal = false;
    let accepting = 0;
    let reaches = false;
    for (const y of members) {
      edges.forEach(y, (w, _e, mask) => {
        if (component[w] === id) {
          internal = true;
          accepting |= mask;
        } else if (good[w]) reaches = true;
        return undefined;
      });
    }
    const isFair = internal && (accepting & automaton.allAccepting) === automaton.allAccepting;
    if (isFair || reaches) for (const y of members) good[y] = 1;
    if (isFair) for (const y of members) fair[y] = 1;
  };

  for (let v = 0; v < n; v++) {
    if (index[v * Q] !== 0) continue;
    open(v * Q);
    while (frameNode.length > 0) {
      clock.tick('searching the path automaton product');
      const x = frameNode[frameNode.length - 1]!;
      const w = nextSuccessor();
      if (w >= 0) {
        if (index[w] === 0) open(w);
        else if (component[w] === 0 && index[w]! < low[x]!) low[x] = index[w]!;
        continue;
      }
      frameNode.pop();
      frameTransition.pop();
      frameEdge.pop();
      if (low[x] === index[x]) close(x);
      const parent = frameNode[frameNode.length - 1];
      if (parent !== undefined && low[x]! < low[parent]!) low[parent] = low[x]!;
    }
  }
  const sat = new Uint8Array(n);
  for (let v = 0; v < n; v++) sat[v] = good[v * Q]!;
  return { sat, automaton, literalSets, component, good, fair };
}

/**
 * A lasso from model node `start` on which the path formula holds (sat[start] must be 1): a shortest product
 * path to a fair component, then a cycle in it through an edge of every acceptance set.
 */
export function lassoFrom(model: Model, product: PathProduct, start: number, clock: BudgetClock): Lasso {
  const edges = new ProductEdges(model, product.automaton, product.literalSets);
  const Q = edges.states;
  /**
   * A shortest product path from `from` (at least one edge) through nodes `admit` accepts, ending with an
   * edge `goal` accepts; its product nodes after `from` and its model edges.
   */
  const search = (
    from: number,
    admit: (w: number) => boolean,
    goal: (w: number, accepting: number) => boolean,
  ): { nodes: number[]; edges: number[]; transitions: Transition[]; accepting: number } => {
    const via = new Map<number, [number, number, Transition]>();
    const queue = [from];
    let end: [number, number, number, Transition] | undefined;
    for (let head = 0; head < queue.length && !end; head++) {
      const y = queue[head]!;
      edges.forEach(y, (w, e, mask, t) => {
        clock.tick('building a lasso witness');
        if (goal(w, mask)) {
          end = [y, w, e, t];
          return true;
        }
        if (admit(w) && w !== from && !via.has(w)) {
          via.set(w, [y, e, t]);
          queue.push(w);
        }
        return undefined;
      });
    }
    if (!end) throw new Error('internal error: no lasso in a fair component');
    const [last, target, edge, transition] = end;
    const nodes = [target];
    const path = [edge];
    const transitions = [transition];
    let accepting = transition.accepting;
    for (let y = last; y !== from; ) {
      const [p, e, t] = via.get(y)!;
      nodes.unshift(y);
      path.unshift(e);
      transitions.unshift(t);
      accepting |= t.accepting;
      y = p;
    }
    return { nodes, edges: path, transitions, accepting };
  };

  const first = start * Q;
  const nodes = [first];
  const path: number[] = [];
  const transitions: Transition[] = [];
  const take = (part: { nodes: number[]; edges: number[]; transitions: Transition[] }): void => {
    nodes.push(...part.nodes);
    path.push(...part.edges);
    transitions.push(...part.transitions);
  };
  if (!product.fair[first])
    take(
      search(
        first,
        (w) => product.good[w] === 1,
        (w) => product.fair[w] === 1,
      ),
    );
  const entry = nodes[nodes.length - 1]!;
  const loopsTo = nodes.length - 1;
  const id = product.component[entry]!;
  const inside = (w: number) => product.component[w] === id;
  const all = product.automaton.allAccepting;
  let covered = 0;
  while ((covered & all) !== all) {
    const part = search(
      nodes[nodes.length - 1]!,
      inside,
      (w, mask) => inside(w) && (mask & ~covered & all) !== 0,
    );
    covered |= part.accepting;
    take(part);
  }
  if (nodes.length - 1 === loopsTo || nodes[nodes.length - 1] !== entry)
    take(search(nodes[nodes.length - 1]!, inside, (w) => w === entry));
  return { nodes: nodes.map((x) => Math.floor(x / Q)), edges: path, transitions, loopsTo };
}
