/// <reference path="./webassembly.d.ts" />
// Runtime: compiles the generated module once per game and exposes it behind the evaluator interface of the
// TypeScript engine, plus the batch entry point that runs whole playouts inside the module.
import type { PlayoutStats } from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { compileModule } from './compile.js';
import { emitModule } from './emit.js';
import { type LowerOptions, lower, STAT_GOALS, type WasmPlan } from './lower.js';
import { type Propagation, readPlayoutStats, type WasmCore } from './wasm-core.js';

interface PropnetExports {
  readonly memory: WebAssembly.Memory;
  evalState(): void;
  evalMoves(): void;
  propagateInput?(inputGate: number): void;
  playouts(count: number, seed: number, maxDepth: number): number;
  perft(depth: number): number;
}

export class WasmPropnet implements WasmCore {
  readonly propagation: Propagation = 'straight-line';
  readonly plan: WasmPlan;
  readonly binarySize: number;
  /** The instance's exports (the simulation adapter imports them: simulation-adapter.ts). */
  readonly exports: PropnetExports;
  private buffer: ArrayBuffer;
  private view: Uint8Array;
  private stats: Int32Array;
  /** The state the last `load` made current, while `loadedValid`. */
  private loaded = new Uint32Array(0);
  private loadedValid = false;

  /**
   * Needs binaryen loaded (`await loadBinaryen()`; the backend's create does it) unless `built` is given: the
   * bytes an earlier build emitted for the same IR and options (the module cache: module-cache.ts). Throws
   * BudgetExceededError when the module cannot be compiled.
   */
  constructor(
    readonly ir: PropnetIR,
    options: LowerOptions = {},
    built?: Uint8Array,
  ) {
    this.plan = lower(ir, options);
    const binary = built ?? emitModule(this.plan);
    this.binarySize = binary.byteLength;
    const instance = new WebAssembly.Instance(compileModule(binary), {});
    this.exports = instance.exports as unknown as PropnetExports;
    this.buffer = this.exports.memory.buffer;
    this.view = new Uint8Array(this.buffer);
    this.stats = this.statsView();
  }

  /** Gate values; the view is renewed when perft has grown the memory (which detaches the old buffer). */
  get values(): Uint8Array {
    if (this.exports.memory.buffer !== this.buffer) {
      this.buffer = this.exports.memory.buffer;
      this.view = new Uint8Array(this.buffer);
      this.stats = this.statsView();
    }
    return this.view;
  }

  /** Bytes of linear memory (perft grows it to hold its stack of states). */
  get memoryBytes(): number {
    return this.exports.memory.buffer.byteLength;
  }

  private statsView(): Int32Array {
    return new Int32Array(this.buffer, this.plan.statsOffset, STAT_GOALS + this.ir.roleCount);
  }

  /**
   * Makes `state` current. Loading the state already loaded (the tree asks for terminal, each role's legal moves
   * and goals of one state in a row) does nothing: every load evaluates the whole state phase.
   */
  load(state: Uint32Array): void {
    if (this.loadedValid && sameWords(state, this.loaded)) return;
    const { values, plan } = this;
    for (let b = 0; b < plan.baseCount; b++) values[plan.baseStart + b] = (state[b >>> 5]! >>> (b & 31)) & 1;
    values.fill(0, plan.inputStart, plan.inputStart + plan.inputCount);
    this.exports.evalState();
    if (this.loaded.length !== state.length) this.loaded = new Uint32Array(state.length);
    this.loaded.set(state);
    this.loadedValid = true;
  }

  /** The module's state no longer is the one `load` left (inputs set, playouts, perft, simulations). */
  forgetLoaded(): void {
    this.loadedValid = false;
  }

  applyInputs(inputs: ArrayLike<number>): void {
    this.loadedValid = false;
    const { values, plan } = this;
    values.fill(0, plan.inputStart, plan.inputStart + plan.inputCount);
    for (let r = 0; r < inputs.length; r++) values[this.ir.inputGate[inputs[r]!]!] = 1;
    this.exports.evalMoves();
    if (this.plan.inputDriven) {
      for (let r = 0; r < inputs.length; r++) this.exports.propagateInput!(this.ir.inputGate[inputs[r]!]!);
    }
  }

  readNext(out: Uint32Array): void {
    const { values, ir } = this;
    out.fill(0);
    for (let b = 0; b < ir.baseNext.length; b++) if (values[ir.baseNext[b]!]) out[b >>> 5]! |= 1 << (b & 31);
  }

  /** Random playouts from `start`, entirely inside the module (one boundary crossing per batch). */
  playouts(start: Uint32Array, count: number, seed: number, maxDepth: number): PlayoutStats {
    this.loadedValid = false;
    const { values, plan } = this;
    for (let b = 0; b < plan.baseCount; b++)
      values[plan.stateOffset + b] = (start[b >>> 5]! >>> (b & 31)) & 1;
    if (this.exports.playouts(count, seed, maxDepth) !== 0) {
      throw new Error('a role has no legal move in a non-terminal state');
    }
    return readPlayoutStats(this.stats, count, this.ir.roleCount);
  }

  /** Fixed-depth node count from `start`, entirely inside the module (see emit.ts); null when memory ran out. */
  perft(start: Uint32Array, depth: number): number | null {
    this.loadedValid = false;
    const { values, plan } = this;
    for (let b = 0; b < plan.baseCount; b++)
      values[plan.perftStackOffset + b] = (start[b >>> 5]! >>> (b & 31)) & 1;
    values.fill(0, plan.inputStart, plan.inputStart + plan.inputCount);
    const nodes = this.exports.perft(depth);
    return nodes < 0 ? null : nodes;
  }
}

function sameWords(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
