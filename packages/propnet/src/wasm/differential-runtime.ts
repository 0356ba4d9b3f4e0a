/// <reference path="./webassembly.d.ts" />
// Runtime of the differential module: instantiates it, writes its tables and the all-false net into linear
// memory, and serves the evaluator interface by flipping only what differs from the loaded state and move.
import type { PlayoutStats } from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { compileModule } from './compile.js';
import { emitDifferentialModule } from './differential-emit.js';
import { type DifferentialPlan, lowerDifferential } from './differential-lower.js';
import { STAT_GOALS } from './lower.js';
import { type Propagation, readPlayoutStats, type WasmCore } from './wasm-core.js';

interface DifferentialExports {
  readonly memory: WebAssembly.Memory;
  loadState(address: number): void;
  evalGoals(): void;
  flip(gate: number, value: number): void;
  playouts(count: number, seed: number, maxDepth: number): number;
  perft(depth: number): number;
}

export class DifferentialWasmPropnet implements WasmCore {
  readonly propagation: Propagation = 'differential';
  readonly plan: DifferentialPlan;
  readonly binarySize: number;
  /** The instance's exports (the simulation adapter imports them: simulation-adapter.ts). */
  readonly exports: DifferentialExports;
  private buffer: ArrayBuffer;
  private view: Uint8Array;
  /** Input gates currently set (one per role after applyInputs, none after load). */
  private readonly active: Int32Array;
  private activeCount = 0;

  /** Needs binaryen loaded (`await loadBinaryen()`) and an acyclic net (`supportsDifferential`). */
  constructor(readonly ir: PropnetIR) {
    this.plan = lowerDifferential(ir);
    const binary = emitDifferentialModule(this.plan);
    this.binarySize = binary.byteLength;
    const instance = new WebAssembly.Instance(compileModule(binary), {});
    this.exports = instance.exports as unknown as DifferentialExports;
    this.buffer = this.exports.memory.buffer;
    this.view = new Uint8Array(this.buffer);
    for (const { offset, data } of this.plan.segments) this.view.set(data, offset);
    this.active = new Int32Array(ir.roleCount);
  }

  /** Gate values; the view is renewed when perft has grown the memory (which detaches the old buffer). */
  get values(): Uint8Array {
    if (this.exports.memory.buffer !== this.buffer) {
      this.buffer = this.exports.memory.buffer;
      this.view = new Uint8Array(this.buffer);
    }
    return this.view;
  }

  private clearInputs(): void {
    for (let k = 0; k < this.activeCount; k++) this.exports.flip(this.active[k]!, 0);
    this.activeCount = 0;
  }

  /** Writes a state (bit set over bases) as one byte per base at `offset`. */
  private writeState(state: Uint32Array, offset: number): void {
    const { values, plan } = this;
    for (let b = 0; b < plan.baseCount; b++) values[offset + b] = (state[b >>> 5]! >>> (b & 31)) & 1;
  }

  load(state: Uint32Array): void {
    this.clearInputs();
    this.writeState(state, this.plan.stagingOffset);
    this.exports.loadState(this.plan.stagingOffset);
  }

  applyInputs(inputs: ArrayLike<number>): void {
    this.clearInputs();
    for (let r = 0; r < inputs.length; r++) {
      const gate = this.ir.inputGate[inputs[r]!]!;
      this.exports.flip(gate, 1);
      this.active[this.activeCount++] = gate;
    }
  }

  legalEntries(role: number): number[] {
    const { plan, ir } = this;
    const words = new Uint32Array(
      this.values.buffer,
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
    const { values, plan } = this;
    out.fill(0);
    for (let b = 0; b < plan.baseCount; b++) if (values[plan.nextOffset + b]) out[b >>> 5]! |= 1 << (b & 31);
  }

  playouts(start: Uint32Array, count: number, seed: number, maxDepth: number): PlayoutStats {
    this.clearInputs();
    this.writeState(start, this.plan.stateOffset);
    if (this.exports.playouts(count, seed, maxDepth) !== 0) {
      throw new Error('a role has no legal move in a non-terminal state');
    }
    const stats = new Int32Array(this.values.buffer, this.plan.statsOffset, STAT_GOALS + this.ir.roleCount);
    return readPlayoutStats(stats, count, this.ir.roleCount);
  }

  perft(start: Uint32Array, depth: number): number | null {
    this.clearInputs();
    this.writeState(start, this.plan.perftStackOffset);
    const nodes = this.exports.perft(depth);
    return nodes < 0 ? null : nodes;
  }
}
