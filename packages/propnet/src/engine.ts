// The incremental TypeScript executor of the propnet IR: differential forward propagation with per-gate
// counters of true inputs (an AND holds when all its inputs hold, an OR when one does, a NOT when none does).
// Only gates whose inputs changed are re-evaluated, in gate order (a topological order), so each gate is
// evaluated at most once per update. The IR numbers strongly connected components contiguously, which is the
// level assignment of giga13-09 section 3.1 (levels from the SCCs of the topologically sorted rules); a
// cyclic component of positive views is re-derived as a whole by a least fixpoint from its external inputs,
// so an atom that only supported itself through the cycle is deleted (cycle-safe deletion).
import { GateKind } from './gate-kind.js';
import type { PropnetIR } from './ir.js';

/** What the reasoner needs from an executor of the IR; the TypeScript engine and the WASM runtime provide it. */
export interface PropnetEvaluator {
  /** Gate values after the last load/applyInputs (one byte per gate). */
  readonly values: Uint8Array;
  /** Makes `state` (a bit set over bases) current, with no input set. */
  load(state: Uint32Array): void;
  /** Sets one input per role (input indices) on the current state. */
  applyInputs(inputs: ArrayLike<number>): void;
  /** Writes the next state (after applyInputs) into `out`. */
  readNext(out: Uint32Array): void;
  /** Brings the goal propositions up to date for the loaded state, where an evaluator defers them. */
  refreshGoals?(): void;
}

export class PropnetEngine implements PropnetEvaluator {
  readonly values: Uint8Array;
  private readonly counts: Int32Array;
  private readonly queued: Uint8Array;
  /** Depth of each gate (a cyclic component shares one level); dirty gates wait in per-level buckets. */
  private readonly level: Int32Array;
  private readonly bucketStart: Int32Array;
  private readonly bucketFill: Int32Array;
  private readonly buckets: Int32Array;
  private lowestDirty: number;
  private highestDirty = -1;
  /** The base bits currently loaded. */
  private readonly loaded: Uint32Array;
  private readonly activeInputs: Int32Array;
  private activeCount = 0;
  private readonly cycleOld: Uint8Array;
  private readonly cycleWork: Int32Array;

  constructor(readonly ir: PropnetIR) {
    const n = ir.gateCount;
    this.values = new Uint8Array(n);
    this.counts = new Int32Array(n);
    this.queued = new Uint8Array(n);
    this.level = gateLevels(ir);
    let levels = 0;
    for (let g = 0; g < n; g++) levels = Math.max(levels, this.level[g]! + 1);
    this.bucketStart = new Int32Array(levels + 1);
    for (let g = 0; g < n; g++) this.bucketStart[this.level[g]! + 1]!++;
    for (let l = 0; l < levels; l++) this.bucketStart[l + 1]! += this.bucketStart[l]!;
    this.bucketFill = this.bucketStart.slice(0, levels);
    this.buckets = new Int32Array(n);
    this.lowestDirty = levels;
    this.loaded = new Uint32Array(stateWords(ir));
    this.activeInputs = new Int32Array(ir.roleCount);
    let largest = 0;
    for (let c = 0; c < ir.cycleRange.length; c += 2) {
      largest = Math.max(largest, ir.cycleRange[c + 1]! - ir.cycleRange[c]!);
    }
    this.cycleOld = new Uint8Array(largest);
    this.cycleWork = new Int32Array(largest);
    this.evaluateAll();
  }

  /** Full evaluation with no base and no input set. */
  private evaluateAll(): void {
    const { ir, values, counts } = this;
    values.fill(0);
    values[1] = 1;
    for (let g = ir.firstLogic; g < ir.gateCount; g++) {
      const c = ir.cycleOf[g]!;
      if (c >= 0) {
        if (g === ir.cycleRange[2 * c]) this.deriveCycle(c, false);
        continue;
      }
      let count = 0;
      for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) count += values[ir.fanin[e]!]!;
      counts[g] = count;
      values[g] = this.evaluate(g, count);
    }
  }

  private evaluate(g: number, count: number): number {
    const kind = this.ir.gateKind[g]!;
    if (kind === GateKind.And) return count === this.ir.faninStart[g + 1]! - this.ir.faninStart[g]! ? 1 : 0;
    if (kind === GateKind.Or) return count > 0 ? 1 : 0;
    return count === 0 ? 1 : 0;
  }

  /** Makes `state` (a bit set over bases) the loaded state, with no input set. */
  load(state: Uint32Array): void {
    const { ir, loaded } = this;
    this.clearInputs();
    for (let w = 0; w < loaded.length; w++) {
      let diff = (loaded[w]! ^ state[w]!) >>> 0;
      if (diff === 0) continue;
      loaded[w] = state[w]!;
      while (diff !== 0) {
        const bit = 31 - Math.clz32(diff);
        diff ^= 1 << bit;
        const g = ir.baseGate[w * 32 + bit]!;
        this.setSource(g, this.values[g]! ^ 1);
      }
    }
    this.propagate();
  }

  /** Sets the inputs of a joint move given as input indices (one per role) and propagates. */
  applyInputs(inputs: ArrayLike<number>): void {
    this.clearInputs();
    for (let r = 0; r < inputs.length; r++) {
      const g = this.ir.inputGate[inputs[r]!]!;
      this.activeInputs[this.activeCount++] = g;
      this.setSource(g, 1);
    }
    this.propagate();
  }

  /** Unsets the inputs of the last joint move (propagated with the next change). */
  private clearInputs(): void {
    for (let i = 0; i < this.activeCount; i++) this.setSource(this.activeInputs[i]!, 0);
    this.activeCount = 0;
  }

  /** Writes the next state (after applyInputs) into `out`. */
  readNext(out: Uint32Array): void {
    const { ir, values } = this;
    out.fill(0);
    for (let b = 0; b < ir.baseNext.length; b++) if (values[ir.baseNext[b]!]) out[b >>> 5]! |= 1 << (b & 31);
  }

  private setSource(g: number, value: number): void {
    if (this.values[g] === value) return;
    this.values[g] = value;
    this.pushFanout(g, value ? 1 : -1, -1);
  }

  private pushFanout(g: number, delta: number, cycle: number): void {
    const { ir, counts, queued } = this;
    for (let e = ir.fanoutStart[g]!; e < ir.fanoutStart[g + 1]!; e++) {
      const f = ir.fanout[e]!;
      if (cycle >= 0 && ir.cycleOf[f] === cycle) continue;
      counts[f]! += delta;
      if (!queued[f]) {
        queued[f] = 1;
        const l = this.level[f]!;
        this.buckets[this.bucketFill[l]!++] = f;
        if (l < this.lowestDirty) this.lowestDirty = l;
        if (l > this.highestDirty) this.highestDirty = l;
      }
    }
  }

  /** Settles every dirty gate, level by level: a gate only makes gates of higher levels dirty. */
  private propagate(): void {
    const { ir, values, counts, queued, buckets, bucketStart, bucketFill } = this;
    for (let l = this.lowestDirty; l <= this.highestDirty; l++) {
      for (let i = bucketStart[l]!; i < bucketFill[l]!; i++) {
        const g = buckets[i]!;
        if (!queued[g]) continue;
        queued[g] = 0;
        const c = ir.cycleOf[g]!;
        if (c >= 0) {
          this.deriveCycle(c, true);
          continue;
        }
        const v = this.evaluate(g, counts[g]!);
        if (v !== values[g]) {
          values[g] = v;
          this.pushFanout(g, v ? 1 : -1, -1);
        }
      }
      bucketFill[l] = bucketStart[l]!;
    }
    this.lowestDirty = bucketStart.length;
    this.highestDirty = -1;
  }

  /**
   * Re-derives cyclic component c from scratch: all members false, counts from the (final) external inputs,
   * then a least fixpoint inside the component; changed members notify their external readers.
   */
  private deriveCycle(c: number, notify: boolean): void {
    const { ir, values, counts, queued, cycleOld, cycleWork } = this;
    const s = ir.cycleRange[2 * c]!;
    const e = ir.cycleRange[2 * c + 1]!;
    for (let g = s; g < e; g++) {
      cycleOld[g - s] = values[g]!;
      values[g] = 0;
      queued[g] = 0;
    }
    let top = 0;
    for (let g = s; g < e; g++) {
      let count = 0;
      for (let x = ir.faninStart[g]!; x < ir.faninStart[g + 1]!; x++) count += values[ir.fanin[x]!]!;
      counts[g] = count;
      if (this.evaluate(g, count)) {
        queued[g] = 1;
        cycleWork[top++] = g;
      }
    }
    while (top > 0) {
      const g = cycleWork[--top]!;
      if (values[g]) continue;
      values[g] = 1;
      for (let x = ir.fanoutStart[g]!; x < ir.fanoutStart[g + 1]!; x++) {
        const f = ir.fanout[x]!;
        if (ir.cycleOf[f] !== c) continue;
        counts[f]!++;
        // Each member enters the work stack at most once, so the stack never outgrows the component.
        if (!values[f] && !queued[f] && this.evaluate(f, counts[f]!)) {
          queued[f] = 1;
          cycleWork[top++] = f;
        }
      }
    }
    for (let g = s; g < e; g++) queued[g] = 0;
    if (!notify) return;
    for (let g = s; g < e; g++) {
      if (values[g] !== cycleOld[g - s]) this.pushFanout(g, values[g] ? 1 : -1, c);
    }
  }
}

/** Longest path from a source to each gate; the members of a cyclic component share the highest level. */
function gateLevels(ir: PropnetIR): Int32Array {
  const level = new Int32Array(ir.gateCount);
  for (let g = ir.firstLogic; g < ir.gateCount; g++) {
    const c = ir.cycleOf[g]!;
    if (c >= 0 && g !== ir.cycleRange[2 * c]) continue;
    const end = c >= 0 ? ir.cycleRange[2 * c + 1]! : g + 1;
    let l = 0;
    for (let x = g; x < end; x++) {
      for (let e = ir.faninStart[x]!; e < ir.faninStart[x + 1]!; e++) {
        const input = ir.fanin[e]!;
        if (input < g) l = Math.max(l, level[input]! + 1);
      }
    }
    level.fill(l, g, end);
  }
  return level;
}

/** Words of a state bit set. */
export function stateWords(ir: PropnetIR): number {
  return Math.max(1, Math.ceil(ir.baseGate.length / 32));
}

/** The initial state: the bases whose init gate holds with no base and no input set. */
export function initialStateOf(ir: PropnetIR, engine: PropnetEvaluator): Uint32Array {
  const initial = new Uint32Array(stateWords(ir));
  engine.load(initial);
  const values = engine.values;
  for (let k = 0; k < ir.initGate.length; k++) {
    const b = ir.initBase[k]!;
    if (values[ir.initGate[k]!]) initial[b >>> 5]! |= 1 << (b & 31);
  }
  return initial;
}
