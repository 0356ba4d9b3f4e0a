// Constant folding and elimination of single-input gates. Grounding already evaluated the static relations;
// this pass propagates the resulting constants through AND/OR/NOT and collapses trivial gates. It works on an
// alias map (gate → the gate that replaces it) that later passes resolve.
import type { PropnetGraph } from './build-graph.js';
import { FALSE_GATE, GateKind, TRUE_GATE } from './gate-kind.js';

export function resolve(alias: Int32Array, g: number): number {
  let r = g;
  while (alias[r] !== r) r = alias[r]!;
  while (alias[g] !== r) {
    const next = alias[g]!;
    alias[g] = r;
    g = next;
  }
  return r;
}

/** One folding sweep; returns whether anything changed. */
export function foldConstants(graph: PropnetGraph, alias: Int32Array): boolean {
  const { kind, inputs } = graph;
  let changed = false;
  const seenBy = new Int32Array(kind.length);
  for (let g = 2; g < kind.length; g++) {
    if (alias[g] !== g) continue;
    const k = kind[g]!;
    if (k === GateKind.Not) {
      const i = resolve(alias, inputs[g]![0]!);
      inputs[g]![0] = i;
      if (i === FALSE_GATE) alias[g] = TRUE_GATE;
      else if (i === TRUE_GATE) alias[g] = FALSE_GATE;
      else if (kind[i] === GateKind.Not) alias[g] = resolve(alias, inputs[i]![0]!);
      if (alias[g] !== g) changed = true;
      continue;
    }
    if (k !== GateKind.And && k !== GateKind.Or) continue;
    const isAnd = k === GateKind.And;
    const absorbing = isAnd ? FALSE_GATE : TRUE_GATE;
    const identity = isAnd ? TRUE_GATE : FALSE_GATE;
    // The remaining inputs are compacted in place (no array per gate and sweep).
    const ins = inputs[g]!;
    const before = ins.length;
    let kept = 0;
    let absorbed = false;
    for (let e = 0; e < before; e++) {
      const i = resolve(alias, ins[e]!);
      if (i === absorbing) absorbed = true;
      // In the least fixpoint a gate never supports itself: OR ignores a self-loop, AND through one is false.
      else if (i === g) {
        if (isAnd) absorbed = true;
      } else if (i !== identity && seenBy[i] !== g) {
        seenBy[i] = g;
        ins[kept++] = i;
      }
    }
    ins.length = kept;
    if (absorbed) alias[g] = absorbing;
    else if (kept === 0) alias[g] = identity;
    else if (kept === 1) alias[g] = ins[0]!;
    if (alias[g] !== g || kept !== before) changed = true;
  }
  return changed;
}
