// Two rewrites for frame rules instantiated over every move (e.g. "a cell keeps its piece unless a move
// touches it": one AND per cell and move):
// - factoring: OR(x ∧ y1, x ∧ y2, ...) = x ∧ OR(y1, y2, ...) when the ANDs feed only this OR. Once per OR,
//   but to the end on an OR with far more such ANDs than inputs among them (PRODUCT_RATIO): a rule joined
//   with a static relation over several fluents grounds to one AND per tuple (quarto's "four pieces in a
//   line share an attribute": 27 k ANDs of 4 over 64 cells per line, 1.35 M wires in all), which factored
//   input by input, each new OR likewise, becomes a trie whose equal subtries mergeIdentical then shares
//   (145 k wires). On an OR of about as many ANDs as inputs (connectfour's lines) the trie only adds levels
//   that flip more often than the flat ANDs (connectfour one playout at a time 0.73× with every OR factored
//   to the end);
// - input complement: in a joint move exactly one input per role holds, so an OR over more than half of a
//   role's inputs equals NOT of the OR over the rest. This holds whenever inputs are set, i.e. for every gate
//   that depends on an input, which is where such ORs live.
import type { PropnetGraph } from './build-graph.js';
import { FALSE_GATE, GateKind, TRUE_GATE } from './gate-kind.js';

function adder(graph: PropnetGraph): (k: number, ins: number[]) => number {
  return (k, ins) => {
    graph.kind.push(k);
    graph.inputs.push(ins);
    return graph.kind.length - 1;
  };
}

/**
 * An OR with at least this many private AND children per distinct input among them is factored to the end
 * (quarto's lines 424, pacman3p's 31, reversi's 16; of the other ORs of the 22 games measured, none above
 * 3.3: checkers, cephalopodmicro, connectfour 1.75; docs/benchmarks.md, "Issue 26, sixth session").
 */
const PRODUCT_RATIO = 4;

/** Factoring, in place (appending gates); returns whether anything changed. */
export function factorShared(graph: PropnetGraph): boolean {
  const { kind, inputs } = graph;
  const n = kind.length;
  // Readers per gate; appended gates are each read once.
  const fanoutCount: number[] = new Array(n).fill(0);
  for (let g = 0; g < n; g++) for (const i of inputs[g]!) fanoutCount[i]!++;
  // A proposition read from outside (legal, goal, ...) is never private to an OR.
  const outside = [
    ...graph.bases.map((b) => b.next),
    ...graph.legal.map((l) => l.gate),
    ...graph.goals.map((x) => x.gate),
    ...graph.init.map((x) => x.gate),
    ...graph.sees.map((x) => x.gate),
    graph.terminal,
  ];
  for (const g of outside) fanoutCount[g]!++;
  const add = adder(graph);
  const isPrivate = (a: number) => kind[a] === GateKind.And && fanoutCount[a] === 1;
  let changed = false;
  for (let top = 2; top < n; top++) {
    if (kind[top] !== GateKind.Or) continue;
    // The ORs still to factor to the end: those a product-like OR's factoring made.
    const work = [top];
    let product = false;
    for (let g = work.pop(); g !== undefined; g = work.pop()) {
      // Each round replaces at least two private ANDs of g by one, so the rounds end.
      for (let round = 0; ; round++) {
        // The input shared by most of this OR's private AND children (the first met on a tie).
        const occurrences = new Map<number, number>();
        let children = 0;
        for (const a of inputs[g]!) {
          if (!isPrivate(a)) continue;
          children++;
          for (const x of inputs[a]!) occurrences.set(x, (occurrences.get(x) ?? 0) + 1);
        }
        if (g === top && round === 0) product = children >= PRODUCT_RATIO * occurrences.size;
        else if (!product) break;
        let shared = -1;
        let best = 1;
        for (const [x, count] of occurrences) {
          if (count > best) {
            best = count;
            shared = x;
          }
        }
        if (shared < 0) break;
        const group: number[] = [];
        const others: number[] = [];
        for (const a of inputs[g]!) {
          if (isPrivate(a) && inputs[a]!.includes(shared)) group.push(a);
          else others.push(a);
        }
        changed = true;
        let factored: number;
        if (group.some((a) => inputs[a]!.length === 1)) factored = shared;
        else {
          for (const a of group) inputs[a] = inputs[a]!.filter((x) => x !== shared);
          const rest = add(GateKind.Or, group);
          factored = add(GateKind.And, [shared, rest]);
          fanoutCount.push(1, 1);
          if (product) work.push(rest);
        }
        if (others.length === 0) {
          kind[g] = GateKind.And;
          inputs[g] = [factored];
          break;
        }
        inputs[g] = [...others, factored];
      }
    }
  }
  return changed;
}

/** Input complement, in place (appending gates); returns whether anything changed. */
export function complementInputs(graph: PropnetGraph): boolean {
  const { kind, inputs } = graph;
  const add = adder(graph);
  let changed = false;
  const roleOfInput = new Map<number, number>();
  const inputsOfRole: number[][] = graph.game.roles.map(() => []);
  for (const i of graph.inputsOf) {
    roleOfInput.set(i.gate, i.role);
    inputsOfRole[i.role]!.push(i.gate);
  }
  for (let g = 2; g < kind.length; g++) {
    if (kind[g] !== GateKind.Or) continue;
    const byRole = new Map<number, Set<number>>();
    const others: number[] = [];
    for (const i of inputs[g]!) {
      const role = roleOfInput.get(i);
      if (role === undefined) others.push(i);
      else {
        let set = byRole.get(role);
        if (!set) byRole.set(role, (set = new Set()));
        set.add(i);
      }
    }
    let rewritten = false;
    const next = [...others];
    for (const [role, set] of byRole) {
      const all = inputsOfRole[role]!;
      if (set.size * 2 <= all.length) {
        next.push(...set);
        continue;
      }
      rewritten = true;
      const rest = all.filter((i) => !set.has(i));
      if (rest.length === 0) next.push(TRUE_GATE);
      else next.push(add(GateKind.Not, [rest.length === 1 ? rest[0]! : add(GateKind.Or, rest)]));
    }
    if (rewritten) {
      inputs[g] = next.length > 0 ? next : [FALSE_GATE];
      changed = true;
    }
  }
  return changed;
}
