// The propnet IR: the contract between the builder and the three executors (TypeScript engine, WebAssembly
// module, Rust core). Plain typed arrays only; the layout is specified in IR.md.
import type { ComponentCounts } from './optimise.js';

export const IR_VERSION = 1;

export interface PropnetIR {
  readonly version: typeof IR_VERSION;
  readonly gateCount: number;
  /** GateKind per gate. Gate 0 is FALSE, gate 1 TRUE; sources (constants, bases, inputs) precede logic gates. */
  readonly gateKind: Uint8Array;
  /** First logic gate (AND/OR/NOT); gates [0, firstLogic) are sources. */
  readonly firstLogic: number;
  /** First gate that depends on an input: logic gates [firstLogic, phaseSplit) depend on the state only. */
  readonly phaseSplit: number;
  /** Inputs of gate g: fanin[faninStart[g] .. faninStart[g+1]). */
  readonly faninStart: Uint32Array;
  readonly fanin: Uint32Array;
  /** Gates reading gate g: fanout[fanoutStart[g] .. fanoutStart[g+1]). */
  readonly fanoutStart: Uint32Array;
  readonly fanout: Uint32Array;
  /** Cyclic component (of positive views) of each gate, -1 if the gate is on no cycle. */
  readonly cycleOf: Int32Array;
  /** Component c spans gates [cycleRange[2c], cycleRange[2c+1]). */
  readonly cycleRange: Uint32Array;
  readonly roleCount: number;
  readonly roleTerm: Int32Array;
  /** Base proposition b: its gate, its fluent term id, the gate whose value is its next value. */
  readonly baseGate: Uint32Array;
  readonly baseTerm: Int32Array;
  readonly baseNext: Uint32Array;
  /** Input i: its gate, role index and move term id. */
  readonly inputGate: Uint32Array;
  readonly inputRole: Uint32Array;
  readonly inputTerm: Int32Array;
  /** Legal moves of role r: entries [legalStart[r], legalStart[r+1]), in canonical move order. */
  readonly legalStart: Uint32Array;
  readonly legalGate: Uint32Array;
  readonly legalTerm: Int32Array;
  /** The input index that `does` of this legal move sets. */
  readonly legalInput: Uint32Array;
  /** Goal propositions of role r: entries [goalStart[r], goalStart[r+1]). */
  readonly goalStart: Uint32Array;
  readonly goalGate: Uint32Array;
  readonly goalValue: Int32Array;
  readonly terminalGate: number;
  /** init(f): with no base set and no input, initBase[k] is set in the initial state when initGate[k] holds. */
  readonly initGate: Uint32Array;
  readonly initBase: Uint32Array;
  /** Percepts of role r: entries [seesStart[r], seesStart[r+1]); they depend on the joint move. */
  readonly seesStart: Uint32Array;
  readonly seesGate: Uint32Array;
  readonly seesTerm: Int32Array;
}

/** Build report: timings and component counts. */
export interface PropnetBuildStats {
  readonly groundMs: number;
  readonly buildMs: number;
  readonly optimiseMs: number;
  readonly freezeMs: number;
  readonly groundAtoms: number;
  readonly groundRules: number;
  readonly before: ComponentCounts;
  readonly after: ComponentCounts;
  /** Bytes of all typed arrays of the IR. */
  readonly irBytes: number;
}

/** Bytes held by the IR's typed arrays. */
export function irByteSize(ir: PropnetIR): number {
  let bytes = 0;
  for (const value of Object.values(ir)) if (ArrayBuffer.isView(value)) bytes += value.byteLength;
  return bytes;
}
