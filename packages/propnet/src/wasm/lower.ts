// Lowering: propnet IR → a small plan of what the module computes and where it keeps it. Emission (emit.ts)
// turns the plan into code; the two stay separate so the plan can be inspected and tested alone.
import { BudgetExceededError } from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { baselineIr } from './input-driven.js';

/**
 * Gates evaluated by one generated function: [start, end), cyclic components wholly inside unless `cycle` is
 * set. V8 rejects a function body over 7,654,321 bytes, so a phase is cut into chunks of bounded cost.
 */
export interface Chunk {
  readonly start: number;
  readonly end: number;
  /** One part of a gate too wide for one function (start + 1 === end): its fan-in edges [from, to). */
  readonly edges?: { readonly from: number; readonly to: number };
  /**
   * A slice of cyclic component `cycle` too large for one function: the slice function returns whether a
   * value changed, and the phase iterates the component's consecutive slices until none does.
   */
  readonly cycle?: number;
}

export interface LowerOptions {
  /**
   * Most cost units per generated gate function, a unit being about one fan-in wire (≈ 10 bytes of code).
   * Internal: tests force tiny chunks to exercise the splitting on real games.
   */
  readonly maxFunctionCost?: number;
  /** Most loads in one expression tree (see emit.ts, gateParts). Internal, as above. */
  readonly maxTreeLeaves?: number;
  /** Whether binaryen's optimiser runs on the module; by default only on nets of at most OPTIMISE_MAX_WIRES. */
  readonly optimise?: boolean;
  /** Most legal propositions (all roles) whose scan is unrolled; more are scanned by a loop over a table. */
  readonly maxUnrolledLegal?: number;
  /** Whether the move phase is input-driven (input-driven.ts); by default from INPUT_DRIVEN_MIN_INPUTS inputs. */
  readonly inputDriven?: boolean;
}

/** Fewest inputs for an input-driven move phase: with few possible moves, straight-line code is cheapest. */
export const INPUT_DRIVEN_MIN_INPUTS = 1024;

/**
 * An unrolled scan is one branch per legal proposition in the playout and perft functions; amazons.kif's
 * 174 k made those functions megabytes long, and its playouts ran at 24 ms per state against 11–13 ms with the
 * table loop. Up to this many the scan stays unrolled: it measured level with the loop on tictactoe,
 * connectfour, breakthrough, skirmish and chess_200.
 */
export const DEFAULT_MAX_UNROLLED_LEGAL = 4096;

/**
 * Largest net (fan-in wires) whose module binaryen optimises. Its optimiser costs 20–70 µs of CPU per wire, most
 * of a build (amazons.kif, 1.5 M wires: 122 s optimised, 6.6 s not); on nets past this size the playouts of
 * the unoptimised module, once V8's optimising tier has compiled it, measured level with the optimised one
 * within this machine's noise (skirmish, kalaha_2009, othello: packages/propnet/README.md). Up to it the
 * optimiser takes under about 10 s and is kept: on small nets (breakthrough) it measured ahead.
 */
export const OPTIMISE_MAX_WIRES = 200_000;

export function optimisesByDefault(ir: PropnetIR): boolean {
  return ir.fanin.length <= OPTIMISE_MAX_WIRES;
}

/** A few KB of stack for V8's optimising tier, which keeps the loads of one expression live at once. */
export const DEFAULT_TREE_LEAVES = 1024;

/** ≈ 400 KB of code per function: far under V8's limit, and binaryen optimises each function alone. */
export const DEFAULT_FUNCTION_COST = 40_000;

export interface WasmPlan {
  readonly gateCount: number;
  /** Byte offsets in linear memory: gate values (one byte per gate) start at 0. */
  readonly stateOffset: number;
  readonly nextOffset: number;
  readonly legalOffset: number;
  readonly statsOffset: number;
  /** Perft: per-role lists of legal input gates (i32), laid out like the IR's legal table. */
  readonly perftLegalOffset: number;
  /** Whether the legal scans are unrolled; if not, they loop over (gate, input gate) i32 pairs at legalTable. */
  readonly unrollLegal: boolean;
  readonly legalTableOffset: number;
  /** The pairs (little-endian), in the IR's legal order: the data at legalTableOffset (empty when unrolled). */
  readonly legalTable: Uint8Array<ArrayBuffer>;
  /**
   * Input-driven move phase (input-driven.ts): the move phase is emitted from `evalIr` (the baseline) and
   * propagateInput follows each set input's change over the original IR's tables, with one dirty byte per gate.
   */
  readonly inputDriven: boolean;
  readonly evalIr: PropnetIR;
  readonly kindOffset: number;
  readonly faninStartOffset: number;
  readonly faninOffset: number;
  readonly fanoutStartOffset: number;
  readonly fanoutOffset: number;
  /** Per gate: 0 clean, 1 to evaluate again, 2 decided by a changed fan-in (the OR's 1, the AND's 0). */
  readonly dirtyOffset: number;
  /** Data written into linear memory at instantiation (besides the TRUE gate). */
  readonly segments: readonly { readonly offset: number; readonly data: Uint8Array<ArrayBuffer> }[];
  /** Perft: the stack of states (one byte per base) that grows upward from here, memory growing with it. */
  readonly perftStackOffset: number;
  /** A byte where a wide gate of a cyclic component accumulates its value part by part. */
  readonly scratchOffset: number;
  readonly pages: number;
  readonly baseCount: number;
  readonly baseStart: number;
  readonly inputCount: number;
  readonly inputStart: number;
  readonly maxTreeLeaves: number;
  readonly optimise: boolean;
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

export function lower(ir: PropnetIR, options: LowerOptions = {}): WasmPlan {
  const budget = options.maxFunctionCost ?? DEFAULT_FUNCTION_COST;
  if (!(budget >= 1)) throw new RangeError(`maxFunctionCost must be at least 1, got ${budget}`);
  const maxTreeLeaves = options.maxTreeLeaves ?? DEFAULT_TREE_LEAVES;
  if (!(maxTreeLeaves >= 2)) throw new RangeError(`maxTreeLeaves must be at least 2, got ${maxTreeLeaves}`);
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
  const scratchOffset = align(statsOffset + 4 * (STAT_GOALS + ir.roleCount));
  const perftLegalOffset = align(scratchOffset + 1);
  const unrollLegal = ir.legalGate.length <= (options.maxUnrolledLegal ?? DEFAULT_MAX_UNROLLED_LEGAL);
  const pairs = unrollLegal
    ? []
    : Array.from(ir.legalGate, (gate, l) => [gate, ir.inputGate[ir.legalInput[l]!]!]);
  const legalTable = le32(pairs.flat());
  const baseline =
    (options.inputDriven ?? ir.inputGate.length >= INPUT_DRIVEN_MIN_INPUTS) ? baselineIr(ir) : undefined;
  const inputDriven = baseline !== undefined;
  const segments: { offset: number; data: Uint8Array<ArrayBuffer> }[] = [];
  let at = align(perftLegalOffset + 4 * ir.legalGate.length);
  /** Lays `data` out at the next free offset, as a data segment unless empty. */
  const place = (data: Uint8Array<ArrayBuffer>) => {
    const offset = at;
    if (data.length > 0) segments.push({ offset, data });
    at = align(at + data.byteLength);
    return offset;
  };
  const legalTableOffset = place(legalTable);
  const [kindOffset = 0, faninStartOffset = 0, faninOffset = 0, fanoutStartOffset = 0, fanoutOffset = 0] =
    inputDriven
      ? [ir.gateKind.slice(), le32(ir.faninStart), le32(ir.fanin), le32(ir.fanoutStart), le32(ir.fanout)].map(
          place,
        )
      : [];
  const dirtyOffset = at;
  if (inputDriven) at = align(at + ir.gateCount);
  const perftStackOffset = at;
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
    unrollLegal,
    legalTableOffset,
    legalTable,
    inputDriven,
    evalIr: baseline ?? ir,
    kindOffset,
    faninStartOffset,
    faninOffset,
    fanoutStartOffset,
    fanoutOffset,
    dirtyOffset,
    segments,
    perftStackOffset,
    scratchOffset,
    pages: Math.max(1, Math.ceil(end / 65536)),
    baseCount,
    baseStart: 2,
    inputCount,
    inputStart: 2 + baseCount,
    maxTreeLeaves,
    optimise: options.optimise ?? optimisesByDefault(ir),
    stateChunks: chunks(ir, ir.firstLogic, ir.phaseSplit, budget),
    moveChunks: chunks(baseline ?? ir, ir.phaseSplit, ir.gateCount, budget),
    roleCount: ir.roleCount,
    legal,
    legalStart: ir.legalStart,
    goals,
    terminalGate: ir.terminalGate,
    baseNext: ir.baseNext,
  };
}

/** Code cost of a gate: its wires plus its store (and, in a cyclic component, the compare-and-flag). */
function gateCost(ir: PropnetIR, g: number): number {
  return ir.faninStart[g + 1]! - ir.faninStart[g]! + (ir.cycleOf[g]! >= 0 ? 4 : 1);
}

/**
 * Cuts gates [start, end) into chunks of at most `budget` cost. Whole cyclic components and gates stay in one
 * chunk when they fit; a larger component is sliced (iterated by the phase), a wider gate split by fan-in.
 */
function chunks(ir: PropnetIR, start: number, end: number, budget: number): Chunk[] {
  const out: Chunk[] = [];
  let open = start;
  let cost = 0;
  const flush = (at: number) => {
    if (at > open) out.push({ start: open, end: at });
    open = at;
    cost = 0;
  };
  let g = start;
  while (g < end) {
    const c = ir.cycleOf[g]!;
    const unitEnd = c >= 0 ? ir.cycleRange[2 * c + 1]! : g + 1;
    let unitCost = 0;
    for (let x = g; x < unitEnd; x++) unitCost += gateCost(ir, x);
    if (unitCost <= budget) {
      if (cost + unitCost > budget) flush(g);
      cost += unitCost;
    } else {
      flush(g);
      if (c >= 0) sliceCycle(ir, c, budget, out);
      else splitGate(ir, g, budget, out);
      open = unitEnd;
    }
    g = unitEnd;
  }
  flush(end);
  return out;
}

/**
 * Most cost units of one gate of a cyclic component (≈ 5 MB of code): such a gate is not split by fan-in (its
 * compare-and-flag needs the whole value), so it gets a slice of its own however small the budget.
 */
export const MAX_CYCLE_GATE_COST = 500_000;

function sliceCycle(ir: PropnetIR, c: number, budget: number, out: Chunk[]): void {
  const end = ir.cycleRange[2 * c + 1]!;
  let open = ir.cycleRange[2 * c]!;
  let cost = 0;
  for (let g = open; g < end; g++) {
    const gc = gateCost(ir, g);
    if (gc > MAX_CYCLE_GATE_COST) {
      throw new BudgetExceededError(
        `propnet-wasm: gate ${g} of a cyclic component has ${gc - 4} inputs, more than one WebAssembly function can evaluate`,
        { limit: `${MAX_CYCLE_GATE_COST} code units per function` },
      );
    }
    if (cost > 0 && cost + gc > budget) {
      out.push({ start: open, end: g, cycle: c });
      open = g;
      cost = 0;
    }
    cost += gc;
  }
  out.push({ start: open, end, cycle: c });
}

/** A gate wider than a function: the first part stores its value, each later part combines into it. */
function splitGate(ir: PropnetIR, g: number, budget: number, out: Chunk[]): void {
  const last = ir.faninStart[g + 1]!;
  for (let from = ir.faninStart[g]!; from < last; from += budget) {
    out.push({ start: g, end: g + 1, edges: { from, to: Math.min(last, from + budget) } });
  }
}

/** Little-endian bytes of 32-bit unsigned values, as WebAssembly loads them. */
export function le32(values: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(4 * values.length);
  const view = new DataView(bytes.buffer);
  for (let k = 0; k < values.length; k++) view.setUint32(4 * k, values[k]!, true);
  return bytes;
}
