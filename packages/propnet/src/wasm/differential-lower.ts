// Lowering for the differential (counter-per-gate) module: propnet IR → the tables and memory map that
// differential-emit.ts propagates over. As in ggplib's and Sancho's propnets (issue 26), every AND/OR/NOT gate
// keeps a counter, (true inputs − need), so that a rise crosses the gate's threshold exactly when it makes the
// counter 0 and a fall when it leaves 0; a gate that flips moves each reader's counter by one, so the cost of a
// state follows what changed, not the size of the net. Legal propositions and transitions are outputs of the
// flipping gates: they keep a per-role bit set of legal moves and the next state's bytes up to date.
//
// The module holds one net per combination of the split bases' values (control splitting, as galvanise/ggplib
// build one net per side to move; differential-split.ts picks the bases), each with the gates those values and
// the waiting side's moves decide folded away (fold.ts, shared with the native crate's reductions): a state is
// played on its combination's net, which catches up by flipping only the bases that changed since it last ran.
import { absorbedAnds, countedInputs } from '../absorb-ands.js';
import { type FixedBase, foldConstants, stateReadsMoves, stepAndGoalCones } from '../fold.js';
import { GateKind } from '../gate-kind.js';
import type { PropnetIR } from '../ir.js';
import { le32, STAT_GOALS } from './lower.js';

/**
 * Reader entries: a plain entry is a reader's counter offset (4 × its slot: slots are dense per net, so the
 * counters a step moves share cache lines); INVERT marks a NOT gate reading the flipping gate (a rise moves its
 * counter as a fall); SPECIAL entries are outputs, a legal bit, a next-state byte (NEXT_OUT) or the gate's own
 * value byte (VALUE_OUT: only gates whose value is read keep one). A gate's entries come in that order, plain,
 * inverted, special, so the hot loop tests one bound per entry (as the native crate's differential.rs).
 */
export const INVERT = 1 << 28;
export const SPECIAL = 2 ** 31;
export const NEXT_OUT = 1 << 30;
export const VALUE_OUT = 1 << 29;
export const PAYLOAD = INVERT - 1;
/** Ends every gate's entries, so the loops over a popped gate's runs test only the entry they read. */
export const END_OF_ENTRIES = 2 ** 32 - 1;
/** Shared AND gates with at most this many readers are absorbed into them (absorb-ands.ts). */
export const ABSORB_READERS = 32;

/** One net of the module: where its tables live in linear memory. */
export interface NetPlan {
  /** The bases fixed on this net (empty: the net for any state). */
  readonly fixed: readonly FixedBase[];
  /**
   * Gate values, one byte per gate id: kept for the sources and the gates whose value is read (the terminal, goal,
   * legal, sees and init gates and the goal-only gates' inputs); the others' bytes go stale.
   */
  readonly valuesOffset: number;
  /**
   * Per slot (i32, at 4 × the slot): its counter, and the byte offset of its first entry (the entries end with
   * END_OF_ENTRIES). A source's slot is its gate id, a propagated logic gate's the next free one past the sources.
   */
  readonly countersOffset: number;
  readonly startsOffset: number;
  readonly entriesOffset: number;
  readonly entryCount: number;
  /** The legal bit sets (32-bit words, role r from legalWordStart[r]) and the next state (a byte per base). */
  readonly legalOffset: number;
  readonly nextOffset: number;
  /** Per role, the input gate set on this net (i32; 0: none). */
  readonly keptOffset: number;
  /** Per role, the only move it has on this net when the fold decided it (its input gate: the noop), else 0. */
  readonly onlyMove: readonly number[];
  /**
   * Goal-only gates, evaluated only when goals are read: entries of three i32 (gate, end of its fan-in in the
   * goal fan-in table, inputs needed: n for AND, 1 for OR, -1 for NOT), in topological order.
   */
  readonly goalTableOffset: number;
  readonly goalEntries: number;
  readonly goalFaninOffset: number;
  /** Logic gates a step may flip on this net (neither folded nor only read by the goals). */
  readonly steppedGates: number;
  /** NOT gates folded into their input's entries (they never flip). */
  readonly foldedNots: number;
  /** AND gates absorbed into their readers (absorb-ands.ts: they never flip). */
  readonly absorbedAnds: number;
}

export interface DifferentialPlan {
  readonly gateCount: number;
  readonly baseCount: number;
  readonly roleCount: number;
  /** The split bases and, per combination of their values (bit i: base split[i]), its net (an index of nets). */
  readonly split: readonly number[];
  readonly netOfKey: Int32Array;
  readonly keyTableOffset: number;
  readonly nets: readonly NetPlan[];
  /** Whether a step's inputs stay set after it (no legal, goal or terminal gate reads an input). */
  readonly keepInputs: boolean;
  /**
   * What the exported loadState/advance/evalGoals leave for readers outside the module (the simulation adapter):
   * the terminal and goal gates' values at their gate's address from 0, and the legal bit sets at legalBitsOffset.
   */
  readonly legalBitsOffset: number;
  readonly legalWordStart: Uint32Array;
  /** Per legal bit (i32): the input gate that playing the move sets (0 for the padding bits of a role's last word). */
  readonly legalInputOffset: number;
  /** The state the playouts start from, and the staging copy of the next state (one byte per base each). */
  readonly stateOffset: number;
  readonly stagingOffset: number;
  readonly statsOffset: number;
  /** Per role, the input gate chosen for the current step (i32). */
  readonly chosenOffset: number;
  /** The propagation stack: i32 entries (4 × slot | value). */
  readonly stackOffset: number;
  /** A load's changed bases to propagate first (i32 stack entries), pushed after the others (risesFirst). */
  readonly laterOffset: number;
  /** Perft: per-role lists of legal input gates, then the state stack growing upward. */
  readonly perftLegalOffset: number;
  readonly perftStackOffset: number;
  readonly pages: number;
  /** Data written into linear memory once the module is instantiated: tables and each net's initial values. */
  readonly segments: readonly { readonly offset: number; readonly data: Uint8Array<ArrayBuffer> }[];
  /** Per role, goal propositions by decreasing value (the first that holds is the playout's goal). */
  readonly goals: readonly (readonly { gate: number; value: number }[])[];
  readonly terminalGate: number;
}

/** Whether the differential module can run `ir`: counters cannot delete atoms that support each other in a cycle. */
export function supportsDifferential(ir: PropnetIR): boolean {
  return ir.cycleRange.length === 0;
}

/**
 * The plan of a module with one net per combination in `keys` of the `split` bases' values (bit i: the value of
 * split[i]), and a net for any other state when the keys do not cover every combination; one net without a split.
 * Shared ANDs with at most `absorbReaders` readers are absorbed into them (0: none). With `stepGoals` the goal
 * gates are followed at every step and evalGoals has nothing left to do (fold.ts, stepAndGoalCones).
 */
export function lowerDifferential(
  ir: PropnetIR,
  split: readonly number[] = [],
  keys: readonly number[] = [],
  absorbReaders = ABSORB_READERS,
  stepGoals = false,
): DifferentialPlan {
  if (!supportsDifferential(ir)) throw new Error('internal: the differential module needs an acyclic net');
  const { gateCount, roleCount } = ir;
  const baseCount = ir.baseGate.length;
  if (4 * gateCount >= INVERT)
    throw new Error(`internal: a differential net holds fewer than ${INVERT / 4} gates`);
  for (let b = 0; b < baseCount; b++) {
    // loadState compares a state's bytes with the base gates' values eight at a time.
    if (ir.baseGate[b] !== 2 + b) throw new Error('internal: bases must be gates 2..2+B');
  }
  const align = (x: number) => (x + 7) & ~7;
  const legalWordStart = new Uint32Array(roleCount + 1);
  for (let r = 0; r < roleCount; r++) {
    const moves = ir.legalStart[r + 1]! - ir.legalStart[r]!;
    legalWordStart[r + 1] = legalWordStart[r]! + Math.ceil(moves / 32);
  }
  const legalWords = legalWordStart[roleCount]!;
  const bitOf = (l: number) => {
    let r = 0;
    while (l >= ir.legalStart[r + 1]!) r++;
    return legalWordStart[r]! * 32 + (l - ir.legalStart[r]!);
  };
  const legalInput = new Uint32Array(legalWords * 32);
  for (let l = 0; l < ir.legalGate.length; l++) legalInput[bitOf(l)] = ir.inputGate[ir.legalInput[l]!]!;

  const netOfKey = new Int32Array(1 << split.length).fill(keys.length);
  const fixedSets: FixedBase[][] = keys.map((k, n) => {
    netOfKey[k] = n;
    return split.map((b, i) => [b, ((k >>> i) & 1) === 1] as const);
  });
  if (keys.length < netOfKey.length) fixedSets.push([]);

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
  const mirror = reserve(gateCount);
  const keepInputs = !stateReadsMoves(ir);
  const nets: NetPlan[] = [];
  let maxEntries = 0;
  for (const fixed of fixedSets) {
    const net = lowerNet(ir, fixed, bitOf, legalWords, absorbReaders, stepGoals);
    maxEntries = Math.max(maxEntries, net.entries.length);
    nets.push({
      fixed,
      valuesOffset: place(net.values),
      countersOffset: place(le32(net.counters)),
      startsOffset: place(le32(net.starts)),
      entriesOffset: place(le32(net.entries)),
      entryCount: net.entries.length,
      legalOffset: place(le32(net.legal)),
      nextOffset: place(net.next),
      keptOffset: place(le32(net.kept)),
      onlyMove: Array.from(net.kept),
      goalTableOffset: place(le32(net.goalTable)),
      goalEntries: net.goalTable.length / 3,
      goalFaninOffset: place(le32(net.goalFanin)),
      steppedGates: net.steppedGates,
      foldedNots: net.foldedNots,
      absorbedAnds: net.absorbedAnds,
    });
  }
  const keyTableOffset = place(le32(netOfKey));
  const legalBitsOffset = place(le32(new Uint32Array(legalWords)));
  const legalInputOffset = place(le32(legalInput));
  const stateOffset = reserve(baseCount + 8);
  const stagingOffset = reserve(baseCount + 8);
  const statsOffset = reserve(4 * (STAT_GOALS + roleCount));
  const chosenOffset = reserve(4 * roleCount);
  const stackOffset = reserve(4 * (maxEntries + gateCount + 2 * roleCount + 8));
  const laterOffset = reserve(4 * baseCount);
  const perftLegalOffset = reserve(4 * legalWords * 32);
  const perftStackOffset = at;
  const goals = Array.from({ length: roleCount }, (_, r) => {
    const out = [];
    for (let k = ir.goalStart[r]!; k < ir.goalStart[r + 1]!; k++)
      out.push({ gate: ir.goalGate[k]!, value: ir.goalValue[k]! });
    return out.sort((a, b) => b.value - a.value);
  });
  if (mirror !== 0) throw new Error('internal: the mirrored gate values must start at address 0');
  return {
    gateCount,
    baseCount,
    roleCount,
    split,
    netOfKey,
    keyTableOffset,
    nets,
    keepInputs,
    legalBitsOffset,
    legalWordStart,
    legalInputOffset,
    stateOffset,
    stagingOffset,
    statsOffset,
    chosenOffset,
    stackOffset,
    laterOffset,
    perftLegalOffset,
    perftStackOffset,
    pages: Math.max(1, Math.ceil((perftStackOffset + 2 * baseCount + 16) / 65536)),
    segments,
    goals,
    terminalGate: ir.terminalGate,
  };
}

interface NetTables {
  values: Uint8Array<ArrayBuffer>;
  counters: Int32Array;
  starts: Uint32Array;
  entries: Uint32Array;
  legal: Uint32Array;
  next: Uint8Array<ArrayBuffer>;
  kept: Uint32Array;
  goalTable: number[];
  goalFanin: number[];
  steppedGates: number;
  foldedNots: number;
  absorbedAnds: number;
}

/**
 * The tables of the net for states with the `fixed` base values, starting from the state with every other base
 * false: gates folded to constants have no entries and no reader of theirs is counted; a role's input folded to
 * true (the waiting side's noop) is set from the start and never changes. An absorbed AND has no slot: its
 * inputs' entries reach its readers, whose counters count those inputs instead of it.
 */
function lowerNet(
  ir: PropnetIR,
  fixed: readonly FixedBase[],
  bitOf: (l: number) => number,
  legalWords: number,
  absorbReaders: number,
  stepGoals: boolean,
): NetTables {
  const n = ir.gateCount;
  const constant = foldConstants(ir, fixed);
  const { stepped, goalOnly } = stepAndGoalCones(ir, constant, stepGoals);
  const values = new Uint8Array(n);
  for (let g = 0; g < ir.firstLogic; g++) values[g] = constant[g] === 1 ? 1 : 0;
  for (let g = ir.firstLogic; g < n; g++) {
    const from = ir.faninStart[g]!;
    const to = ir.faninStart[g + 1]!;
    let held = 0;
    for (let e = from; e < to; e++) held += values[ir.fanin[e]!]!;
    const kind = ir.gateKind[g]!;
    values[g] = (kind === GateKind.Not ? held === 0 : kind === GateKind.And ? held === to - from : held > 0)
      ? 1
      : 0;
  }
  const read = valueRead(ir, goalOnly);
  const folded = foldedNots(ir, stepped, read, constant);
  const outputs = read.slice();
  for (const g of ir.baseNext) outputs[g] = 1;
  const absorbed = absorbedAnds(ir, stepped, constant, outputs, absorbReaders);
  const { need, held } = countedInputs(ir, absorbed, values);
  const counter = new Int32Array(n);
  for (let g = ir.firstLogic; g < n; g++) {
    const kind = ir.gateKind[g]!;
    counter[g] =
      kind === GateKind.Not ? -held[g]! : kind === GateKind.And ? held[g]! - need[g]! : held[g]! - 1;
  }
  // A gate gets a slot when it can flip: every source, and the logic gates neither folded, absorbed nor left to
  // the goals.
  const slot = new Int32Array(n).fill(-1);
  let slots = ir.firstLogic;
  for (let g = 0; g < n; g++) {
    if (g < ir.firstLogic) slot[g] = g;
    else if (constant[g]! < 0 && stepped[g] && !folded[g] && !absorbed[g]) slot[g] = slots++;
  }
  const special: number[][] = Array.from({ length: n }, () => []);
  for (let l = 0; l < ir.legalGate.length; l++) special[ir.legalGate[l]!]!.push(SPECIAL + bitOf(l));
  for (let b = 0; b < ir.baseNext.length; b++) special[ir.baseNext[b]!]!.push(SPECIAL + NEXT_OUT + b);
  for (let g = ir.firstLogic; g < n; g++)
    if (read[g] && slot[g] >= 0) special[g]!.push(SPECIAL + VALUE_OUT + g);
  const runs: [number[], number[], number[]] = [[], [], []];
  /**
   * Appends gate g's entries to the three runs, each folded NOT reader replaced by its own entries inverted, each
   * absorbed AND reader by its own entries (an absorbed AND has no special entries: its value is not an output).
   */
  const collect = (g: number, invert: number) => {
    for (let e = ir.fanoutStart[g]!; e < ir.fanoutStart[g + 1]!; e++) {
      const y = ir.fanout[e]!;
      if (!stepped[y]) continue;
      if (folded[y]) collect(y, invert ^ 1);
      else if (absorbed[y]) collect(y, invert);
      else if ((ir.gateKind[y] === GateKind.Not ? 1 : 0) ^ invert) runs[1].push(4 * slot[y]! + INVERT);
      else runs[0].push(4 * slot[y]!);
    }
    for (const out of special[g]!) runs[2].push(invert ? out + INVERT : out);
  };
  const counters = new Int32Array(slots);
  const starts = new Uint32Array(slots);
  const entries: number[] = [];
  let steppedGates = 0;
  for (let g = 0; g < n; g++) {
    const s = slot[g]!;
    if (s < 0) continue;
    counters[s] = counter[g]!;
    starts[s] = 4 * entries.length;
    // A constant source never flips.
    if (constant[g]! < 0) {
      if (g >= ir.firstLogic) steppedGates++;
      collect(g, 0);
      for (const run of runs) {
        for (const x of run) entries.push(x);
        run.length = 0;
      }
    }
    entries.push(END_OF_ENTRIES);
  }
  const legal = new Uint32Array(legalWords);
  for (let l = 0; l < ir.legalGate.length; l++) {
    const bit = bitOf(l);
    if (values[ir.legalGate[l]!]) legal[bit >>> 5]! |= 1 << (bit & 31);
  }
  const next = new Uint8Array((ir.baseGate.length + 7) & ~7);
  for (let b = 0; b < ir.baseGate.length; b++) next[b] = values[ir.baseNext[b]!]!;
  const kept = new Uint32Array(ir.roleCount);
  for (let i = 0; i < ir.inputGate.length; i++) {
    if (constant[ir.inputGate[i]!] === 1) kept[ir.inputRole[i]!] = ir.inputGate[i]!;
  }
  const goalTable: number[] = [];
  const goalFanin: number[] = [];
  for (let g = ir.firstLogic; g < n; g++) {
    if (!goalOnly[g]) continue;
    for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) goalFanin.push(ir.fanin[e]!);
    const kind = ir.gateKind[g]!;
    const inputs = ir.faninStart[g + 1]! - ir.faninStart[g]!;
    goalTable.push(g, goalFanin.length, kind === GateKind.Not ? -1 : kind === GateKind.And ? inputs : 1);
  }
  return {
    values,
    counters,
    starts,
    entries: Uint32Array.from(entries),
    legal,
    next,
    kept,
    goalTable,
    goalFanin,
    steppedGates,
    foldedNots: folded.reduce((a, b) => a + b, 0),
    absorbedAnds: absorbed.reduce((a, b) => a + b, 0),
  };
}

/**
 * The gates whose value byte is read: by the runtime (the terminal, goal, legal, sees and init gates) or by the
 * goal evaluation (the goal-only gates' inputs).
 */
function valueRead(ir: PropnetIR, goalOnly: Uint8Array): Uint8Array {
  const read = new Uint8Array(ir.gateCount);
  read[ir.terminalGate] = 1;
  for (const list of [ir.goalGate, ir.legalGate, ir.seesGate, ir.initGate]) for (const g of list) read[g] = 1;
  for (let g = ir.firstLogic; g < ir.gateCount; g++) {
    if (!goalOnly[g]) continue;
    for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) read[ir.fanin[e]!] = 1;
  }
  return read;
}

/**
 * The NOT gates folded into their input's entries (ggplib's inverted components): a rise of the input moves the
 * NOT's readers as a fall, and the NOT never flips, so its value goes stale. Only NOTs whose value nothing reads
 * (valueRead).
 */
function foldedNots(ir: PropnetIR, stepped: Uint8Array, read: Uint8Array, constant: Int8Array): Uint8Array {
  const folded = new Uint8Array(ir.gateCount);
  for (let g = ir.firstLogic; g < ir.gateCount; g++) {
    if (ir.gateKind[g] === GateKind.Not && stepped[g] && !read[g] && constant[g]! < 0) folded[g] = 1;
  }
  return folded;
}
