// Merging of structurally identical gates (same kind, same inputs): hash-consing over the alias map.
import type { PropnetGraph } from './build-graph.js';
import { GateKind } from './gate-kind.js';
import { resolve } from './optimise-fold.js';

/** One merging sweep; returns whether anything changed. */
export function mergeIdentical(graph: PropnetGraph, alias: Int32Array): boolean {
  const { kind, inputs } = graph;
  const seen = new Map<string, number>();
  let changed = false;
  for (let g = 2; g < kind.length; g++) {
    if (alias[g] !== g) continue;
    const k = kind[g]!;
    if (k !== GateKind.And && k !== GateKind.Or && k !== GateKind.Not) continue;
    const ins = inputs[g]!.map((i) => resolve(alias, i)).sort((a, b) => a - b);
    inputs[g] = ins;
    const key = `${k}:${ins.join(',')}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, g);
    else {
      alias[g] = first;
      changed = true;
    }
  }
  return changed;
}
