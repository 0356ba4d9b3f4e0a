// Lowering: propnet IR → a small plan of what the module computes and where it keeps it. Emission (emit.ts)
// turns the plan into code; the two stay separate so the plan can be inspected and tested alone.
import type { PropnetIR } from '../ir.js';

/** Gates evaluated by one generated function: [start, end), cycles wholly inside. */
export interface Chunk {
  readonly start: number;
  readonly end: number;
}

export interface WasmPlan {
  readonly gateCount: number;
  /** Byte offsets in linear memory: gate values (one byte per gate) start at 0. */
  readonly stateOffset: number;
  readonly nextOffset: number;
  readonly legalOffset: number;
  readonly statsOffset: number;
  /** Perft: per-role lists of legal input gates (i32), laid out like the IR's legal table. */
  readonly perftLegalOffset: number;
  /** Perft: the stack of states (one byte per base) that grows upward from here, memory growing with it. */
  readonly perftStackOffset: number;
  readonly pages: number;
  readonly baseCount: number;
  readonly baseStart: number;
  readonly inputCount: number;
  readonly inputStart: number;
  /** State-only gates, then move-dependent gates. */
  readonly stateChunks: readonly Chunk[];
  readonly moveChunks: readonly Chunk[];
  readonly roleCount: number;
  /** Per role, legal propositions in canonical move order with the input gate each selects. */
  readonly legal: readonly (readonly { gate: number; input: number }[])[];
  /** Per role, the first entry of its legal propositions in the IR's legal table. */
  readonly legalStart: Uint32Array;
  /** Per role, goal propositions by decreasing value (the first that holds is the playout's goal). */
  readonly goals: readonly (readonly { gate: number; value: number }[])[];
  readonly terminalGate: number;
  readonly baseNext: Uint32Array;
}

/** Stats block layout (i32 slots at statsOffset): states, totalDepth, minDepth, maxDepth, truncated, then goal sums. */
export const STAT_STATES = 0;
export const STAT_TOTAL_DEPTH = 1;
export const STAT_MIN_DEPTH = 2;
export const STAT_MAX_DEPTH = 3;
export const STAT_TRUNCATED = 4;
export const STAT_GOALS = 5;

const CHUNK_GATES = 2000;

export function lower(ir: PropnetIR): WasmPlan {
  const align = (x: number) => (x + 7) & ~7;
  const baseCount = ir.baseGate.length;
  const inputCount = ir.inputGate.length;
  for (let b = 0; b < baseCount; b++) {
    if (ir.baseGate[b] !== 2 + b) throw new Error('internal: bases must be gates 2..2+B');
  }
  for (let i = 0; i < inputCount; i++) {
    if (ir.inputGate[i] !== 2 + baseCount + i) throw new Error('internal: inputs must follow the bases');
  }
  const stateOffset = align(ir.gateCount);
  const nextOffset = align(stateOffset + baseCount);
  let maxLegal = 0;
  for (let r = 0; r < ir.roleCount; r++)
    maxLegal = Math.max(maxLegal, ir.legalStart[r + 1]! - ir.legalStart[r]!);
  const legalOffset = align(nextOffset + baseCount);
  const statsOffset = align(legalOffset + 4 * maxLegal);
  const perftLegalOffset = align(statsOffset + 4 * (STAT_GOALS + ir.roleCount));
  const perftStackOffset = align(perftLegalOffset + 4 * ir.legalGate.length);
  const end = perftStackOffset + 2 * baseCount;
  const legal = Array.from({ length: ir.roleCount }, (_, r) => {
    const out = [];
    for (let l = ir.legalStart[r]!; l < ir.legalStart[r + 1]!; l++) {
      out.push({ gate: ir.legalGate[l]!, input: ir.inputGate[ir.legalInput[l]!]! });
    }
    return out;
  });
  const goals = Array.from({ length: ir.roleCount }, (_, r) => {
    const out = [];
    for (let k = ir.goalStart[r]!; k < ir.goalStart[r + 1]!; k++)
      out.push({ gate: ir.goalGate[k]!, value: ir.goalValue[k]! });
    return out.sort((a, b) => b.value - a.value);
  });
  return {
    gateCount: ir.gateCount,
    stateOffset,
    nextOffset,
    legalOffset,
    statsOffset,
    perftLegalOffset,
    perftStackOffset,
    pages: Math.max(1, Math.ceil(end / 65536)),
    baseCount,
    baseStart: 2,
    inputCount,
    inputStart: 2 + baseCount,
    stateChunks: chunks(ir, ir.firstLogic, ir.phaseSplit),
    moveChunks: chunks(ir, ir.phaseSplit, ir.gateCount),
    roleCount: ir.roleCount,
    legal,
    legalStart: ir.legalStart,
    goals,
    terminalGate: ir.terminalGate,
    baseNext: ir.baseNext,
  };
}

function chunks(ir: PropnetIR, start: number, end: number): Chunk[] {
  const out: Chunk[] = [];
  let s = start;
  while (s < end) {
    let e = Math.min(end, s + CHUNK_GATES);
    // Never split a cyclic component.
    const c = e < end ? ir.cycleOf[e - 1]! : -1;
    if (c >= 0) e = ir.cycleRange[2 * c + 1]!;
    out.push({ start: s, end: e });
    s = e;
  }
  return out;
}
