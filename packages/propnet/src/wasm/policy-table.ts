/// <reference path="./webassembly.d.ts" />
// A policy table held in WebAssembly memory behind core's PolicyTable: an instance of the policy module
// (policy-wat.ts) per table, linked to its game's simulation adapter, so `simulate` runs whole batches of
// policy simulations inside WebAssembly and the tables learn in place. The tree's own choices and records
// cross the boundary once per call.
import {
  forcedMoveError,
  type Game,
  GdlkitError,
  type PolicySpec,
  type PolicyTable,
  resolvePolicySpec,
  type SimulationBatch,
  type SimulationResults,
  type TermId,
} from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { compileModule } from './compile.js';
import { POLICY_BINARY } from './policy-binary.js';
import { HEAD_BYTES, KIND_CODE, SLOT_BYTES } from './policy-wat.js';
import type { SimulationAdapter } from './simulation-adapter.js';
import { unpackBits } from './unpack-bits.js';

/** How large NST's dense structures may grow (policy-wat.ts); a role over a limit looks its sequences up by hash. */
export interface DenseLimits {
  /** Most cells of a role's pair matrix (its legal moves times role r - 1's), 32 bytes each. */
  readonly pairCells: number;
  /** Most entries of a role's triple index (the three roles' legal move counts multiplied), 4 bytes each. */
  readonly tripleEntries: number;
}

/**
 * 8 MiB of pair cells and 16 MiB of triple index a role at most (breakthrough: 0.75 MiB and 14 MiB). The index is
 * reserved whole but written only in the rows of the contexts that occur.
 */
export const DENSE_LIMITS: DenseLimits = { pairCells: 2 ** 18, tripleEntries: 2 ** 22 };

/** Longest playout the module keeps a history for; a batch asking for more runs core's generic loop. */
export const MAX_MODULE_DEPTH = 1 << 20;

const PAGE = 65536;
const align = (x: number, to = 8) => Math.ceil(x / to) * to;

interface PolicyExports {
  readonly memory: WebAssembly.Memory;
  init(...layout: number[]): void;
  chooseWith(role: number, n: number, moves: number, context: number, steps: number): number;
  record(history: number, steps: number, rewards: number): void;
  decay(): void;
  size(): number;
  value(role: number, move: number): number;
  count(role: number, move: number): number;
  simulate(...args: number[]): number;
}

let compiled: WebAssembly.Module | undefined;

/**
 * The policy module, compiled once per process (it is the same for every game) from its binary, made ahead
 * from policy-wat.ts: binaryen's text parser took 200–300 ms of CPU at its first use in a match's process.
 */
function policyModule(): WebAssembly.Module {
  compiled ??= compileModule(Uint8Array.from(atob(POLICY_BINARY), (c) => c.charCodeAt(0)));
  return compiled;
}

/** Slots of an NST sequence table at its largest, as core's GramTable sizes it. */
function maxSlotsOf(maxEntries: number): number {
  return Math.max(1024, 2 ** Math.ceil(Math.log2(maxEntries * 2)));
}

export class WasmPolicyTable implements PolicyTable {
  private readonly exports: PolicyExports;
  private readonly roleCount: number;
  /** Move terms are valid below this (the largest legal term + 1): the single-move tables' span. */
  private readonly span: number;
  /** Start of the work area (each call's inputs and outputs). */
  private readonly work: number;
  /** Per role, each move's position among its legal moves (-1: not one of its moves), at role * span + move. */
  private readonly moveIndex: Int32Array;
  private random: () => number = Math.random;
  private disposed = false;

  constructor(
    readonly spec: PolicySpec,
    readonly adapter: SimulationAdapter,
    ir: PropnetIR,
    private readonly game: Game,
    limits: DenseLimits = DENSE_LIMITS,
  ) {
    const { kind, tau, epsilon, threshold, gamma, maxEntries } = resolvePolicySpec(spec);
    const R = ir.roleCount;
    this.roleCount = R;
    let span = 0;
    for (const t of ir.legalTerm) span = Math.max(span, t + 1);
    this.span = span;
    let maxLegal = 1;
    for (let r = 0; r < R; r++) maxLegal = Math.max(maxLegal, ir.legalStart[r + 1]! - ir.legalStart[r]!);
    const nst = kind === 'nst';
    const maxSlots = nst ? maxSlotsOf(maxEntries) : 0;
    const list = 16;
    const weights = align(list + 4 * maxLegal);
    // MAST's weights (f64) or NST's partial scores (16 bytes) per legal move.
    const rewards = align(weights + 16 * maxLegal);
    const terms = align(rewards + 8 * R);
    const singles = align(terms + 4 * ir.legalTerm.length, 64);
    const heads = align(singles + (kind === 'uniform' ? 0 : R * span * 16), 64);
    const grams = align(heads + 2 * R * HEAD_BYTES, 64);
    const gramBytes = maxSlots * SLOT_BYTES;
    const temp = grams + 2 * R * gramBytes;
    this.moveIndex = new Int32Array(R * span).fill(-1);
    const legalCount = (r: number) => ir.legalStart[r + 1]! - ir.legalStart[r]!;
    for (let r = 0; r < R; r++) {
      for (let e = ir.legalStart[r]!; e < ir.legalStart[r + 1]!; e++) {
        this.moveIndex[r * span + ir.legalTerm[e]!] = e - ir.legalStart[r]!;
      }
    }
    const moveIndex = align(temp + (maxSlots / 2) * SLOT_BYTES, 64);
    const denseHeads = align(moveIndex + 4 * R * span);
    // Per role (16 bytes): its dense pair matrix (rows: role r - 1's moves, columns: role r's) and its legal
    // move count, its triple index (role r - 2's moves, r - 1's, r's) and role r - 1's legal move count, each
    // when NST's and small enough (else 0).
    const matrices = new Int32Array(4 * R);
    let end = align(denseHeads + 16 * R, 64);
    for (let r = 0; r < R && nst; r++) {
      const [before, last, own] = [(r + 2 * R - 2) % R, (r + R - 1) % R, r].map(legalCount) as [
        number,
        number,
        number,
      ];
      matrices[4 * r + 1] = own;
      matrices[4 * r + 3] = last;
      if (last * own <= limits.pairCells) {
        matrices[4 * r] = end;
        end = align(end + last * own * SLOT_BYTES, 64);
      }
      if (before * last * own <= limits.tripleEntries) {
        matrices[4 * r + 2] = end;
        end = align(end + 4 * before * last * own, 64);
      }
    }
    this.work = end;
    this.exports = new WebAssembly.Instance(policyModule(), {
      game: adapter.exports,
      math: { exp: Math.exp, pow: Math.pow },
      js: { random: () => this.random() },
    }).exports as unknown as PolicyExports;
    this.reserve(this.work + PAGE);
    new Int32Array(this.exports.memory.buffer, terms, ir.legalTerm.length).set(ir.legalTerm);
    new Int32Array(this.exports.memory.buffer, moveIndex, R * span).set(this.moveIndex);
    new Int32Array(this.exports.memory.buffer, denseHeads, 4 * R).set(matrices);
    this.exports.init(
      R,
      KIND_CODE[kind],
      tau,
      epsilon,
      threshold,
      gamma,
      maxEntries,
      maxSlots,
      list,
      weights,
      rewards,
      terms,
      span,
      singles,
      heads,
      grams,
      gramBytes,
      temp,
      moveIndex,
      denseHeads,
    );
  }

  get size(): number {
    return this.exports.size();
  }

  /** MAST's Qh (NST's average of the single move) of `role` playing `move`; 100 while unseen. */
  value(role: number, move: TermId): number {
    return this.exports.value(role, this.term(move));
  }

  /** The (decayed) number of samples of the single move. */
  count(role: number, move: TermId): number {
    return this.exports.count(role, this.term(move));
  }

  choose(role: number, moves: readonly TermId[], previous: ArrayLike<TermId>, random: () => number): number {
    const at = this.work;
    const context = at + 4 * moves.length;
    this.reserve(context + 4 * previous.length);
    this.writeTerms(at, moves, moves.length, role);
    this.writeTerms(context, previous, previous.length);
    this.random = random;
    return this.exports.chooseWith(role, moves.length, at, context, previous.length / this.roleCount);
  }

  record(moves: ArrayLike<TermId>, steps: number, rewards: ArrayLike<number>): void {
    const n = this.roleCount;
    const rewardsAt = this.work;
    const at = rewardsAt + 8 * n;
    this.reserve(at + 4 * steps * n);
    const view = new Float64Array(this.exports.memory.buffer, rewardsAt, n);
    for (let r = 0; r < n; r++) view[r] = rewards[r]!;
    this.writeTerms(at, moves, steps * n);
    this.exports.record(at, steps, rewardsAt);
  }

  decay(): void {
    this.exports.decay();
  }

  dispose(): void {
    this.disposed = true;
  }

  /** Whether `simulate` of the reasoner whose adapter is `adapter` may use these tables. */
  belongsTo(adapter: SimulationAdapter): boolean {
    return !this.disposed && this.adapter === adapter;
  }

  /**
   * Runs the batch inside the module: core's genericSimulate, draw for draw. The caller has checked the batch
   * and left no input set in the game module.
   */
  simulate(batch: SimulationBatch<Uint32Array>, roleName: (role: number) => string): SimulationResults {
    const n = this.roleCount;
    const count = batch.starts.length;
    const { adapter } = this;
    const B = adapter.baseCount;
    // Start states: each distinct one once in the game memory (leaf parallelisation repeats them).
    const addresses = new Int32Array(count);
    let distinct = 0;
    for (let i = 0; i < count; i++) {
      const same = i > 0 && batch.starts[i] === batch.starts[i - 1];
      addresses[i] = same ? addresses[i - 1]! : adapter.startsOffset + B * distinct++;
    }
    grow(adapter.memory, adapter.startsOffset + B * distinct);
    const gameBytes = new Uint8Array(adapter.memory.buffer);
    for (let i = 0; i < count; i++) {
      if (i > 0 && addresses[i] === addresses[i - 1]) continue;
      unpackBits(batch.starts[i]!, B, gameBytes, addresses[i]!);
    }
    let longestPrefix = 0;
    for (let i = 0; i < count; i++) {
      longestPrefix = Math.max(longestPrefix, batch.prefixOffsets[i + 1]! - batch.prefixOffsets[i]!);
    }
    const starts = this.work;
    const offsets = starts + 4 * count;
    const prefix = offsets + 4 * (count + 1);
    const forced = prefix + 4 * batch.prefixMoves.length;
    const goals = align(forced + (batch.forcedFirstMove ? count : 0));
    const depths = goals + 8 * count * n;
    const truncated = depths + 4 * count;
    const moveOffsets = align(truncated + count);
    const history = moveOffsets + 4 * (count + 1);
    const recorded = history + 4 * (longestPrefix + (batch.maxDepth + 1) * n);
    this.reserve(recorded + 4 * n);
    const memory = this.exports.memory.buffer;
    new Int32Array(memory, starts, count).set(addresses);
    new Int32Array(memory, offsets, count + 1).set(batch.prefixOffsets);
    const prefixEnd = batch.prefixOffsets[count]!;
    this.checkJointMoves(batch.prefixMoves, prefixEnd);
    new Int32Array(memory, prefix, prefixEnd).set(batch.prefixMoves.subarray(0, prefixEnd));
    if (batch.forcedFirstMove) new Uint8Array(memory, forced, count).set(batch.forcedFirstMove);
    const status = this.exports.simulate(
      count,
      batch.maxDepth,
      batch.recordMoves ? 1 : 0,
      batch.seed | 0,
      starts,
      offsets,
      prefix,
      batch.forcedFirstMove ? forced : 0,
      goals,
      depths,
      truncated,
      moveOffsets,
      history,
      recorded,
    );
    if (status > 0) throw new GdlkitError('UNSUPPORTED', `role ${roleName(status - 1)} has no legal move`);
    if (status === -1)
      throw new GdlkitError('BUDGET_EXCEEDED', 'simulate: the recorded moves outgrew WebAssembly memory');
    if (status < 0) {
      const i = -2 - status;
      const to = batch.prefixOffsets[i + 1]!;
      throw forcedMoveError(this.game, batch.prefixMoves.subarray(to - n, to), i);
    }
    // Copies, not views: the next call (or a memory growth) would overwrite or detach them, and the contract does
    // not bound how long a caller keeps its results. Goals to move offsets are one range, so one copy.
    const out = this.exports.memory.buffer.slice(goals, history);
    const moveOffsetsOut = batch.recordMoves ? new Int32Array(out, moveOffsets - goals, count + 1) : NO_MOVES;
    return {
      count,
      goals: new Float64Array(out, 0, count * n),
      depths: new Int32Array(out, depths - goals, count),
      truncated: new Uint8Array(out, truncated - goals, count),
      moves: batch.recordMoves
        ? new Int32Array(this.exports.memory.buffer.slice(recorded, recorded + 4 * moveOffsetsOut[count]!))
        : NO_MOVES,
      moveOffsets: moveOffsetsOut,
    };
  }

  /**
   * Checks the first `end` entries of `moves`, joint moves (the k-th is role k mod R's: every prefix starts at a
   * multiple of R), with one table look-up each; the first bad one gets roleMove's error.
   */
  private checkJointMoves(moves: Int32Array, end: number): void {
    const { moveIndex, span, roleCount } = this;
    for (let k = 0, role = 0; k < end; k++, role = role + 1 === roleCount ? 0 : role + 1) {
      const move = moves[k]!;
      if (move < 0 || move >= span || moveIndex[role * span + move]! < 0) this.roleMove(move, role);
    }
  }

  /** Grows the module's memory to hold `end` bytes. */
  private reserve(end: number): void {
    grow(this.exports.memory, end);
  }

  private term(move: TermId): number {
    if (!(Number.isInteger(move) && move >= 0 && move < this.span)) {
      const known = Number.isInteger(move) && move >= 0 && move < this.game.store.size;
      const what = known ? this.game.store.toKif(move) : `term ${String(move)}`;
      throw new GdlkitError('ILLEGAL_MOVE', `${what} is no move of any role in this game`);
    }
    return move;
  }

  /** `move`, checked to be one of `role`'s moves (the dense pair matrices index by a move's place among them). */
  private roleMove(move: TermId, role: number): number {
    if (this.moveIndex[role * this.span + this.term(move)]! < 0) {
      const { store, roles } = this.game;
      throw new GdlkitError(
        'ILLEGAL_MOVE',
        `${store.toKif(move)} is no move of role ${store.toKif(roles[role]!)}`,
      );
    }
    return move;
  }

  /**
   * Writes `length` move terms from `moves` at `at`, checking each is a move of its role: `role`, or for joint
   * moves (role undefined) the role k mod R of the k-th.
   */
  private writeTerms(at: number, moves: ArrayLike<TermId>, length: number, role?: number): void {
    const view = new Int32Array(this.exports.memory.buffer, at, length);
    const n = this.roleCount;
    for (let k = 0; k < length; k++) view[k] = this.roleMove(moves[k]!, role ?? k % n);
  }
}

/** The moves and offsets of a batch that records none: empty, so sharing one cannot leak between calls. */
const NO_MOVES = new Int32Array(0);

/** Grows `memory` to hold `end` bytes (throws BUDGET_EXCEEDED when WebAssembly cannot). */
function grow(memory: WebAssembly.Memory, end: number): void {
  const have = memory.buffer.byteLength;
  if (end <= have) return;
  try {
    memory.grow(Math.ceil((end - have) / PAGE));
  } catch {
    throw new GdlkitError('BUDGET_EXCEEDED', `simulate: WebAssembly memory cannot grow to ${end} bytes`);
  }
}
