// Freezes an optimised network into the IR: gates renumbered so every gate comes after its inputs (cyclic
// components of positive views kept contiguous), state-only gates before move-dependent ones, and
// everything stored as flat typed arrays.
import { sortCanonical } from '@gdlkit/core';
import { GroundNegativeCycleError, stronglyConnected } from '@gdlkit/ground';
import type { PropnetGraph } from './build-graph.js';
import { GateKind } from './gate-kind.js';
import { IR_VERSION, type PropnetIR } from './ir.js';

export function freeze(graph: PropnetGraph): PropnetIR {
  const { game, kind, inputs } = graph;
  const n = kind.length;
  const start = new Uint32Array(n + 1);
  for (let g = 0; g < n; g++) start[g + 1] = start[g]! + inputs[g]!.length;
  const target = new Uint32Array(start[n]!);
  for (let g = 0; g < n; g++) target.set(inputs[g]!, start[g]!);
  const { components } = stronglyConnected(n, start, target);

  const phase = new Uint8Array(n);
  for (const component of components) {
    let p = 0;
    for (const g of component) {
      if (kind[g] === GateKind.Input) p = 1;
      for (const i of inputs[g]!) if (phase[i]) p = 1;
      if (component.length > 1 && kind[g] === GateKind.Not) {
        throw new GroundNegativeCycleError([`a cycle of ${component.length} propositions through negation`]);
      }
    }
    for (const g of component) phase[g] = p;
  }

  const order: number[] = [0, 1];
  for (const b of graph.bases) order.push(b.gate);
  for (const i of graph.inputsOf) order.push(i.gate);
  const firstLogic = order.length;
  const cycles: [number, number][] = [];
  for (const p of [0, 1]) {
    for (const component of components) {
      const g0 = component[0]!;
      if (phase[g0] !== p || kind[g0]! <= GateKind.Input) continue;
      if (component.length > 1) cycles.push([order.length, order.length + component.length]);
      for (const g of component) order.push(g);
    }
  }
  let phaseSplit = firstLogic;
  while (phaseSplit < n && !phase[order[phaseSplit]!]) phaseSplit++;
  const newId = new Uint32Array(n);
  order.forEach((g, i) => {
    newId[g] = i;
  });

  const gateKind = new Uint8Array(n);
  const faninStart = new Uint32Array(n + 1);
  const fanin = new Uint32Array(start[n]!);
  const fanoutCount = new Uint32Array(n + 1);
  order.forEach((g, i) => {
    gateKind[i] = kind[g]!;
    faninStart[i + 1] = faninStart[i]! + inputs[g]!.length;
    let at = faninStart[i]!;
    for (const x of inputs[g]!) {
      fanin[at++] = newId[x]!;
      fanoutCount[newId[x]!]!++;
    }
  });
  const fanoutStart = new Uint32Array(n + 1);
  for (let g = 0; g < n; g++) fanoutStart[g + 1] = fanoutStart[g]! + fanoutCount[g]!;
  const fanout = new Uint32Array(fanin.length);
  const fill = fanoutStart.slice(0, n);
  for (let g = 0; g < n; g++) {
    for (let e = faninStart[g]!; e < faninStart[g + 1]!; e++) fanout[fill[fanin[e]!]!++] = g;
  }
  const cycleOf = new Int32Array(n).fill(-1);
  const cycleRange = new Uint32Array(cycles.length * 2);
  cycles.forEach(([s, e], c) => {
    cycleRange[2 * c] = s;
    cycleRange[2 * c + 1] = e;
    cycleOf.fill(c, s, e);
  });

  const roleCount = game.roles.length;
  const byRole = <T extends { role: number }>(items: readonly T[]) =>
    Array.from({ length: roleCount }, (_, r) => items.filter((x) => x.role === r));
  const legalByRole = byRole(graph.legal).map((entries) => {
    const sorted = sortCanonical(
      game.store,
      entries.map((e) => e.term),
    );
    // By term, not by a search per move (quadratic: amazons.kif has 180 k legal moves per role).
    const byTerm = new Map<number, (typeof entries)[number]>();
    for (const e of entries) if (!byTerm.has(e.term)) byTerm.set(e.term, e);
    return sorted.map((t) => byTerm.get(t)!);
  });
  const legal = legalByRole.flat();
  const goals = byRole(graph.goals).flat();
  const sees = byRole(graph.sees).flat();
  const offsets = (groups: readonly (readonly unknown[])[]) => {
    const out = new Uint32Array(groups.length + 1);
    groups.forEach((g, r) => {
      out[r + 1] = out[r]! + g.length;
    });
    return out;
  };
  const ids = (items: readonly { gate: number }[]) => Uint32Array.from(items, (x) => newId[x.gate]!);

  return {
    version: IR_VERSION,
    gateCount: n,
    gateKind,
    firstLogic,
    phaseSplit,
    faninStart,
    fanin,
    fanoutStart,
    fanout,
    cycleOf,
    cycleRange,
    roleCount,
    roleTerm: Int32Array.from(game.roles),
    baseGate: ids(graph.bases),
    baseTerm: Int32Array.from(graph.bases, (b) => b.term),
    baseNext: Uint32Array.from(graph.bases, (b) => newId[b.next]!),
    inputGate: ids(graph.inputsOf),
    inputRole: Uint32Array.from(graph.inputsOf, (i) => i.role),
    inputTerm: Int32Array.from(graph.inputsOf, (i) => i.term),
    legalStart: offsets(legalByRole),
    legalGate: ids(legal),
    legalTerm: Int32Array.from(legal, (l) => l.term),
    legalInput: Uint32Array.from(legal, (l) => l.input),
    goalStart: offsets(byRole(graph.goals)),
    goalGate: ids(goals),
    goalValue: Int32Array.from(goals, (g) => g.value),
    terminalGate: newId[graph.terminal]!,
    initGate: ids(graph.init),
    initBase: Uint32Array.from(graph.init, (i) => i.base),
    seesStart: offsets(byRole(graph.sees)),
    seesGate: ids(sees),
    seesTerm: Int32Array.from(sees, (s) => s.term),
  };
}
