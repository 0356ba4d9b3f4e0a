// Cases of the joint move for an induction step, one program each. Checkers' counter steps are hard for the
// solver as one program (> 20 CPU-s per part) but easy by the kind of move (0.1-1.4 CPU-s each): with the
// moves of one kind only, the grounder drops every next rule reading another kind, and the learned clauses
// no longer mix the two players' moves (docs/benchmarks.md, issue 24, fourth session).
//
// The cases cover the joint moves: for every role and function symbol of a non-constant move, that role plays
// such a move and every other role a constant (noop); every role plays a constant; at least two roles play
// non-constants (one program with every move; in turn-taking games the legal rules rule it out at once). No
// answer set in any case is no answer set at all.
import type { Game } from '@gdlkit/core';
import { aspGroundTerm, aspName, patternFunctor } from './asp-names.js';

/** One case: the clauses defining `aLlowed(Role,Move)`, which the step's move choice requires. */
export interface MoveCase {
  readonly name: string;
  readonly clauses: readonly string[];
  /**
   * The case has no joint move in a turn-taking game (all roles constant, or several non-constant movers):
   * worth checking for emptiness before its programs are solved (proof-programs.ts, moveCaseProgram).
   */
  readonly rare?: boolean;
}

/**
 * The cases, or undefined when the legal rules' moves are not all of known function symbols (a variable
 * move in a legal head): then the step is one program.
 */
export function moveCases(game: Game): MoveCase[] | undefined {
  const { store } = game;
  const constants = new Set<string>();
  const functors = new Map<string, number>();
  for (const rule of game.rulesByHead[game.keywords.legal]!) {
    const move = rule.head.args[1]!;
    const functor = patternFunctor(store, move);
    if (functor === undefined) return undefined;
    const arity = Number(functor.slice(functor.lastIndexOf('/') + 1));
    if (arity > 0) functors.set(functor, arity);
    else if (move.kind === 'ground') constants.add(aspGroundTerm(store, move.term));
    else return undefined;
  }
  const roles = game.roles.map((r) => aspGroundTerm(store, r));
  const constant = (role: string) => [...constants].sort().map((c) => `aLlowed(${role},${c}).`);
  const cases: MoveCase[] = [];
  roles.forEach((role, i) => {
    for (const [functor, arity] of [...functors].sort()) {
      const name = functor.slice(0, functor.lastIndexOf('/'));
      const args = Array.from({ length: arity }, (_, j) => `A${j}`).join(',');
      cases.push({
        name: `${role}:${functor}`,
        clauses: [
          ...roles.flatMap((other, j) => (j === i ? [] : constant(other))),
          `aLlowed(${role},M) :- mDom(M), M = ${aspName(name)}(${args}).`,
        ],
      });
    }
  });
  cases.push({ name: 'constants', clauses: roles.flatMap(constant), rare: true });
  if (roles.length > 1 && functors.size > 0) {
    const constantMove = [...constants].sort().map((c) => `cOnstant(${c}).`);
    cases.push({
      name: 'several movers',
      rare: true,
      clauses: [
        ...constantMove,
        'aLlowed(R,M) :- role(R), mDom(M).',
        ':- #count{ R : does(R,M), not cOnstant(M) } < 2.',
      ],
    });
  }
  return cases;
}
