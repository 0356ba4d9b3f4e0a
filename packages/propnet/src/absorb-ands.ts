// Shared AND gates absorbed into the AND gates that read them, for the counter-per-gate (differential)
// executors (issue 26; the native crate's and_flatten.rs does the same on its side of the IR). The grounder
// shares prefixes such as speedchess's "the squares along this ray are empty" (2-input ANDs in a chain, each
// prefix read by several legal and next gates), so a square's change flips the chain after it. Absorbed, such
// a gate gives its readers its inputs: they count those directly, and only the readers that cross flip, as in
// ggplib's nets, which come without the sharing. More counter moves, fewer flips.
import { GateKind } from './gate-kind.js';
import type { PropnetIR } from './ir.js';

/**
 * Inputs an absorbed AND may hand on, its own absorbed inputs' included (as and_flatten.rs's MAX_INPUTS): a
 * deeply shared subtree is not copied into its readers without end (its entries would grow with every path).
 */
export const MAX_HANDED_INPUTS = 64;

/**
 * The AND gates absorbed into their readers: each is stepped, not folded to a constant, acyclic, its value not
 * needed (`kept`: read by the runtime or the goals, or an output of the net), hands on at most
 * MAX_HANDED_INPUTS inputs and has at most `maxReaders` stepped readers, all of them acyclic AND gates. Gates
 * outside the step (`stepped` 0) are not readers. In gate order: an acyclic gate's inputs have lower ids (the
 * levelled IR), so whether they are absorbed, and how many inputs they hand on, is known when it is reached.
 */
export function absorbedAnds(
  ir: PropnetIR,
  stepped: Uint8Array,
  constant: Int8Array,
  kept: Uint8Array,
  maxReaders: number,
): Uint8Array {
  const absorbed = new Uint8Array(ir.gateCount);
  if (maxReaders <= 0) return absorbed;
  const acyclicAnd = (g: number) => ir.gateKind[g] === GateKind.And && ir.cycleOf[g]! < 0;
  const handed = new Int32Array(ir.gateCount);
  for (let g = ir.firstLogic; g < ir.gateCount; g++) {
    if (!acyclicAnd(g)) continue;
    for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) {
      const x = ir.fanin[e]!;
      handed[g]! += absorbed[x] ? handed[x]! : 1;
    }
    if (!stepped[g] || constant[g]! >= 0 || kept[g] || handed[g]! > MAX_HANDED_INPUTS) continue;
    let readers = 0;
    let onlyAnds = true;
    for (let e = ir.fanoutStart[g]!; e < ir.fanoutStart[g + 1]! && onlyAnds; e++) {
      const f = ir.fanout[e]!;
      if (!stepped[f]) continue;
      readers++;
      onlyAnds = acyclicAnd(f);
    }
    if (onlyAnds && readers > 0 && readers <= maxReaders) absorbed[g] = 1;
  }
  return absorbed;
}

/**
 * Per gate, how many inputs its counter counts and how many of them hold under `values`, an absorbed input
 * standing for its own inputs (each occurrence counted). Needs every input's id below its reader's, as the
 * levelled IR numbers the acyclic gates.
 */
export function countedInputs(
  ir: PropnetIR,
  absorbed: Uint8Array,
  values: Uint8Array,
): { need: Int32Array; held: Int32Array } {
  const need = new Int32Array(ir.gateCount);
  const held = new Int32Array(ir.gateCount);
  for (let g = ir.firstLogic; g < ir.gateCount; g++) {
    const and = ir.gateKind[g] === GateKind.And;
    for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) {
      const x = ir.fanin[e]!;
      if (and && absorbed[x]) {
        if (x >= g) throw new Error(`internal: absorbed gate ${x} is not below its reader ${g}`);
        need[g]! += need[x]!;
        held[g]! += held[x]!;
      } else {
        need[g]!++;
        held[g]! += values[x]!;
      }
    }
  }
  return { need, held };
}
