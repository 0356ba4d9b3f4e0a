import type { AtomTerm, GameDescription, Rule } from '../ast.js';
import { bodyAtoms, relationKey } from './rule-walk.js';

/** Heads that define nothing: `true`/`does` heads are ignored (DESIGN.md 4a), reserved words are errors. */
const NON_DEFINING_HEADS = new Set(['true', 'does', 'distinct', 'not', 'or', 'and']);

export function definesRelation(rule: Rule): boolean {
  return !NON_DEFINING_HEADS.has(rule.head.name);
}

export interface DependencyEdge {
  /** Relation key of the body atom. */
  readonly to: string;
  readonly negative: boolean;
  readonly atom: AtomTerm;
}

/**
 * The predicate dependency graph: an edge from each defining rule's head relation to every relation in its
 * body, marked negative under `not`. Relations are `name/arity` keys.
 */
export class DependencyGraph {
  readonly edges = new Map<string, DependencyEdge[]>();
  /** Index of the strongly connected component of each relation (Tarjan). */
  readonly component = new Map<string, number>();
  private readonly reachCache = new Map<string, ReadonlySet<string>>();

  constructor(description: GameDescription) {
    for (const rule of description.rules) {
      if (!definesRelation(rule)) continue;
      const from = relationKey(rule.head);
      const out = this.edgesOf(from);
      for (const { atom, negative } of bodyAtoms(rule.body)) {
        const to = relationKey(atom);
        this.edgesOf(to);
        out.push({ to, negative, atom });
      }
    }
    this.computeComponents();
  }

  private edgesOf(key: string): DependencyEdge[] {
    let list = this.edges.get(key);
    if (!list) this.edges.set(key, (list = []));
    return list;
  }

  /** Same strongly connected component; for the two ends of an edge this means the edge lies on a cycle. */
  sameComponent(a: string, b: string): boolean {
    const ca = this.component.get(a);
    return ca !== undefined && ca === this.component.get(b);
  }

  /** Every relation reachable from `from` through one or more edges. */
  reachable(from: string): ReadonlySet<string> {
    let seen = this.reachCache.get(from);
    if (seen) return seen;
    const found = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      for (const e of this.edges.get(stack.pop()!) ?? []) {
        if (!found.has(e.to)) {
          found.add(e.to);
          stack.push(e.to);
        }
      }
    }
    seen = found;
    this.reachCache.set(from, seen);
    return seen;
  }

  /** A shortest path of relations from `from` to `to` inside their component, both ends included. */
  pathWithinComponent(from: string, to: string): string[] {
    const previous = new Map<string, string>([[from, from]]);
    const queue = [from];
    for (let i = 0; i < queue.length && !previous.has(to); i++) {
      const at = queue[i]!;
      for (const e of this.edges.get(at) ?? []) {
        if (!previous.has(e.to) && this.sameComponent(e.to, from)) {
          previous.set(e.to, at);
          queue.push(e.to);
        }
      }
    }
    const path = [to];
    for (let at = to; at !== from; ) {
      at = previous.get(at)!;
      path.push(at);
    }
    return path.reverse();
  }

  /** Tarjan's algorithm, iterative so that long dependency chains cannot overflow the stack. */
  private computeComponents(): void {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    let counter = 0;
    let components = 0;
    for (const root of this.edges.keys()) {
      if (index.has(root)) continue;
      const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
      index.set(root, counter);
      low.set(root, counter++);
      stack.push(root);
      onStack.add(root);
      while (work.length > 0) {
        const frame = work[work.length - 1]!;
        const out = this.edges.get(frame.node)!;
        if (frame.next < out.length) {
          const to = out[frame.next++]!.to;
          if (!index.has(to)) {
            index.set(to, counter);
            low.set(to, counter++);
            stack.push(to);
            onStack.add(to);
            work.push({ node: to, next: 0 });
          } else if (onStack.has(to)) {
            low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
          }
          continue;
        }
        work.pop();
        const parent = work[work.length - 1];
        if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
        if (low.get(frame.node) === index.get(frame.node)) {
          let member: string;
          do {
            member = stack.pop()!;
            onStack.delete(member);
            this.component.set(member, components);
          } while (member !== frame.node);
          components++;
        }
      }
    }
  }
}
