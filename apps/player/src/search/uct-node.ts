import type { Reasoner, TermId } from '@gdlkit/core';
import { bestAverageSlots, forgetBestAverages } from './best-average.js';
import { type LegalShape, legalShape } from './legal-shapes.js';
import { type StatsArena, statsArena } from './stats-arena.js';

/**
 * A node's legal moves and its per-role statistics, made when a descent first selects at the node. The
 * statistics are one flat run of `3 * size` doubles in an arena chunk (stats-arena.ts), so selection and
 * backup read one run per node rather than one array per role and statistic: role r's move i has its visits
 * at `base + offsets[r] + i`, its reward sum `size` further and its scored visits `2 * size` further; after
 * these three sections, each role's best average (best-average.ts).
 */
export interface NodeStats extends LegalShape {
  /** The arena chunk holding the run. */
  readonly values: Float64Array;
  /** Where the node's run starts in `values`. */
  readonly base: number;
}

/** A terminal node's shape: no legal moves, no statistics. */
const TERMINAL: LegalShape = { legal: [], offsets: new Int32Array(1), size: 0 };
const NO_VALUES = new Float64Array(0);

/** Most joint moves a node keeps its children in an array for (8 bytes a slot, used or not). */
const MAX_CHILD_SLOTS = 64;

/** A child slot's mark for a leaf that was added but whose node is not made yet (see `UctNode.addLeaf`). */
const UNMADE_LEAF = 0;
type Child<S> = UctNode<S> | typeof UNMADE_LEAF;

function subtreeSize<S>(child: Child<S> | undefined): number {
  return child === undefined ? 0 : child === UNMADE_LEAF ? 1 : child.subtreeSize();
}

/** Per role, views of one of the three sections of the flat statistics (for readers outside the hot path). */
interface RoleViews {
  readonly moveVisits: Float64Array[];
  readonly moveSums: Float64Array[];
  readonly moveScored: Float64Array[];
}

/**
 * A node of the decoupled UCT tree: a state with, per role, a visit count and a reward sum for each of its
 * legal moves (simultaneous and multi-role games choose one move per role independently). Children are keyed
 * by the joint move's mixed-radix index over the roles' legal lists.
 *
 * Most nodes are leaves that one simulation started from and no descent reaches again, so a node asks the
 * reasoner whether it is terminal and for its legal moves, and allocates its statistics and children, only
 * when first used. A leaf added by `addLeaf` is not even an object until a descent reaches it: the engine's
 * simulation starts at the parent with the leaf's joint move forced (`SimulationBatch.forcedFirstMove`), the
 * parent's slot only marks the leaf, and the node (`UctNode.after`) and its state, computed from the parent,
 * are made on first use (on connectfour for a quarter of the leaves).
 */
export class UctNode<S> implements NodeStats {
  visits = 0;
  /**
   * The node's own statistics (`NodeStats`), valid once `stats()` has expanded it: fields of the node rather
   * than an object of their own, so a level of a descent reads one object fewer.
   */
  offsets: Int32Array = TERMINAL.offsets;
  size = 0;
  values: Float64Array = NO_VALUES;
  base = 0;
  /** RAVE's all-moves-as-first statistics per role and legal move (paper 08, section 2); null until used. */
  amafVisits: Float64Array[] | null = null;
  amafSums: Float64Array[] | null = null;
  /** The legal moves and offsets, shared with nodes of equal lists; null until expanded. */
  private shape: LegalShape | null = null;
  private views: RoleViews | null = null;
  /**
   * Children by joint-move index: an array indexed by it while the node has at most `MAX_CHILD_SLOTS` joint
   * moves (every turn-taking game), else a map (large simultaneous moves), so that a lookup on the descent's
   * path is one indexed load rather than a hash probe, and a node carries no map's hash table.
   */
  private childList: (Child<S> | undefined)[] | null = null;
  private childMap: Map<number, Child<S>> | null = null;
  private isTerminal: boolean | null = null;
  /** Until the state is known: the parent and the mixed-radix index of the joint move that leads here. */
  private parent: UctNode<S> | null = null;
  private key = 0;

  constructor(
    private readonly reasoner: Reasoner<S>,
    private known: S | null,
  ) {}

  /** The child of `parent` by its joint move of index `key`, whose state is computed on first use. */
  static after<S>(parent: UctNode<S>, key: number): UctNode<S> {
    const node = new UctNode(parent.reasoner, null);
    node.parent = parent;
    node.key = key;
    return node;
  }

  get state(): S {
    return this.known ?? this.reach();
  }

  /** Makes the state known, so that the node keeps no reference to its parent (a new root: the old tree). */
  detach(): void {
    if (this.known === null) this.reach();
  }

  /** Computes the state from the parent's, then drops the parent (no reference up the tree stays). */
  private reach(): S {
    const parent = this.parent!;
    const legal = parent.legal;
    const move = new Array<TermId>(legal.length);
    let key = this.key;
    for (let r = legal.length - 1; r >= 0; r--) {
      const moves = legal[r]!;
      move[r] = moves[key % moves.length]!;
      key = Math.floor(key / moves.length);
    }
    const state = this.reasoner.nextState(parent.state, move);
    this.known = state;
    this.parent = null;
    return state;
  }

  get terminal(): boolean {
    this.isTerminal ??= this.reasoner.isTerminal(this.state);
    return this.isTerminal;
  }

  /** The node's legal moves and statistics (made on first use; one lookup for a loop's hot path). */
  stats(): NodeStats {
    if (this.shape === null) this.expand();
    return this;
  }

  get legal(): readonly (readonly TermId[])[] {
    return (this.shape ?? this.expand()).legal;
  }

  /**
   * Per role and legal move, the visits (finished simulations and those still in the engine). These views (also
   * `moveSums`, `moveScored`) may be written to set a node up: each read of them forgets the node's cached best
   * averages, so statistics written through views read after the last search step are seen.
   */
  get moveVisits(): Float64Array[] {
    return this.openViews().moveVisits;
  }

  get moveSums(): Float64Array[] {
    return this.openViews().moveSums;
  }

  /**
   * Per role and legal move, the visits whose rewards are in `moveSums`: `moveVisits` also counts the virtual
   * losses of simulations still in the engine, which selection wants and a move's mean must not see.
   */
  get moveScored(): Float64Array[] {
    return this.openViews().moveScored;
  }

  private openViews(): RoleViews {
    forgetBestAverages(this.stats());
    return this.views ?? this.makeViews();
  }

  private makeViews(): RoleViews {
    const { legal, offsets, size, values, base } = this.stats();
    const section = (k: number) =>
      legal.map((_, r) => values.subarray(base + k * size + offsets[r]!, base + k * size + offsets[r + 1]!));
    this.views = { moveVisits: section(0), moveSums: section(1), moveScored: section(2) };
    return this.views;
  }

  private expand(): LegalShape {
    if (this.terminal) {
      this.shape = TERMINAL;
      return TERMINAL;
    }
    const shape = legalShape(this.reasoner, this.state);
    const arena = statsArena(this.reasoner);
    this.base = arena.take(3 * shape.size + bestAverageSlots(shape.legal.length));
    this.values = arena.chunk;
    this.offsets = shape.offsets;
    this.size = shape.size;
    this.shape = shape;
    return shape;
  }

  /** The child reached by the joint move of mixed-radix index `key`, if it was added (a marked leaf is made now). */
  child(key: number): UctNode<S> | undefined {
    const list = this.childList;
    const child = list !== null ? list[key] : this.childMap?.get(key);
    if (child !== UNMADE_LEAF) return child;
    const leaf = UctNode.after(this, key);
    this.setChild(key, leaf);
    return leaf;
  }

  addChild(key: number, child: UctNode<S>): void {
    this.setChild(key, child);
  }

  /** Adds the child by joint move `key` as a leaf whose node is made only when `child` is asked for it. */
  addLeaf(key: number): void {
    this.setChild(key, UNMADE_LEAF);
  }

  private setChild(key: number, child: Child<S>): void {
    if (this.childList === null && this.childMap === null) {
      let joint = 1;
      for (const moves of this.legal) joint *= moves.length;
      if (joint <= MAX_CHILD_SLOTS) this.childList = new Array<Child<S> | undefined>(joint);
      else this.childMap = new Map();
    }
    if (this.childList !== null) this.childList[key] = child;
    else this.childMap!.set(key, child);
  }

  /** The mixed-radix index of a joint move given as indices into the legal lists. */
  jointIndex(choice: ArrayLike<number>): number {
    const legal = this.legal;
    let key = 0;
    for (let r = 0; r < legal.length; r++) key = key * legal[r]!.length + choice[r]!;
    return key;
  }

  /** The role's most visited move (ties: higher average), or its first legal move before any visit. */
  bestMove(role: number): TermId {
    const visits = this.moveVisits[role]!;
    const sums = this.moveSums[role]!;
    let best = 0;
    for (let i = 1; i < visits.length; i++) {
      const v = visits[i]!;
      const b = visits[best]!;
      if (v > b || (v === b && v > 0 && sums[i]! / v > sums[best]! / b)) best = i;
    }
    return this.legal[role]![best]!;
  }

  /** Moves the statistics of this node's subtree into `arena` (the old runs are left to be freed). */
  moveStatsTo(arena: StatsArena): void {
    const shape = this.shape;
    if (shape !== null && shape !== TERMINAL) {
      const length = 3 * shape.size + bestAverageSlots(shape.legal.length);
      const base = arena.take(length);
      arena.chunk.set(this.values.subarray(this.base, this.base + length), base);
      this.values = arena.chunk;
      this.base = base;
      this.views = null;
    }
    for (const child of this.storedChildren()) if (child) child.moveStatsTo(arena);
  }

  /** Counts this node's subtree. */
  subtreeSize(): number {
    let n = 1;
    for (const child of this.storedChildren()) n += subtreeSize(child);
    return n;
  }

  /** The child slots in use, whichever of the list and the map holds them (for walks of the tree). */
  private storedChildren(): Iterable<Child<S> | undefined> {
    return this.childList ?? this.childMap?.values() ?? [];
  }
}
