import {
  DEFAULT_MAX_DEPTH,
  IllegalMoveError,
  type PolicyTable,
  type Reasoner,
  Rng,
  type TermId,
} from '@gdlkit/core';
import { bestAverage, scoreMove } from './best-average.js';
import { LeafBatch } from './leaf-batch.js';
import { MoveHistory } from './move-history.js';
import type { PlayoutPolicy } from './playout-policy.js';
import { Rave, type RaveMode } from './rave.js';
import type { Search } from './search.js';
import { freshStatsArena } from './stats-arena.js';
import { SufficiencyThreshold, type ThresholdMode, type ThresholdTail } from './sufficiency-threshold.js';
import { TablePolicy } from './table-policy.js';
import { type NodeStats, UctNode } from './uct-node.js';

export interface UctOptions {
  /** The UCT exploration constant C for rewards in 0..100 (CadiaPlayer's scale, paper 03 formula 1). */
  readonly exploration?: number;
  /**
   * Playouts are cut after this many moves. Default: 400 with NST, as paper 03's NST player (section 5.2);
   * its MAST player does not cut, so MAST and random playouts get the core's generic bound.
   */
  readonly maxPlayoutDepth?: number;
  /** The tree stops growing at this many nodes; simulations go on from its leaves. */
  readonly maxNodes?: number;
  readonly seed?: number;
  /**
   * Sufficiency threshold of paper 02 (default adaptive: Breakthrough +20 points, no significant effect on
   * Chomp and Connect Four; docs/decisions.md), its α on 0..100 and the adaptive version's tail.
   */
  readonly threshold?: ThresholdMode;
  readonly thresholdAlpha?: number;
  readonly thresholdTail?: ThresholdTail;
  /**
   * Most simulations handed to the engine in one call (default 64 on engines with their own simulation loop,
   * 1 on the generic loop, where batching gains nothing); descents spread by virtual loss.
   */
  readonly batch?: number;
  /**
   * Simulations played from each new leaf (leaf parallelisation; default 1): the tree's cost per simulation
   * is divided by it, but on Connect Four at a 1 s clock 4 per leaf played significantly weaker and 2 no
   * stronger (docs/decisions.md).
   */
  readonly leafPlayouts?: number;
  /** RAVE of paper 08 (default off): equivalence constant k, share of choices, adaptive margin. */
  readonly rave?: RaveMode;
  readonly raveEquivalence?: number;
  readonly raveUsage?: number;
  readonly raveMargin?: number;
}

/**
 * Monte-Carlo tree search with decoupled UCT (paper 03, section 2): every role selects its own move at a node
 * by formula 1 over its own statistics; with several unvisited moves the playout policy picks among them;
 * one node is added per descent; all roles' rewards are backed up along the path. Descents are batched and
 * their simulations played by the engine in one `Reasoner.simulate` call (see `iterate`). The tree is reused
 * across real moves (`advance`).
 */
export class UctSearch<S> implements Search {
  root: UctNode<S>;
  iterations = 0;
  private nodes = 1;
  private readonly exploration: number;
  private readonly maxDepth: number;
  private readonly maxNodes: number;
  private readonly rng: Rng;
  private readonly history: MoveHistory;
  private readonly jointMove: TermId[];
  private readonly batch: LeafBatch<S>;
  private readonly table: PolicyTable;
  private readonly maxBatch: number;
  private readonly leafPlayouts: number;
  /**
   * Whether a new leaf's simulation starts at its parent with the leaf's joint move forced: on engines with
   * their own simulation loop that saves a `nextState` across the boundary per leaf (most leaves are never
   * reached again); the generic loop would compute the same state itself, so there it saves nothing.
   */
  private readonly forceLeaves: boolean;
  private readonly choice: Int32Array;
  private readonly unvisited: TermId[] = [];
  private readonly unvisitedIndex: number[] = [];
  private readonly threshold: SufficiencyThreshold;
  private readonly rave: Rave | null;
  private readonly rootQmax: Float64Array;
  private readonly rewards: Float64Array;

  constructor(
    private readonly reasoner: Reasoner<S>,
    state: S,
    readonly role: number,
    readonly policy: PlayoutPolicy,
    options: UctOptions = {},
  ) {
    const roleCount = reasoner.roles.length;
    this.root = new UctNode(reasoner, state);
    this.exploration = options.exploration ?? 40;
    this.maxDepth = options.maxPlayoutDepth ?? (policy.name === 'nst' ? 400 : DEFAULT_MAX_DEPTH);
    this.maxNodes = options.maxNodes ?? 200_000;
    this.rng = new Rng(options.seed ?? 1);
    this.history = new MoveHistory(roleCount);
    this.jointMove = new Array<TermId>(roleCount).fill(0);
    this.batch = new LeafBatch(roleCount);
    // The engine plays the simulations with the policy's own table when it has one (the player's MAST/NST
    // tables come from reasoner.createPolicy), else with a uniform table of the engine.
    this.table = policy instanceof TablePolicy ? policy.table : reasoner.createPolicy({ kind: 'uniform' });
    this.maxBatch = options.batch ?? (reasoner.capabilities.policySimulations ? 64 : 1);
    this.leafPlayouts = options.leafPlayouts ?? 1;
    this.forceLeaves = reasoner.capabilities.policySimulations === true;
    this.choice = new Int32Array(roleCount);
    this.threshold = new SufficiencyThreshold(roleCount, {
      mode: options.threshold ?? 'adaptive',
      alpha: options.thresholdAlpha,
      tail: options.thresholdTail,
    });
    const rave = options.rave ?? 'off';
    this.rave =
      rave === 'off'
        ? null
        : new Rave(roleCount, {
            mode: rave,
            equivalence: options.raveEquivalence,
            usage: options.raveUsage,
            margin: options.raveMargin,
          });
    this.rootQmax = new Float64Array(roleCount);
    this.rewards = new Float64Array(roleCount);
  }

  get treeSize(): number {
    return this.nodes;
  }

  bestMove(): TermId {
    if (this.root.terminal) throw new Error('the game is over: no move is legal');
    return this.root.bestMove(this.role);
  }

  /**
   * One batched iteration: up to `most` descents (fewer while the tree is young, see `batchSize`), each
   * leaving a virtual loss — a visit without reward — on its path so the next descent spreads out; then one
   * engine call plays every selected leaf's simulation under the policy (which learns from them on the
   * engine's side), and the rewards are backed up. Returns false, having done nothing, when the deadline has
   * passed or the root is terminal.
   */
  iterate(deadline: number, most = Number.POSITIVE_INFINITY): boolean {
    if (this.root.terminal || performance.now() > deadline) return false;
    const roleCount = this.reasoner.roles.length;
    const batch = this.batch;
    batch.reset();
    const size = Math.max(1, Math.min(most, this.batchSize()));
    while (batch.simulations < size) this.descend(Math.min(this.leafPlayouts, size - batch.simulations));
    const results = this.reasoner.simulate(
      batch.simulationBatch(this.rng.nextInt(2 ** 31), this.maxDepth, this.rave !== null),
      this.table,
    );
    for (let i = 0; i < results.count; i++) {
      // Copied into one scratch array: no allocation per simulation.
      for (let r = 0; r < roleCount; r++) this.rewards[r] = results.goals[i * roleCount + r]!;
      const playout = this.rave
        ? results.moves.subarray(results.moveOffsets[i]!, results.moveOffsets[i + 1]!)
        : null;
      this.complete(batch.simulated.data[i]!, this.rewards, playout);
    }
    this.iterations += batch.simulations;
    return true;
  }

  /**
   * Leaves per engine call: one while the root has few visits (virtual loss would blur a young tree), then
   * growing with the root's visits up to the configured batch (paper 03's policies learn between calls).
   */
  private batchSize(): number {
    return Math.min(this.maxBatch, Math.max(1, Math.floor(this.root.visits / 16)));
  }

  /**
   * Selects down to a leaf with virtual loss (one visit per simulation it will get), expands it (one node),
   * and adds it to the batch with `copies` simulations.
   */
  private descend(copies: number): void {
    const reasoner = this.reasoner;
    const roleCount = reasoner.roles.length;
    const move = this.jointMove;
    const choice = this.choice;
    const batch = this.batch;
    this.history.reset();
    let node = this.root;
    this.rave?.beginDescent(node);
    for (;;) {
      if (node.terminal) {
        // A terminal leaf is one simulation; the engine returns its goals and learns its moves.
        this.unvisit(batch, copies - 1);
        batch.finish(node.state, 1);
        return;
      }
      const stats = node.stats();
      this.select(node, stats);
      // The joint move, its mixed-radix index over the legal lists, and `copies` visits (virtual loss).
      let key = 0;
      node.visits += copies;
      for (let r = 0; r < roleCount; r++) {
        const moves = stats.legal[r]!;
        const c = choice[r]!;
        move[r] = moves[c]!;
        key = key * moves.length + c;
        stats.values[stats.base + stats.offsets[r]! + c]! += copies;
      }
      batch.step(node, choice, move);
      this.history.push(move);
      const child = node.child(key);
      if (child) {
        node = child;
        continue;
      }
      if (this.forceLeaves && copies === 1) {
        // The engine makes the leaf's joint move from this node's state; the leaf computes its own state only
        // if a descent reaches it again.
        if (this.nodes < this.maxNodes) {
          node.addLeaf(key);
          this.nodes++;
        }
        batch.finish(node.state, 1, true);
        return;
      }
      const next = reasoner.nextState(node.state, move);
      if (this.nodes < this.maxNodes) {
        const leaf = new UctNode(reasoner, next);
        node.addChild(key, leaf);
        this.nodes++;
        // A terminal leaf is one simulation; with one copy the engine tells (it only reads the goals).
        if (copies > 1 && leaf.terminal) {
          this.unvisit(batch, copies - 1);
          batch.finish(next, 1);
          return;
        }
      }
      batch.finish(next, copies);
      return;
    }
  }

  /** Takes back `n` visits from the path of the leaf being closed (a terminal leaf is one simulation). */
  private unvisit(batch: LeafBatch<S>, n: number): void {
    if (n === 0) return;
    const roleCount = this.choice.length;
    for (let k = batch.pathStart(batch.count); k < batch.nodes.length; k++) {
      const node = batch.nodes[k]!;
      const stats = node.stats();
      node.visits -= n;
      for (let r = 0; r < roleCount; r++)
        stats.values[stats.base + stats.offsets[r]! + batch.choices.data[k * roleCount + r]!]! -= n;
    }
  }

  /**
   * Backs up a finished simulation of batch leaf `leaf`: rewards along its path (the visits were counted as
   * virtual loss at selection), RAVE's values over its prefix and playout moves, the threshold's statistics.
   */
  private complete(leaf: number, rewards: ArrayLike<number>, playout: Int32Array | null): void {
    const batch = this.batch;
    const roleCount = rewards.length;
    const from = batch.pathStart(leaf);
    const to = batch.pathEnd(leaf);
    const choices = batch.choices.data;
    for (let k = from; k < to; k++) {
      const stats = batch.nodes[k]!.stats();
      for (let r = 0; r < roleCount; r++) scoreMove(stats, r, choices[k * roleCount + r]!, rewards[r]!);
    }
    if (this.rave) {
      this.history.reset();
      this.history.pushFlat(batch.prefixOf(leaf));
      if (playout) this.history.pushFlat(playout);
      this.rave.backup(batch.nodes, from, to, this.history, rewards);
    }
    if (this.threshold.mode === 'adaptive') this.observeThreshold(rewards);
  }

  /**
   * Moves the root to the state after a real joint move, keeping that subtree, and decays the policy's
   * statistics. Throws IllegalMoveError when a move is not legal in the root state.
   */
  advance(jointMove: readonly TermId[]): void {
    const root = this.root;
    for (let r = 0; r < jointMove.length; r++) {
      const index = root.legal[r]?.indexOf(jointMove[r]!) ?? -1;
      if (index < 0) {
        throw new IllegalMoveError(
          this.reasoner.game.roleName(r),
          this.reasoner.game.store.toKif(jointMove[r]!),
        );
      }
      this.choice[r] = index;
    }
    const child = root.child(root.jointIndex(this.choice));
    this.root = child ?? new UctNode(this.reasoner, this.reasoner.nextState(root.state, jointMove));
    this.root.detach();
    this.root.moveStatsTo(freshStatsArena(this.reasoner));
    this.nodes = this.root.subtreeSize();
    this.iterations = 0;
    this.policy.decay();
  }

  /**
   * Per role: the only move; with RAVE in use at this choice, the best RAVE score (unvisited moves included,
   * paper 08 section 2); else the policy's pick among several unvisited moves (paper 03, section 2), else
   * formula 1 with the exploration the sufficiency threshold leaves (paper 02).
   */
  private select(node: UctNode<S>, stats: NodeStats): void {
    const { legal, offsets, size, values, base } = stats;
    const threshold = this.threshold;
    let logVisits = -1;
    for (let r = 0; r < legal.length; r++) {
      const moves = legal[r]!;
      if (moves.length === 1) {
        this.choice[r] = 0;
        continue;
      }
      if (logVisits < 0) logVisits = Math.log(Math.max(1, node.visits));
      if (this.rave?.useAt(this.rng)) {
        this.choice[r] = this.bestRave(node, r, logVisits);
        continue;
      }
      const from = base + offsets[r]!;
      const count = moves.length;
      // Counted first: the lists of unvisited moves are built only when the policy must choose among them.
      let unvisited = 0;
      let firstUnvisited = -1;
      for (let i = 0; i < count; i++) {
        if (values[from + i] === 0) {
          if (unvisited++ === 0) firstUnvisited = i;
        }
      }
      if (unvisited === 1) {
        this.choice[r] = firstUnvisited;
      } else if (unvisited > 1) {
        this.unvisited.length = 0;
        this.unvisitedIndex.length = 0;
        for (let i = firstUnvisited; i < count; i++) {
          if (values[from + i] === 0) {
            this.unvisited.push(moves[i]!);
            this.unvisitedIndex.push(i);
          }
        }
        this.choice[r] = this.unvisitedIndex[this.policy.choose(r, this.unvisited, this.history, this.rng)]!;
      } else {
        const exploration =
          threshold.mode === 'off'
            ? this.exploration
            : threshold.exploration(r, bestAverage(stats, r), this.exploration, this.rng);
        let best = 0;
        let bestValue = Number.NEGATIVE_INFINITY;
        if (exploration === 0) {
          // Unplugged: 0 · √(ln N / n) is 0 (n ≥ 1), and mean + 0 is the mean, so the values compared are
          // formula 1's exactly, without its division and square root per move.
          for (let i = 0; i < count; i++) {
            const value = values[size + from + i]! / values[from + i]!;
            if (value > bestValue) {
              bestValue = value;
              best = i;
            }
          }
        } else {
          for (let i = 0; i < count; i++) {
            const n = values[from + i]!;
            const value = values[size + from + i]! / n + exploration * Math.sqrt(logVisits / n);
            if (value > bestValue) {
              bestValue = value;
              best = i;
            }
          }
        }
        this.choice[r] = best;
      }
    }
  }

  /** The move with the highest RAVE score, ties broken uniformly (paper 08, section 2). */
  private bestRave(node: UctNode<S>, role: number, logVisits: number): number {
    const rave = this.rave!;
    let best = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    let ties = 0;
    for (let i = 0; i < node.legal[role]!.length; i++) {
      const value = rave.score(node, role, i, this.exploration, logVisits);
      if (value > bestValue) {
        bestValue = value;
        best = i;
        ties = 1;
      } else if (value === bestValue && this.rng.nextInt(++ties) === 0) {
        best = i;
      }
    }
    return best;
  }

  private observeThreshold(rewards: ArrayLike<number>): void {
    const root = this.root;
    if (root.terminal) return;
    const stats = root.stats();
    for (let r = 0; r < this.rootQmax.length; r++) this.rootQmax[r] = bestAverage(stats, r);
    this.threshold.observe(rewards, this.rootQmax);
  }
}
