// Enablers: an input that gates thousands of ANDs, as the side-to-move fluent gates every legal move of a
// side (speedchess: two control bases, 8,185 counter updates per state of which most reach ANDs that stay
// false). ggplib and galvanise avoid them by splitting the net per side to move (issue 26); this keeps one net
// and takes such an input out of its AND readers' counters instead. Each enabled AND counts its other inputs
// only ("armed" when they all hold) and sits in its enabler's armed set while armed, so a flip of the enabler
// visits the armed ANDs only — the ones whose value it changes.
import { GateKind } from '../gate-kind.js';
import type { PropnetIR } from '../ir.js';

/**
 * Fewest readers for an enabler. Below it an AND's counter update is as cheap as keeping the armed set; the
 * control bases of alternating games have thousands (speedchess 3,833 each side, checkers ~640).
 */
export const ENABLER_MIN_FANOUT = 64;

export interface Enablers {
  /** Per gate: its enabler's index (into gate/slotStart), or -1 when the gate counts all its inputs. */
  readonly enablerOf: Int32Array;
  /** Per enabler: its gate, and the first of its slots (its AND readers) in the armed-set array. */
  readonly gate: number[];
  readonly slotStart: number[];
  /** Per enabler, its enabled AND readers (the armed sets' capacity). */
  readonly readers: number[][];
}

/** Picks for each AND (not goal-only) the widest-read input that reads it once and has ENABLER_MIN_FANOUT readers. */
export function chooseEnablers(ir: PropnetIR, goalOnly: Uint8Array): Enablers {
  const enablerOf = new Int32Array(ir.gateCount).fill(-1);
  const indexOf = new Map<number, number>();
  const gate: number[] = [];
  const slotStart: number[] = [];
  const readers: number[][] = [];
  const fanout = (x: number) => ir.fanoutStart[x + 1]! - ir.fanoutStart[x]!;
  for (let y = ir.firstLogic; y < ir.gateCount; y++) {
    if (ir.gateKind[y] !== GateKind.And || goalOnly[y]) continue;
    let best = -1;
    for (let e = ir.faninStart[y]!; e < ir.faninStart[y + 1]!; e++) {
      const x = ir.fanin[e]!;
      if (x > 1 && fanout(x) >= ENABLER_MIN_FANOUT && (best < 0 || fanout(x) > fanout(best))) best = x;
    }
    if (best < 0 || occurrences(ir, y, best) !== 1) continue;
    let d = indexOf.get(best);
    if (d === undefined) {
      d = gate.length;
      indexOf.set(best, d);
      gate.push(best);
      readers.push([]);
    }
    enablerOf[y] = d;
    readers[d]!.push(y);
  }
  let slots = 0;
  for (const list of readers) {
    slotStart.push(slots);
    slots += list.length;
  }
  return { enablerOf, gate, slotStart, readers };
}

function occurrences(ir: PropnetIR, y: number, x: number): number {
  let n = 0;
  for (let e = ir.faninStart[y]!; e < ir.faninStart[y + 1]!; e++) if (ir.fanin[e] === x) n++;
  return n;
}
