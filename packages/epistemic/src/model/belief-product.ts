// Level k+1 of the knowledge model: a node pairs a level-k node with, for each knowing role, the set of level-k
// nodes that role cannot tell apart from it (its belief set). Under synchronous perfect recall (giga13-06,
// Definition 2 and section 2.2) two histories are indistinguishable for role i iff i made the same moves and
// saw the same percepts at every step; the belief set after a step is therefore a function of the belief set
// before it and i's observation: every successor, through an edge i observes the same way, of a node in it.
// The belief set is all that the past contributes to K_i of a formula evaluated on level k, so histories with
// equal level-k node and equal belief sets are merged — exact for knowledge nested up to depth k+1.
import { GrowableInt32 } from '@gdlkit/core';
import type { BudgetClock } from './budget.js';
import type { Model } from './model.js';

export class BeliefProduct implements Model {
  readonly level: number;
  /** Belief sets by id: sorted level-k node ids. */
  private readonly beliefs: Int32Array[] = [];
  private readonly beliefIds = new Map<string, number>();
  private readonly updates = new Map<string, number>();
  private readonly nodeIds = new Map<string, number>();
  /** Per node: its base node, then one belief id per knowing role. */
  private readonly nodes = new GrowableInt32();
  private readonly firstEdge = new GrowableInt32();
  private readonly lastEdge = new GrowableInt32();
  private readonly target = new GrowableInt32();
  private readonly source = new GrowableInt32();
  private readonly baseEdge = new GrowableInt32();
  private readonly width: number;

  constructor(
    readonly base: Model,
    /** The roles whose knowledge the formula reads (indices into the game's roles). */
    readonly knowers: readonly number[],
    private clock: BudgetClock,
  ) {
    this.level = base.level + 1;
    this.width = 1 + knowers.length;
    const initialBelief = this.internBelief([0]);
    this.intern(
      0,
      knowers.map(() => initialBelief),
    );
  }

  /** The budget of the check now running (a model is reused by later checks). */
  useClock(clock: BudgetClock): void {
    this.clock = clock;
  }

  get size(): number {
    return this.nodes.length / this.width;
  }

  /** The belief set (level-k nodes) of the knower at position `k` of `knowers`. */
  belief(node: number, k: number): Int32Array {
    return this.beliefs[this.beliefId(node, k)]!;
  }

  /** The id of that belief set (nodes with equal ids have equal belief sets). */
  beliefId(node: number, k: number): number {
    return this.nodes.get(node * this.width + 1 + k);
  }

  /** Belief sets interned so far. */
  get beliefCount(): number {
    return this.beliefs.length;
  }

  private internBelief(members: number[]): number {
    const key = members.join(',');
    let id = this.beliefIds.get(key);
    if (id === undefined) {
      id = this.beliefs.length;
      this.beliefs.push(Int32Array.from(members));
      this.beliefIds.set(key, id);
    }
    return id;
  }

  private intern(baseNode: number, beliefs: readonly number[]): number {
    const key = `${baseNode},${beliefs.join(',')}`;
    const known = this.nodeIds.get(key);
    if (known !== undefined) return known;
    const id = this.size;
    this.nodeIds.set(key, id);
    this.nodes.push(baseNode);
    for (const b of beliefs) this.nodes.push(b);
    this.firstEdge.push(-1);
    this.lastEdge.push(-1);
    return id;
  }

  /** The belief set after the knower at position k observes `observation`. */
  private update(beliefId: number, k: number, observation: number): number {
    const key = `${beliefId}:${k}:${observation}`;
    const known = this.updates.get(key);
    if (known !== undefined) return known;
    const next = updateBelief(this.base, this.beliefs[beliefId]!, this.knowers[k]!, observation, this.clock);
    const id = this.internBelief(next);
    this.updates.set(key, id);
    return id;
  }

  expand(node: number): number {
    const known = this.firstEdge.get(node);
    if (known >= 0) return known;
    this.clock.tick('exploring the knowledge model');
    const { base } = this;
    const baseNode = this.nodes.get(node * this.width);
    const first = this.target.length;
    const baseFirst = base.expand(baseNode);
    const baseEnd = base.edgeEnd(baseNode);
    const beliefs = new Array<number>(this.knowers.length);
    for (let e = baseFirst; e < baseEnd; e++) {
      for (let k = 0; k < this.knowers.length; k++) {
        beliefs[k] = this.update(
          this.nodes.get(node * this.width + 1 + k),
          k,
          base.edgeObservation(e, this.knowers[k]!),
        );
      }
      this.source.push(node);
      this.baseEdge.push(e);
      this.target.push(this.intern(base.edgeTarget(e), beliefs));
    }
    this.firstEdge.set(node, first);
    this.lastEdge.set(node, this.target.length);
    return first;
  }

  edgeEnd(node: number): number {
    return this.lastEdge.get(node);
  }

  edgeTarget(edge: number): number {
    return this.target.get(edge);
  }

  edgeMove(edge: number): number {
    return this.base.edgeMove(this.baseEdge.get(edge));
  }

  edgeObservation(edge: number, role: number): number {
    return this.base.edgeObservation(this.baseEdge.get(edge), role);
  }

  edgeSource(edge: number): number {
    return this.source.get(edge);
  }

  baseNode(node: number): number {
    return this.nodes.get(node * this.width);
  }
}

/**
 * The belief set after `role` makes `observation`: every successor, through an edge the role observes that way,
 * of a member of the belief set before (sorted node ids of `base`).
 */
export function updateBelief(
  base: Model,
  members: Iterable<number>,
  role: number,
  observation: number,
  clock: BudgetClock,
): number[] {
  const next = new Set<number>();
  for (const member of members) {
    clock.tick('updating belief sets');
    const first = base.expand(member);
    const end = base.edgeEnd(member);
    for (let e = first; e < end; e++) {
      if (base.edgeObservation(e, role) === observation) next.add(base.edgeTarget(e));
    }
  }
  return [...next].sort((a, b) => a - b);
}
