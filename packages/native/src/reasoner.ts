// Adapts the Rust executor to the Reasoner contract. A state is a bit set over the IR's base propositions
// (the propnet backends' representation); terms are mapped to IR indices here, so every call crosses the
// boundary once with typed arrays only.
import {
  assertJointMoveArity,
  BaseReasoner,
  type Capabilities,
  checkSimulationBatch,
  DEFAULT_MAX_DEPTH,
  forcedMoveError,
  type Game,
  GdlkitError,
  type GoalValue,
  genericSimulate,
  goalValueOf,
  IllegalMoveError,
  type PlayoutOptions,
  type PlayoutStats,
  type PolicySpec,
  type PolicyTable,
  type SimulationBatch,
  type SimulationResults,
  type TermId,
} from '@gdlkit/core';
import { IrTerms, type PropnetIR } from '@gdlkit/propnet';
import type { NativeBinding, NativePropnet } from './binding.js';
import { NativePolicyTable } from './policy-table.js';

export const NATIVE_CAPABILITIES: Capabilities = {
  gdl2: true,
  batchPlayouts: true,
  batchPerft: true,
  threads: true,
  policySimulations: true,
};

export type Propagation = 'incremental' | 'levelled' | 'differential' | 'auto';

export type PlayoutMode = 'bitsliced' | 'exact';

export interface NativeOptions {
  /** Threads for playouts and perft: 0 = every core, default 1. */
  readonly threads?: number;
  /**
   * How gate values are brought up to date: only the gates whose inputs changed, every gate of the changed
   * phase in order, `differential` (incremental queries; one-at-a-time playouts by change-only propagation
   * with legal and next sets kept by the gates that flip), or (default) whichever is fastest on a few timed
   * playouts. Results never depend on it.
   */
  readonly propagation?: Propagation;
  /**
   * How batch playouts and policy simulations run: 64 at a time on the bits of machine words (default,
   * fastest; the same distribution as the other executors but other draws for a seed, and policy tables
   * learning every 64 simulations), or one at a time with exactly the statistics of the other executors for
   * the same seed.
   */
  readonly playoutMode?: PlayoutMode;
}

export class NativeReasoner extends BaseReasoner<Uint32Array> {
  readonly backend: string = 'native';
  readonly capabilities = NATIVE_CAPABILITIES;
  readonly threads: number;
  readonly playoutMode: PlayoutMode;
  /** The Rust object; exposed for measurements of the boundary itself. */
  readonly net: NativePropnet;
  private readonly initial: Uint32Array;
  private readonly irTerms: IrTerms;
  private readonly terms: Int32Array;
  private readonly moves: Uint32Array;

  constructor(
    game: Game,
    readonly ir: PropnetIR,
    binding: NativeBinding,
    options: NativeOptions = {},
  ) {
    super(game);
    const threads = options.threads ?? 1;
    if (!Number.isInteger(threads) || threads < 0) {
      throw new GdlkitError(
        'UNSUPPORTED',
        `threads must be a non-negative integer (0 = all cores), got ${threads}`,
      );
    }
    this.threads = threads;
    this.playoutMode = options.playoutMode ?? 'bitsliced';
    this.net = new binding.NativePropnet(ir, options.propagation ?? 'auto');
    this.initial = this.net.initialState();
    this.irTerms = new IrTerms(game, ir);
    let widest = 0;
    for (let r = 0; r < ir.roleCount; r++) {
      widest = Math.max(
        widest,
        ir.legalStart[r + 1]! - ir.legalStart[r]!,
        ir.goalStart[r + 1]! - ir.goalStart[r]!,
        ir.seesStart[r + 1]! - ir.seesStart[r]!,
      );
    }
    this.terms = new Int32Array(widest);
    this.moves = new Uint32Array(ir.roleCount);
  }

  initialState(): Uint32Array {
    return this.initial.slice();
  }

  legalMoves(state: Uint32Array, role: number): readonly TermId[] {
    const n = this.net.legal(state, role, this.terms);
    return Array.from(this.terms.subarray(0, n));
  }

  isTerminal(state: Uint32Array): boolean {
    return this.net.isTerminal(state);
  }

  goal(state: Uint32Array, role: number): GoalValue {
    const n = this.net.goals(state, role, this.terms);
    return goalValueOf(this.terms.subarray(0, n));
  }

  nextState(state: Uint32Array, jointMove: readonly TermId[]): Uint32Array {
    this.encodeMove(jointMove);
    const next = new Uint32Array(this.initial.length);
    this.check(this.net.next(state, this.moves, next), jointMove);
    return next;
  }

  sees(state: Uint32Array, jointMove: readonly TermId[], role: number): readonly TermId[] {
    this.encodeMove(jointMove);
    const n = this.check(this.net.sees(state, this.moves, role, this.terms), jointMove);
    return Array.from(this.terms.subarray(0, n));
  }

  /** Legal-entry index per role; a move that no legal proposition names is illegal in every state. */
  private encodeMove(jointMove: readonly TermId[]): void {
    assertJointMoveArity(this.ir.roleCount, jointMove);
    for (let r = 0; r < jointMove.length; r++) {
      const l = this.irTerms.legalIndex[r]!.get(jointMove[r]!);
      if (l === undefined) this.illegal(r, jointMove);
      this.moves[r] = l;
    }
  }

  /** Turns the binding's `-1 - role` answer into IllegalMoveError. */
  private check(result: number, jointMove: readonly TermId[]): number {
    if (result < 0) this.illegal(-1 - result, jointMove);
    return result;
  }

  private illegal(role: number, jointMove: readonly TermId[]): never {
    throw new IllegalMoveError(this.game.roleName(role), this.game.store.toKif(jointMove[role]!));
  }

  stateToFacts(state: Uint32Array): readonly TermId[] {
    return this.irTerms.stateToFacts(state);
  }

  stateFromFacts(facts: readonly TermId[]): Uint32Array {
    return this.irTerms.stateFromFacts(facts);
  }

  /** Whole batch in Rust, one boundary crossing; lanes and threads: crates/propnet-core/src/parallel.rs. */
  override playouts(start: Uint32Array, options: PlayoutOptions): PlayoutStats {
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const exact = this.playoutMode === 'exact';
    return this.net.playouts(start, options.count, options.seed, maxDepth, this.threads, exact);
  }

  /** Tables in Rust (crates/propnet-core/src/policy.rs), updated in place by `simulate`. */
  override createPolicy(spec: PolicySpec): PolicyTable {
    return new NativePolicyTable(spec, this.net, this.irTerms, this.game);
  }

  /**
   * The whole batch in Rust, one boundary crossing: on 64 lanes, learning every 64 simulations
   * (crates/propnet-core/src/lane_simulate.rs), or in the exact playout mode one at a time with the
   * TypeScript reference's draws (simulate.rs); a table that is not this net's runs core's generic loop.
   */
  override simulate(batch: SimulationBatch<Uint32Array>, policy: PolicyTable): SimulationResults {
    if (!(policy instanceof NativePolicyTable && policy.belongsTo(this.net))) {
      return genericSimulate(this, batch, policy);
    }
    const n = this.ir.roleCount;
    checkSimulationBatch(batch, n);
    const words = this.initial.length;
    const starts = new Uint32Array(batch.starts.length * words);
    batch.starts.forEach((state, i) => {
      if (state.length !== words) {
        throw new GdlkitError('UNSUPPORTED', `simulation batch: start ${i} is not a state of this game`);
      }
      starts.set(state, i * words);
    });
    const prefix = new Uint32Array(batch.prefixMoves.length);
    for (let k = 0; k < prefix.length; k++) {
      const l = this.irTerms.legalIndex[k % n]!.get(batch.prefixMoves[k]!);
      if (l === undefined)
        this.illegal(k % n, Array.from(batch.prefixMoves.subarray(k - (k % n), k - (k % n) + n)));
      prefix[k] = l;
    }
    const offsets = new Uint32Array(batch.prefixOffsets);
    if (batch.forcedFirstMove) {
      // In Rust on the scalar engine, before the simulations (the lanes then play as from those states).
      const i = this.net.makeForcedMoves(starts, prefix, offsets, batch.forcedFirstMove);
      if (i >= 0) {
        const to = batch.prefixOffsets[i + 1]!;
        throw forcedMoveError(this.game, batch.prefixMoves.subarray(to - n, to), i);
      }
    }
    const maxDepth = Math.min(batch.maxDepth, Number.MAX_SAFE_INTEGER);
    const lanes = this.playoutMode === 'bitsliced';
    const out = this.net.simulate(
      starts,
      prefix,
      offsets,
      batch.seed | 0,
      maxDepth,
      batch.recordMoves ?? false,
      lanes,
      policy.native,
    );
    return { count: batch.starts.length, ...out };
  }

  /** Whole count in Rust, one boundary crossing; the result does not depend on the thread count. */
  override perft(state: Uint32Array, depth: number): number {
    if (!(depth > 0)) return 1;
    return this.net.perft(state, Math.min(Math.ceil(depth), 0xffffffff), this.threads);
  }
}
