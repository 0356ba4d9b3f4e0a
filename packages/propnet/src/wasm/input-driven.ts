// An input-driven move phase. Of a game's many possible moves one per role is played, yet the straight-line
// move phase evaluates the gates of every move (amazons.kif: 6–11 ms per state, 800 gates reading 173,962
// inputs). Split it: a baseline evaluates the move phase with every input false (an AND over a `does` folds
// to false, an OR drops its inputs), then each set input's change is propagated through the fan-out in gate
// order (emit.ts, propagateInput): a gate is evaluated again only when a fan-in changed, and without reading
// its fan-in when the change decides it (an OR gaining a true input, an AND a false one). Propagating the set
// inputs one after another from a consistent state leaves every gate as a full evaluation would.
import { FALSE_GATE, GateKind, TRUE_GATE } from '../gate-kind.js';
import type { PropnetIR } from '../ir.js';

const DYNAMIC = 2;

/**
 * The IR whose move phase, evaluated as usual, computes the baseline: a move-phase gate constant when every
 * input is false becomes an OR of FALSE or TRUE (so the baseline also resets what the cones changed last
 * time), and an OR drops its inputs. Undefined when the move phase has a cyclic component (not handled).
 */
export function baselineIr(ir: PropnetIR): PropnetIR | undefined {
  for (let g = ir.phaseSplit; g < ir.gateCount; g++) if (ir.cycleOf[g]! >= 0) return undefined;
  const value = new Uint8Array(ir.gateCount).fill(DYNAMIC);
  value[FALSE_GATE] = 0;
  value[TRUE_GATE] = 1;
  const isInput = (x: number) => ir.gateKind[x] === GateKind.Input;
  for (const x of ir.inputGate) value[x] = 0;
  const kind = ir.gateKind.slice();
  const faninStart = new Uint32Array(ir.gateCount + 1);
  const fanin: number[] = [];
  for (let g = 0; g < ir.gateCount; g++) {
    faninStart[g] = fanin.length;
    const from = ir.faninStart[g]!;
    const to = ir.faninStart[g + 1]!;
    if (g < ir.phaseSplit) {
      for (let e = from; e < to; e++) fanin.push(ir.fanin[e]!);
      continue;
    }
    const k = ir.gateKind[g]!;
    const absorbing = k === GateKind.Or ? 1 : 0;
    let v = k === GateKind.Not ? DYNAMIC : 1 - absorbing;
    if (k === GateKind.Not) {
      const a = value[ir.fanin[from]!]!;
      v = a === DYNAMIC ? DYNAMIC : 1 - a;
    } else {
      for (let e = from; e < to; e++) {
        const a = value[ir.fanin[e]!]!;
        if (a === absorbing) {
          v = absorbing;
          break;
        }
        if (a === DYNAMIC) v = DYNAMIC;
      }
    }
    value[g] = v;
    if (v !== DYNAMIC) {
      kind[g] = GateKind.Or;
      fanin.push(v === 1 ? TRUE_GATE : FALSE_GATE);
    } else {
      for (let e = from; e < to; e++) if (!isInput(ir.fanin[e]!)) fanin.push(ir.fanin[e]!);
    }
  }
  faninStart[ir.gateCount] = fanin.length;
  return { ...ir, gateKind: kind, faninStart, fanin: Uint32Array.from(fanin) };
}
