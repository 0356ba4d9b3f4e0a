import { DiagnosticCodes } from './codes.js';
import type { DependencyGraph } from './dependency-graph.js';
import type { Reporter } from './reporter.js';

/**
 * Stratified negation: no relation may depend on itself through `not`, i.e. no negative edge inside a
 * strongly connected component of the predicate dependency graph. A predicate-level cycle may vanish after
 * grounding (e.g. `goal(R,0)` defined by `not goal(R,100)`), so it is a lenient deviation; the core re-checks
 * at the ground level.
 */
export function checkStratification(graph: DependencyGraph, reporter: Reporter): void {
  for (const [from, edges] of graph.edges) {
    for (const edge of edges) {
      if (!edge.negative || !graph.sameComponent(from, edge.to)) continue;
      const cycle = [from, ...graph.pathWithinComponent(edge.to, from)].join(' -> ');
      reporter.report(
        DiagnosticCodes.negativeCycle,
        `recursion through negation: ${cycle} where ${from} depends on not ${edge.to}; ` +
          'rewrite the rules so that no relation depends on its own negation',
        edge.atom.span,
      );
    }
  }
}
