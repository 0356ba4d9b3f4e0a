// Ground program → propositional network: every reachable atom becomes a proposition (a gate), every ground
// rule an AND over its body (negated atoms through NOT gates), every derived atom an OR over its rules.
// true atoms are base propositions, does atoms inputs; next atoms feed the bases as transitions.
import type { Game, TermId } from '@gdlkit/core';
import type { GroundProgram } from '@gdlkit/ground';
import { FALSE_GATE, GateKind, TRUE_GATE } from './gate-kind.js';

/** A mutable network for the optimisation passes; ids of outputs are gate ids. */
export interface PropnetGraph {
  readonly game: Game;
  kind: number[];
  inputs: number[][];
  readonly bases: { term: TermId; gate: number; next: number }[];
  readonly inputsOf: { role: number; term: TermId; gate: number }[];
  readonly legal: { role: number; term: TermId; gate: number; input: number }[];
  readonly goals: { role: number; value: number; gate: number }[];
  terminal: number;
  readonly init: { base: number; gate: number }[];
  readonly sees: { role: number; term: TermId; gate: number }[];
}

export function buildGraph(program: GroundProgram): PropnetGraph {
  const game = program.game;
  const store = game.store;
  const kw = game.keywords;
  const kind: number[] = [GateKind.False, GateKind.True];
  const inputs: number[][] = [[], []];
  const add = (k: number, ins: number[]): number => {
    kind.push(k);
    inputs.push(ins);
    return kind.length - 1;
  };
  const roleIndex = (term: TermId) => game.roles.indexOf(term);

  const gateOf = new Int32Array(program.atomCount).fill(-1);
  const bases: PropnetGraph['bases'] = [];
  const baseOfFluent = new Map<TermId, number>();
  for (const atom of program.atoms(kw.true)) {
    const term = program.atomArg(atom, 0);
    gateOf[atom] = add(GateKind.Base, []);
    baseOfFluent.set(term, bases.length);
    bases.push({ term, gate: gateOf[atom]!, next: FALSE_GATE });
  }
  const inputsOf: PropnetGraph['inputsOf'] = [];
  const inputOfMove = new Map<string, number>();
  for (const atom of program.atoms(kw.does)) {
    const role = roleIndex(program.atomArg(atom, 0));
    if (role < 0) {
      gateOf[atom] = FALSE_GATE;
      continue;
    }
    const term = program.atomArg(atom, 1);
    gateOf[atom] = add(GateKind.Input, []);
    inputOfMove.set(`${role} ${term}`, inputsOf.length);
    inputsOf.push({ role, term, gate: gateOf[atom]! });
  }
  const ruleCounts = new Int32Array(program.atomCount);
  for (let r = 0; r < program.ruleCount; r++) ruleCounts[program.ruleHead[r]!]!++;
  for (let a = 0; a < program.atomCount; a++) {
    if (gateOf[a] !== -1) continue;
    if (program.atomStatic[a]) gateOf[a] = TRUE_GATE;
    else if (ruleCounts[a] === 0) gateOf[a] = FALSE_GATE;
    else gateOf[a] = add(GateKind.Or, []);
  }
  const notOf = new Map<number, number>();
  for (let r = 0; r < program.ruleCount; r++) {
    const body: number[] = [];
    for (let i = program.ruleBodyStart[r]!; i < program.ruleBodyStart[r + 1]!; i++) {
      const g = gateOf[program.ruleBody[i]!]!;
      if (i < program.ruleNegStart[r]!) {
        body.push(g);
        continue;
      }
      let not = notOf.get(g);
      if (not === undefined) notOf.set(g, (not = add(GateKind.Not, [g])));
      body.push(not);
    }
    inputs[gateOf[program.ruleHead[r]!]!]!.push(add(GateKind.And, body));
  }

  const gateOfAtom = (term: TermId) => {
    const a = program.atomOf(term);
    return a === undefined ? FALSE_GATE : gateOf[a]!;
  };
  for (const base of bases) base.next = gateOfAtom(game.atomTerm(kw.next, [base.term]));
  const legal: PropnetGraph['legal'] = [];
  for (const atom of program.atoms(kw.legal)) {
    const role = roleIndex(program.atomArg(atom, 0));
    if (role < 0) continue;
    const term = program.atomArg(atom, 1);
    legal.push({ role, term, gate: gateOf[atom]!, input: inputOfMove.get(`${role} ${term}`)! });
  }
  const goals: PropnetGraph['goals'] = [];
  for (const atom of program.atoms(kw.goal)) {
    const role = roleIndex(program.atomArg(atom, 0));
    const valueTerm = program.atomArg(atom, 1);
    const value =
      store.arity(valueTerm) === 0 ? Number(store.symbolName(store.functor(valueTerm))) : Number.NaN;
    if (role < 0 || !Number.isInteger(value)) continue;
    goals.push({ role, value, gate: gateOf[atom]! });
  }
  const init: PropnetGraph['init'] = [];
  for (const atom of program.atoms(kw.init)) {
    init.push({ base: baseOfFluent.get(program.atomArg(atom, 0))!, gate: gateOf[atom]! });
  }
  const sees: PropnetGraph['sees'] = [];
  for (const atom of program.atoms(kw.sees)) {
    const role = roleIndex(program.atomArg(atom, 0));
    if (role >= 0) sees.push({ role, term: program.atomArg(atom, 1), gate: gateOf[atom]! });
  }
  const terminal = gateOfAtom(game.atomTerm(kw.terminal, []));
  return { game, kind, inputs, bases, inputsOf, legal, goals, terminal, init, sees };
}
