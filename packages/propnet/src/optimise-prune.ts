// Removal of propositions that cannot affect legal, goal, terminal, next, init or sees, and compaction of the
// surviving gates to dense ids. Base and input propositions are always kept: they are the state and the move.
import type { PropnetGraph } from './build-graph.js';
import { GateKind } from './gate-kind.js';
import { resolve } from './optimise-fold.js';

export function pruneAndCompact(graph: PropnetGraph, alias: Int32Array): PropnetGraph {
  const n = graph.kind.length;
  const r = (g: number) => resolve(alias, g);
  const live = new Uint8Array(n);
  const stack: number[] = [0, 1];
  const mark = (g: number) => {
    const x = r(g);
    if (!live[x]) {
      live[x] = 1;
      stack.push(x);
    }
  };
  for (const b of graph.bases) {
    mark(b.gate);
    mark(b.next);
  }
  for (const i of graph.inputsOf) mark(i.gate);
  for (const l of graph.legal) mark(l.gate);
  for (const g of graph.goals) mark(g.gate);
  for (const i of graph.init) mark(i.gate);
  for (const s of graph.sees) mark(s.gate);
  mark(graph.terminal);
  live[0] = live[1] = 1;
  while (stack.length > 0) {
    const g = stack.pop()!;
    for (const i of graph.inputs[g]!) mark(i);
  }
  const newId = new Int32Array(n).fill(-1);
  const kind: number[] = [];
  for (let g = 0; g < n; g++) {
    if (live[g] && alias[g] === g) {
      newId[g] = kind.length;
      kind.push(graph.kind[g]!);
    }
  }
  const id = (g: number) => newId[r(g)]!;
  const inputs: number[][] = [];
  for (let g = 0; g < n; g++) {
    if (newId[g] >= 0) inputs.push(graph.kind[g] === GateKind.Base ? [] : graph.inputs[g]!.map(id));
  }
  return {
    game: graph.game,
    kind,
    inputs,
    bases: graph.bases.map((b) => ({ term: b.term, gate: id(b.gate), next: id(b.next) })),
    inputsOf: graph.inputsOf.map((i) => ({ ...i, gate: id(i.gate) })),
    legal: graph.legal.map((l) => ({ ...l, gate: id(l.gate) })),
    goals: graph.goals.map((g) => ({ ...g, gate: id(g.gate) })),
    terminal: id(graph.terminal),
    init: graph.init.map((i) => ({ ...i, gate: id(i.gate) })),
    sees: graph.sees.map((s) => ({ ...s, gate: id(s.gate) })),
  };
}
