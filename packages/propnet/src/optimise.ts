// The optimisation pipeline: fold constants and single-input gates, merge identical gates, until nothing
// changes; then prune what no output depends on.

import { BuildClock } from './build-clock.js';
import type { PropnetGraph } from './build-graph.js';
import { GateKind } from './gate-kind.js';
import { complementInputs, factorShared } from './optimise-factor.js';
import { foldConstants } from './optimise-fold.js';
import { mergeIdentical } from './optimise-merge.js';
import { pruneAndCompact } from './optimise-prune.js';

export interface ComponentCounts {
  readonly gates: number;
  readonly and: number;
  readonly or: number;
  readonly not: number;
  readonly bases: number;
  readonly inputs: number;
  /** Total fan-in of all gates (wires). */
  readonly edges: number;
}

export function countComponents(graph: PropnetGraph): ComponentCounts {
  const counts = { gates: graph.kind.length, and: 0, or: 0, not: 0, bases: 0, inputs: 0, edges: 0 };
  graph.kind.forEach((k, g) => {
    counts.edges += graph.inputs[g]!.length;
    if (k === GateKind.And) counts.and++;
    else if (k === GateKind.Or) counts.or++;
    else if (k === GateKind.Not) counts.not++;
    else if (k === GateKind.Base) counts.bases++;
    else if (k === GateKind.Input) counts.inputs++;
  });
  return counts;
}

/** Runs the passes; `clock` is checked between them (BudgetExceededError when the build's time is up). */
export function optimise(graph: PropnetGraph, clock: BuildClock = new BuildClock()): PropnetGraph {
  let net = simplify(graph, clock);
  clock.check('factoring');
  if (factorShared(net)) net = simplify(net, clock);
  clock.check('input complement');
  if (complementInputs(net)) net = simplify(net, clock);
  return net;
}

function simplify(graph: PropnetGraph, clock: BuildClock): PropnetGraph {
  const alias = new Int32Array(graph.kind.length);
  for (let g = 0; g < alias.length; g++) alias[g] = g;
  for (let round = 0; round < 100; round++) {
    clock.check('constant folding');
    const folded = foldConstants(graph, alias);
    clock.check('merging identical gates');
    const merged = mergeIdentical(graph, alias);
    if (!folded && !merged) break;
  }
  clock.check('pruning');
  return pruneAndCompact(graph, alias);
}
