// Net reductions on the IR for executors that specialise it (the WASM differential module; the native crate's
// fold.rs does the same on its side of the IR): constants folded from fixed base values — control splitting,
// one net per side to move as galvanise/ggplib build them (issue 26) — and the backward cones that tell which
// gates a step needs and which only the goals read (evaluated at terminal states only).
import { GateKind } from './gate-kind.js';
import type { PropnetIR } from './ir.js';

/** A base (index) and the value it has in every state a specialised net runs. */
export type FixedBase = readonly [base: number, value: boolean];

/**
 * Whether a legal, goal or terminal gate depends on an input. Then a step's inputs cannot stay set after it
 * and moves cannot be folded from the legal gates (`foldConstants`).
 */
export function stateReadsMoves(ir: PropnetIR): boolean {
  const reads = (g: number) => g >= ir.phaseSplit;
  return ir.legalGate.some(reads) || ir.goalGate.some(reads) || reads(ir.terminalGate);
}

/**
 * Per gate, its value (0 or 1) when the `fixed` bases have their values, or -1 when it varies; gates in cyclic
 * components stay variable. Moves are folded too, as ggplib folds them when it splits on the side to move: only
 * legal moves are played, so an input whose legal entries all fold to false is false on this net (the waiting
 * side's move logic goes), and a role left one legal entry, folded to true, always plays it (the waiting side's
 * noop). Not done when a legal gate reads an input (`stateReadsMoves`).
 */
export function foldConstants(ir: PropnetIR, fixed: readonly FixedBase[]): Int8Array {
  const constant = new Int8Array(ir.gateCount).fill(-1);
  constant[0] = 0;
  constant[1] = 1;
  for (const [b, v] of fixed) constant[ir.baseGate[b]!] = v ? 1 : 0;
  foldLogic(ir, constant);
  if (stateReadsMoves(ir)) return constant;
  const moves = foldedMoves(ir, constant);
  if (moves.length === 0) return constant;
  for (const [g, v] of moves) constant[g] = v;
  foldLogic(ir, constant);
  return constant;
}

/** Folds the logic gates, in gate order, from the constants of the source gates in `constant`. */
function foldLogic(ir: PropnetIR, constant: Int8Array): void {
  for (let g = ir.firstLogic; g < ir.gateCount; g++) {
    if (ir.cycleOf[g]! >= 0) {
      constant[g] = -1;
      continue;
    }
    const from = ir.faninStart[g]!;
    const to = ir.faninStart[g + 1]!;
    let known = 0;
    let ones = 0;
    for (let e = from; e < to; e++) {
      const c = constant[ir.fanin[e]!]!;
      if (c >= 0) known++;
      if (c === 1) ones++;
    }
    const kind = ir.gateKind[g]!;
    const all = to - from;
    if (kind === GateKind.And) constant[g] = known > ones ? 0 : known === all ? 1 : -1;
    else if (kind === GateKind.Or) constant[g] = ones > 0 ? 1 : known === all ? 0 : -1;
    else constant[g] = known === 1 ? 1 - ones : -1;
  }
}

/** The input gates the folded legal gates decide (see `foldConstants`), with their values. */
function foldedMoves(ir: PropnetIR, constant: Int8Array): [number, number][] {
  const playable = new Uint8Array(ir.inputGate.length);
  const moves: [number, number][] = [];
  for (let r = 0; r < ir.roleCount; r++) {
    let open = 0;
    let only = -1;
    for (let l = ir.legalStart[r]!; l < ir.legalStart[r + 1]!; l++) {
      if (constant[ir.legalGate[l]!] === 0) continue;
      playable[ir.legalInput[l]!] = 1;
      open++;
      only = l;
    }
    if (open === 1 && constant[ir.legalGate[only]!] === 1)
      moves.push([ir.inputGate[ir.legalInput[only]!]!, 1]);
  }
  for (let i = 0; i < ir.inputGate.length; i++) if (!playable[i]) moves.push([ir.inputGate[i]!, 0]);
  return moves;
}

/**
 * Which gates a step needs — those the legal, next, terminal, sees and init gates depend on, and the goal gates'
 * too with `stepGoals` — and which only the goals need (none with `stepGoals`), given the gates `constant` folds
 * (neither includes a folded gate). Stepping the goals pays where playouts are a few states long, so that the goal
 * cone evaluated from scratch at each end outweighs following it at every step (tron_10x10).
 */
export function stepAndGoalCones(
  ir: PropnetIR,
  constant: Int8Array,
  stepGoals = false,
): { stepped: Uint8Array; goalOnly: Uint8Array } {
  const taken = new Uint8Array(ir.gateCount);
  for (let g = 0; g < ir.gateCount; g++) if (constant[g]! >= 0) taken[g] = 1;
  const roots = [...ir.legalGate, ...ir.baseNext, ...ir.seesGate, ...ir.initGate, ir.terminalGate];
  if (stepGoals) roots.push(...ir.goalGate);
  const stepped = backwardClosure(ir, roots, taken);
  for (let g = 0; g < ir.gateCount; g++) taken[g] ||= stepped[g]!;
  const goalOnly = backwardClosure(ir, ir.goalGate, taken);
  return { stepped, goalOnly };
}

/** The gates `roots` depend on (themselves included), except those in `taken`. */
function backwardClosure(ir: PropnetIR, roots: ArrayLike<number>, taken: Uint8Array): Uint8Array {
  const mark = new Uint8Array(ir.gateCount);
  const stack = Array.from(roots);
  while (stack.length > 0) {
    const g = stack.pop()!;
    if (mark[g] || taken[g]) continue;
    mark[g] = 1;
    for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) stack.push(ir.fanin[e]!);
  }
  return mark;
}
