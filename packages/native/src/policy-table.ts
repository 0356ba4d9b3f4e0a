// A policy table held in Rust (propnet_core::policy) behind core's PolicyTable: the native `simulate`
// updates it in place; the tree's own choices and records cross the boundary once per call, with move
// terms mapped to the IR's legal entries here.
import {
  type Game,
  GdlkitError,
  type PolicySpec,
  type PolicyTable,
  resolvePolicySpec,
  type TermId,
} from '@gdlkit/core';
import type { IrTerms } from '@gdlkit/propnet';
import type { NativePolicy, NativePropnet } from './binding.js';

export class NativePolicyTable implements PolicyTable {
  /** The Rust tables; `simulate` of the net that made them takes this. */
  readonly native: NativePolicy;
  private entries = new Uint32Array(64);
  private history = new Uint32Array(64);
  private disposed = false;

  private readonly roleCount: number;

  constructor(
    readonly spec: PolicySpec,
    readonly net: NativePropnet,
    private readonly terms: IrTerms,
    private readonly game: Game,
  ) {
    this.roleCount = game.roles.length;
    this.native = net.createPolicy(resolvePolicySpec(spec));
  }

  get size(): number {
    return this.native.size;
  }

  /** The legal entry of `role`'s move `term` (throws for a move the role never has). */
  entry(role: number, term: TermId): number {
    const l = this.terms.legalIndex[role]?.get(term);
    if (l === undefined) {
      const move = term === undefined ? '(none)' : this.game.store.toKif(term);
      const who = role >= 0 && role < this.roleCount ? this.game.roleName(role) : `number ${role}`;
      throw new GdlkitError('ILLEGAL_MOVE', `${move} is no move of role ${who} in any state`);
    }
    return l;
  }

  /** MAST's Qh (NST's average of the single move) of `role` playing `move`; 100 while unseen. */
  value(role: number, move: TermId): number {
    return this.native.value(this.entry(role, move));
  }

  /** The (decayed) number of samples behind `value`. */
  count(role: number, move: TermId): number {
    return this.native.count(this.entry(role, move));
  }

  choose(role: number, moves: readonly TermId[], previous: ArrayLike<TermId>, random: () => number): number {
    const legal = this.grow('entries', moves.length);
    for (let i = 0; i < moves.length; i++) legal[i] = this.entry(role, moves[i]!);
    const history = this.flat(previous, previous.length);
    // One draw seeds the Rust generator of this choice: the choice stays a function of `random`.
    const seed = Math.floor(random() * 2 ** 32) | 0;
    return this.native.choose(role, legal.subarray(0, moves.length), history, seed);
  }

  record(moves: ArrayLike<TermId>, steps: number, rewards: ArrayLike<number>): void {
    this.native.record(this.flat(moves, steps * this.roleCount), Float64Array.from(rewards));
  }

  decay(): void {
    this.native.decay();
  }

  /** Frees the Rust tables at once; any later use throws. */
  dispose(): void {
    this.disposed = true;
    this.native.release();
  }

  /** Whether `simulate` of `net` may use these tables. */
  belongsTo(net: NativePropnet): boolean {
    return !this.disposed && this.net === net;
  }

  /** Joint moves (terms, flat) as legal entries, in a reused buffer. */
  private flat(moves: ArrayLike<TermId>, length: number): Uint32Array {
    const out = this.grow('history', length);
    for (let k = 0; k < length; k++) out[k] = this.entry(k % this.roleCount, moves[k]!);
    return out.subarray(0, length);
  }

  private grow(which: 'entries' | 'history', length: number): Uint32Array {
    if (this[which].length < length) this[which] = new Uint32Array(length * 2);
    return this[which];
  }
}
