// Merging of structurally identical gates (same kind, same inputs): hash-consing over the alias map.
import type { PropnetGraph } from './build-graph.js';
import { GateKind } from './gate-kind.js';
import { resolve } from './optimise-fold.js';

/** One merging sweep; returns whether anything changed. */
export function mergeIdentical(graph: PropnetGraph, alias: Int32Array): boolean {
  const { kind, inputs } = graph;
  // Gates by a hash of (kind, sorted inputs); gates whose hashes are equal are chained through sameHash.
  const firstByHash = new Map<number, number>();
  const sameHash = new Int32Array(kind.length);
  let changed = false;
  for (let g = 2; g < kind.length; g++) {
    if (alias[g] !== g) continue;
    const k = kind[g]!;
    if (k !== GateKind.And && k !== GateKind.Or && k !== GateKind.Not) continue;
    // In place: a fresh array per gate and sweep was a third of amazonstorus's build in garbage collection.
    const ins = inputs[g]!;
    for (let e = 0; e < ins.length; e++) ins[e] = resolve(alias, ins[e]!);
    ins.sort((a, b) => a - b);
    let hash: number = k;
    for (const i of ins) {
      hash = Math.imul((hash + i + 0x7f4a7c15) | 0, 0x85ebca6b);
      hash ^= hash >>> 13;
    }
    // 30 bits: small-integer map keys stay unboxed.
    hash &= 0x3fffffff;
    const first = firstByHash.get(hash);
    let same = -1;
    for (let h = first ?? -1; h >= 0 && same < 0; h = sameHash[h]!) {
      if (kind[h] === k && sameInputs(inputs[h]!, ins)) same = h;
    }
    if (same >= 0) {
      alias[g] = same;
      changed = true;
      continue;
    }
    sameHash[g] = first ?? -1;
    firstByHash.set(hash, g);
  }
  return changed;
}

function sameInputs(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
