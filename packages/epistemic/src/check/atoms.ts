// The paper's atoms (giga13-06, section 3.3) evaluated in one state of a grounded reasoner: true(f) is a fluent
// of the state, legal/goal/terminal are what the rules derive there, does(r, m) reads the joint move that led to
// the state (the MCK translation's did_r variables; false in the initial state and on a STOP loop).
import { type Game, GdlkitError, type Reasoner, type TermId } from '@gdlkit/core';
import type { Atom } from '../formula/ast.js';

/** Decides an atom in a state, given the joint move that led there (undefined for none). */
export type AtomTest = (state: Uint32Array, incoming: readonly TermId[] | undefined) => boolean;

export function compileAtom(reasoner: Reasoner<Uint32Array>, a: Atom): AtomTest {
  const game = reasoner.game;
  switch (a.kind) {
    case 'terminal':
      return (state) => reasoner.isTerminal(state);
    case 'true': {
      const id = game.parseTerm(a.fluent);
      return (state) => reasoner.stateToFacts(state).includes(id);
    }
    case 'legal': {
      const role = resolveRole(game, a.role);
      const id = game.parseTerm(a.move);
      return (state) => reasoner.legalMoves(state, role).includes(id);
    }
    case 'goal': {
      const role = resolveRole(game, a.role);
      return (state) => {
        const g = reasoner.goal(state, role);
        return g === a.value || (Array.isArray(g) && g.includes(a.value));
      };
    }
    case 'does': {
      const role = resolveRole(game, a.role);
      const id = game.parseTerm(a.move);
      return (_, incoming) => incoming !== undefined && incoming[role] === id;
    }
  }
}

/** The index of a role named in a formula; an unknown name is a user error naming the game's roles. */
export function resolveRole(game: Game, name: string): number {
  const index = game.roles.findIndex((_, r) => game.roleName(r) === name);
  if (index < 0) {
    const roles = game.roles.map((_, r) => game.roleName(r)).join(', ');
    throw new GdlkitError(
      'BAD_TERM',
      `the formula names role '${name}', which the game does not have (${roles})`,
    );
  }
  return index;
}
