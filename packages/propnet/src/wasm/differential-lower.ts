// Lowering for the differential (counter-per-gate) module: propnet IR → the tables and memory map that
// differential-emit.ts propagates over. As in ggplib's and Sancho's propnets (issue 26), every AND/OR/NOT gate
// keeps a counter of its true inputs, offset so that the gate is true exactly when the counter is ≥ 0; a gate
// whose value flips adds ±1 to each reader's counter, so the cost of a state follows what changed, not the
// size of the net. Legal propositions and transitions are readers too: their flips keep a per-role bit set of
// legal moves and the next state's bytes up to date (the next state is then a copy, legal moves a popcount).
import { GateKind } from '../gate-kind.js';
import type { PropnetIR } from '../ir.js';
import { chooseEnablers, type Enablers } from './differential-enablers.js';
import { le32 } from './lower.js';

/** Reader tags in the low TAG_BITS bits of a fan-out entry; the rest is the reader's index. */
export const TAG_BITS = 3;
export const TAG_COUNT = 0;
/** A NOT gate's counter: a true input subtracts, so the NOT is true (counter 0) while its input is false. */
export const TAG_COUNT_NEGATED = 1;
/** A legal move: the index is the move's bit in the legal bit sets. */
export const TAG_LEGAL = 2;
/** A transition: the index is the base whose byte in the next state copies the gate's value. */
export const TAG_NEXT = 3;
/** An enabled AND (differential-enablers.ts) whose counter leaves out its enabler: it may (dis)arm. */
export const TAG_COUNT_ENABLED = 4;
/** An enabler's armed set: the index is the enabler's; each armed AND takes the enabler's value. */
export const TAG_ARMED = 5;

export interface DifferentialPlan {
  readonly gateCount: number;
  readonly baseCount: number;
  readonly roleCount: number;
  /** Gate values, one byte per gate, at 0 (as in the straight-line module: the evaluator reads them there). */
  readonly counterOffset: number;
  readonly fanoutStartOffset: number;
  readonly fanoutOffset: number;
  /** Legal bit sets: role r owns 32-bit words legalWordStart[r] .. legalWordStart[r+1]-1 from legalBitsOffset. */
  readonly legalBitsOffset: number;
  readonly legalWordStart: Uint32Array;
  /** Per legal bit (i32): the input gate that playing the move sets (0 for the padding bits of a role's last word). */
  readonly legalInputOffset: number;
  /** The next state, one byte per base, kept up to date by TAG_NEXT readers. */
  readonly nextOffset: number;
  /** The state the playouts start from, and the staging copy of the next state (one byte per base each). */
  readonly stateOffset: number;
  readonly stagingOffset: number;
  readonly statsOffset: number;
  /** Per role, the input gate chosen in the current step (i32). */
  readonly chosenOffset: number;
  /** The propagation stack: i32 entries (gate << 1 | value), at most one per wire and gate. */
  readonly stackOffset: number;
  /** Perft: per-role lists of legal input gates, then the state stack growing upward. */
  readonly perftLegalOffset: number;
  readonly perftStackOffset: number;
  readonly pages: number;
  /** Data written into linear memory once the module is instantiated: tables and the all-false net's values. */
  readonly segments: readonly { readonly offset: number; readonly data: Uint8Array<ArrayBuffer> }[];
  /**
   * Goal-only gates (goalOnlyGates), evaluated only when goals are read: entries of three i32 (gate, end of its
   * fan-in in the goal fan-in table, inputs needed: n for AND, 1 for OR, -1 for NOT), in topological order.
   */
  readonly goalTableOffset: number;
  readonly goalEntries: number;
  readonly goalFaninOffset: number;
  /**
   * Enablers: per gate its enabler's index or -1 (i32 at enablerOfOffset); per enabler 16 bytes at
   * enablerTableOffset (gate, armed count, byte address of its first slot, unused); the armed sets' slots
   * (i32 gates); per gate its position in its enabler's armed set (i32 at armedPosOffset).
   */
  readonly enablerOfOffset: number;
  readonly enablerTableOffset: number;
  readonly armedPosOffset: number;
  /** Per role, goal propositions by decreasing value (the first that holds is the playout's goal). */
  readonly goals: readonly (readonly { gate: number; value: number }[])[];
  readonly terminalGate: number;
}

/** Whether the differential module can run `ir`: counters cannot delete atoms that support each other in a cycle. */
export function supportsDifferential(ir: PropnetIR): boolean {
  return ir.cycleRange.length === 0;
}

export function lowerDifferential(ir: PropnetIR): DifferentialPlan {
  if (!supportsDifferential(ir)) throw new Error('internal: the differential module needs an acyclic net');
  const { gateCount, roleCount } = ir;
  const baseCount = ir.baseGate.length;
  const align = (x: number) => (x + 7) & ~7;
  const legalWordStart = new Uint32Array(roleCount + 1);
  for (let r = 0; r < roleCount; r++) {
    const moves = ir.legalStart[r + 1]! - ir.legalStart[r]!;
    legalWordStart[r + 1] = legalWordStart[r]! + Math.ceil(moves / 32);
  }
  const legalBits = legalWordStart[roleCount]! * 32;
  const bitOf = (l: number) => {
    let r = 0;
    while (l >= ir.legalStart[r + 1]!) r++;
    return legalWordStart[r]! * 32 + (l - ir.legalStart[r]!);
  };

  const goalOnly = goalOnlyGates(ir);
  const enablers = chooseEnablers(ir, goalOnly);
  const { value, counter } = allFalseNet(ir, enablers);
  const { fanoutStart, fanout } = taggedFanout(ir, bitOf, goalOnly, enablers);
  const { table: goalTable, fanin: goalFanin } = goalNet(ir, goalOnly);
  const legalWords = new Uint32Array(legalWordStart[roleCount]!);
  const legalInput = new Uint32Array(legalBits);
  for (let l = 0; l < ir.legalGate.length; l++) {
    const bit = bitOf(l);
    legalInput[bit] = ir.inputGate[ir.legalInput[l]!]!;
    if (value[ir.legalGate[l]!]) legalWords[bit >>> 5]! |= 1 << (bit & 31);
  }
  const next = new Uint8Array(baseCount);
  for (let b = 0; b < baseCount; b++) next[b] = value[ir.baseNext[b]!]!;

  const segments: { offset: number; data: Uint8Array<ArrayBuffer> }[] = [];
  let at = 0;
  const place = (data: Uint8Array<ArrayBuffer>) => {
    const offset = at;
    if (data.length > 0) segments.push({ offset, data });
    at = align(at + data.byteLength);
    return offset;
  };
  const reserve = (bytes: number) => {
    const offset = at;
    at = align(at + bytes);
    return offset;
  };
  place(value);
  const counterOffset = place(le32(counter));
  const fanoutStartOffset = place(le32(fanoutStart));
  const fanoutOffset = place(le32(fanout));
  const legalBitsOffset = place(le32(legalWords));
  const legalInputOffset = place(le32(legalInput));
  const nextOffset = place(next);
  const goalTableOffset = place(le32(goalTable));
  const goalFaninOffset = place(le32(goalFanin));
  const enablerOfOffset = place(le32(enablers.enablerOf));
  const armedPos = new Int32Array(gateCount);
  const enablerTableOffset = at;
  const slotsOffset = align(enablerTableOffset + 16 * enablers.gate.length);
  const enablerTable: number[] = [];
  const slots: number[] = [];
  for (const [d, readers] of enablers.readers.entries()) {
    const armed = readers.filter((y) => counter[y]! >= 0);
    for (const [k, y] of armed.entries()) armedPos[y] = k;
    slots.push(...armed, ...new Array<number>(readers.length - armed.length).fill(0));
    enablerTable.push(enablers.gate[d]!, armed.length, slotsOffset + 4 * enablers.slotStart[d]!, 0);
  }
  place(le32(enablerTable));
  place(le32(slots));
  const armedPosOffset = place(le32(armedPos));
  const stateOffset = reserve(baseCount);
  const stagingOffset = reserve(baseCount);
  const statsOffset = reserve(4 * (8 + roleCount));
  const chosenOffset = reserve(4 * roleCount);
  const stackOffset = reserve(4 * (fanout.length + gateCount + 1));
  const perftLegalOffset = reserve(4 * legalBits);
  const perftStackOffset = at;
  const goals = Array.from({ length: roleCount }, (_, r) => {
    const out = [];
    for (let k = ir.goalStart[r]!; k < ir.goalStart[r + 1]!; k++)
      out.push({ gate: ir.goalGate[k]!, value: ir.goalValue[k]! });
    return out.sort((a, b) => b.value - a.value);
  });
  return {
    gateCount,
    baseCount,
    roleCount,
    counterOffset,
    fanoutStartOffset,
    fanoutOffset,
    legalBitsOffset,
    legalWordStart,
    legalInputOffset,
    nextOffset,
    stateOffset,
    stagingOffset,
    statsOffset,
    chosenOffset,
    stackOffset,
    perftLegalOffset,
    perftStackOffset,
    enablerOfOffset,
    enablerTableOffset,
    armedPosOffset,
    goalTableOffset,
    goalEntries: goalTable.length / 3,
    goalFaninOffset,
    pages: Math.max(1, Math.ceil((perftStackOffset + 2 * baseCount) / 65536)),
    segments,
    goals,
    terminalGate: ir.terminalGate,
  };
}

/**
 * Values and counters of the net with every base and input false (gates in topological order). A counter is
 * (true inputs) − (inputs needed): AND needs all, OR one; a NOT counts its input negatively from 0. An enabled
 * AND counts all but its enabler, and holds when armed (counter ≥ 0) and its enabler holds.
 */
function allFalseNet(
  ir: PropnetIR,
  enablers: Enablers,
): { value: Uint8Array<ArrayBuffer>; counter: Int32Array<ArrayBuffer> } {
  const value = new Uint8Array(ir.gateCount);
  const counter = new Int32Array(ir.gateCount);
  value[1] = 1;
  for (let g = ir.firstLogic; g < ir.gateCount; g++) {
    const from = ir.faninStart[g]!;
    const to = ir.faninStart[g + 1]!;
    let held = 0;
    for (let e = from; e < to; e++) held += value[ir.fanin[e]!]!;
    const kind = ir.gateKind[g]!;
    const d = enablers.enablerOf[g]!;
    if (d >= 0) {
      const enabler = enablers.gate[d]!;
      const c = held - value[enabler]! - (to - from - 1);
      counter[g] = c;
      value[g] = c >= 0 ? value[enabler]! : 0;
      continue;
    }
    const c = kind === GateKind.Not ? -held : kind === GateKind.And ? held - (to - from) : held - 1;
    counter[g] = c;
    value[g] = c >= 0 ? 1 : 0;
  }
  return { value, counter };
}

/**
 * Gates that only goals read: outside the cones of legal, terminal, next, sees and init. ggplib keeps them in a
 * net of their own evaluated only at terminal states (issue 26: 15,331 of reversi's 18,041 nodes); here they
 * get no counters and no fan-out entries, and evalGoals computes them when goals are read.
 */
export function goalOnlyGates(ir: PropnetIR): Uint8Array {
  const needed = new Uint8Array(ir.gateCount);
  const goalCone = new Uint8Array(ir.gateCount);
  for (const list of [ir.legalGate, ir.baseNext, ir.seesGate, ir.initGate])
    for (const g of list) needed[g] = 1;
  needed[ir.terminalGate] = 1;
  for (const g of ir.goalGate) goalCone[g] = 1;
  const goalOnly = new Uint8Array(ir.gateCount);
  // Readers have larger ids than their inputs (an acyclic net), so a descending sweep sees every reader first.
  for (let g = ir.gateCount - 1; g >= ir.firstLogic; g--) {
    if (goalCone[g] && !needed[g]) goalOnly[g] = 1;
    for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) {
      const x = ir.fanin[e]!;
      if (needed[g]) needed[x] = 1;
      if (goalCone[g]) goalCone[x] = 1;
    }
  }
  return goalOnly;
}

/** The goal-only gates as a table for evalGoals (layout at DifferentialPlan.goalTableOffset). */
function goalNet(ir: PropnetIR, goalOnly: Uint8Array): { table: number[]; fanin: number[] } {
  const table: number[] = [];
  const fanin: number[] = [];
  for (let g = ir.firstLogic; g < ir.gateCount; g++) {
    if (!goalOnly[g]) continue;
    for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) fanin.push(ir.fanin[e]!);
    const kind = ir.gateKind[g]!;
    const inputs = ir.faninStart[g + 1]! - ir.faninStart[g]!;
    table.push(g, fanin.length, kind === GateKind.Not ? -1 : kind === GateKind.And ? inputs : 1);
  }
  return { table, fanin };
}

/**
 * Each gate's readers, tagged: logic gates (negated for a NOT) except goal-only ones, then the legal moves and
 * transitions it decides.
 */
function taggedFanout(
  ir: PropnetIR,
  bitOf: (l: number) => number,
  goalOnly: Uint8Array,
  enablers: Enablers,
): { fanoutStart: Uint32Array<ArrayBuffer>; fanout: Uint32Array<ArrayBuffer> } {
  const tagged = (index: number, tag: number) => index * (1 << TAG_BITS) + tag;
  const extra: number[][] = Array.from({ length: ir.gateCount }, () => []);
  for (let l = 0; l < ir.legalGate.length; l++) extra[ir.legalGate[l]!]!.push(tagged(bitOf(l), TAG_LEGAL));
  for (let b = 0; b < ir.baseNext.length; b++) extra[ir.baseNext[b]!]!.push(tagged(b, TAG_NEXT));
  for (const [d, g] of enablers.gate.entries()) extra[g]!.push(tagged(d, TAG_ARMED));
  const fanoutStart = new Uint32Array(ir.gateCount + 1);
  const fanout: number[] = [];
  for (let g = 0; g < ir.gateCount; g++) {
    fanoutStart[g] = fanout.length;
    for (let e = ir.fanoutStart[g]!; e < ir.fanoutStart[g + 1]!; e++) {
      const y = ir.fanout[e]!;
      if (goalOnly[y]) continue;
      const d = enablers.enablerOf[y]!;
      if (d >= 0) {
        if (enablers.gate[d] !== g) fanout.push(tagged(y, TAG_COUNT_ENABLED));
        continue;
      }
      fanout.push(tagged(y, ir.gateKind[y] === GateKind.Not ? TAG_COUNT_NEGATED : TAG_COUNT));
    }
    fanout.push(...extra[g]!);
  }
  fanoutStart[ir.gateCount] = fanout.length;
  return { fanoutStart, fanout: Uint32Array.from(fanout) };
}
