/// <reference path="./webassembly.d.ts" />
// Runtime of the differential module: instantiates it, writes its tables and each net's initial values into
// linear memory, and serves the evaluator interface by flipping only what differs from the loaded state and move.
import type { PlayoutStats } from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { compileModule } from './compile.js';
import { emitDifferentialModule } from './differential-emit.js';
import { ABSORB_READERS, type DifferentialPlan, lowerDifferential } from './differential-lower.js';
import { STAT_GOALS } from './lower.js';
import { unpackBits } from './unpack-bits.js';
import { type Propagation, readPlayoutStats, type WasmCore } from './wasm-core.js';

interface DifferentialExports {
  readonly memory: WebAssembly.Memory;
  loadState(address: number): void;
  setInputs(chosen: number): void;
  step(chosen: number): void;
  evalGoals(): void;
  currentNet(): number;
  setOrder(risesFirst: number): void;
  playouts(count: number, seed: number, maxDepth: number): number;
  perft(depth: number): number;
}

/** The control split of a module: the split bases and the combinations of their values given a net each. */
export interface Split {
  readonly bases: readonly number[];
  readonly keys: readonly number[];
}

export class DifferentialWasmPropnet implements WasmCore {
  readonly propagation: Propagation = 'differential';
  readonly plan: DifferentialPlan;
  readonly binarySize: number;
  /** The instance's exports (the simulation adapter imports them: simulation-adapter.ts). */
  readonly exports: DifferentialExports;
  private buffer: ArrayBuffer;
  private view: Uint8Array;
  /** Per net, its gate values in the current buffer. */
  private netValues: Uint8Array[] = [];
  private readonly words: number;

  /**
   * Needs binaryen loaded (`await loadBinaryen()`) and an acyclic net (`supportsDifferential`). `absorbReaders`:
   * the reader cap of the shared ANDs absorbed into their readers (0: none; absorb-ands.ts). `built`: the bytes
   * an earlier build emitted for the same arguments (the module cache: module-cache.ts; binaryen not needed).
   * `stepGoals`: the goal gates followed at every step instead of evaluated at the ends (differential-lower.ts).
   */
  constructor(
    readonly ir: PropnetIR,
    split: Split = { bases: [], keys: [] },
    absorbReaders = ABSORB_READERS,
    built?: Uint8Array,
    readonly stepGoals = false,
  ) {
    this.plan = lowerDifferential(ir, split.bases, split.keys, absorbReaders, stepGoals);
    const binary = built ?? emitDifferentialModule(this.plan);
    this.binarySize = binary.byteLength;
    const instance = new WebAssembly.Instance(compileModule(binary), {});
    this.exports = instance.exports as unknown as DifferentialExports;
    this.buffer = this.exports.memory.buffer;
    this.view = new Uint8Array(this.buffer);
    for (const { offset, data } of this.plan.segments) this.view.set(data, offset);
    this.words = Math.ceil(this.plan.baseCount / 32);
    this.renewViews();
  }

  /** How many nets the module holds (one per side to move when it splits). */
  get netCount(): number {
    return this.plan.nets.length;
  }

  /** Whether loads propagate the bases that rise before those that fall (choose-propagation.ts times both). */
  setRisesFirst(risesFirst: boolean): void {
    this.exports.setOrder(risesFirst ? 1 : 0);
  }

  private renewViews(): void {
    this.buffer = this.exports.memory.buffer;
    this.view = new Uint8Array(this.buffer);
    this.netValues = this.plan.nets.map((net) =>
      this.view.subarray(net.valuesOffset, net.valuesOffset + this.plan.gateCount),
    );
  }

  /** The loaded net's gate values; views are renewed when perft has grown the memory (which detaches the old buffer). */
  get values(): Uint8Array {
    if (this.exports.memory.buffer !== this.buffer) this.renewViews();
    return this.netValues[this.exports.currentNet()]!;
  }

  private bytes(): Uint8Array {
    if (this.exports.memory.buffer !== this.buffer) this.renewViews();
    return this.view;
  }

  /**
   * Writes a state (bit set over bases) as one byte per base at `offset`. Here the set bits alone are written
   * (unpack-bits.ts): 23–36 % more states a second stepped one at a time (docs/benchmarks.md); the
   * straight-line runtime keeps its per-bit loop, which that lost 3–4 % on breakthrough.
   */
  private writeState(state: Uint32Array, offset: number): void {
    unpackBits(state, this.plan.baseCount, this.bytes(), offset);
  }

  load(state: Uint32Array): void {
    this.writeState(state, this.plan.stagingOffset);
    this.exports.loadState(this.plan.stagingOffset);
  }

  applyInputs(inputs: ArrayLike<number>): void {
    const chosen = new Int32Array(this.bytes().buffer, this.plan.chosenOffset, this.ir.roleCount);
    for (let r = 0; r < inputs.length; r++) chosen[r] = this.ir.inputGate[inputs[r]!]!;
    this.exports.setInputs(this.plan.chosenOffset);
  }

  legalEntries(role: number): number[] {
    const { plan, ir } = this;
    const words = new Uint32Array(
      this.bytes().buffer,
      plan.legalBitsOffset,
      plan.legalWordStart[ir.roleCount]!,
    );
    const out: number[] = [];
    const first = plan.legalWordStart[role]!;
    for (let w = first; w < plan.legalWordStart[role + 1]!; w++) {
      for (let bits = words[w]!; bits !== 0; bits &= bits - 1) {
        out.push(ir.legalStart[role]! + (w - first) * 32 + (31 - Math.clz32(bits & -bits)));
      }
    }
    return out;
  }

  /** Goal-only gates are not propagated; this computes them for the loaded state. */
  refreshGoals(): void {
    this.exports.evalGoals();
  }

  readNext(out: Uint32Array): void {
    const view = this.bytes();
    const next = this.plan.nets[this.exports.currentNet()]!.nextOffset;
    out.fill(0, 0, this.words);
    for (let b = 0; b < this.plan.baseCount; b++) if (view[next + b]) out[b >>> 5]! |= 1 << (b & 31);
  }

  playouts(start: Uint32Array, count: number, seed: number, maxDepth: number): PlayoutStats {
    this.writeState(start, this.plan.stateOffset);
    if (this.exports.playouts(count, seed, maxDepth) !== 0) {
      throw new Error('a role has no legal move in a non-terminal state');
    }
    const stats = new Int32Array(this.bytes().buffer, this.plan.statsOffset, STAT_GOALS + this.ir.roleCount);
    return readPlayoutStats(stats, count, this.ir.roleCount);
  }

  perft(start: Uint32Array, depth: number): number | null {
    this.writeState(start, this.plan.perftStackOffset);
    const nodes = this.exports.perft(depth);
    return nodes < 0 ? null : nodes;
  }
}
