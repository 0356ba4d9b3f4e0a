// The six properties of giga13-06, section 4, by name. (1)–(3) are the well-formedness conditions of Genesereth
// et al. (2005); (4)–(6) concern the players' knowledge. The paper's conjunctions range over Agt; we take the
// random role into (2) only (random must have a legal move too, but it has no goals to win and knows nothing).
import { and, atom, type Formula, implies, knows, not, or } from './ast.js';

/** What the named properties quantify over: the roles and the ground legal and goal atoms of each. */
export interface GameVocabulary {
  readonly roles: readonly string[];
  /** The chance role's name, if the game has one. */
  readonly random?: string;
  /** Per role, every move of a ground `legal` atom. */
  readonly legalMoves: ReadonlyMap<string, readonly string[]>;
  /** Per role, every value of a ground `goal` atom. */
  readonly goalValues: ReadonlyMap<string, readonly number[]>;
}

export const PROPERTY_NAMES = [
  'terminates',
  'playable',
  'winnable',
  'knows-terminal',
  'knows-legal',
  'knows-goal',
] as const;
export type PropertyName = (typeof PROPERTY_NAMES)[number];

export function isPropertyName(name: string): name is PropertyName {
  return (PROPERTY_NAMES as readonly string[]).includes(name);
}

const TERMINAL: Formula = atom({ kind: 'terminal' });

/** K_i p ∨ K_i ¬p: the role knows whether p. */
function knowsWhether(role: string, p: Formula): Formula {
  return or([knows(role, p), knows(role, not(p))]);
}

/** The formula of a named property for a game (conjunctions over roles and atoms expanded). */
export function namedProperty(name: PropertyName, v: GameVocabulary): Formula {
  const players = v.roles.filter((r) => r !== v.random);
  const legalAtoms = (r: string) =>
    (v.legalMoves.get(r) ?? []).map((move) => atom({ kind: 'legal', role: r, move }));
  const goalAtoms = (r: string) =>
    (v.goalValues.get(r) ?? []).map((value) => atom({ kind: 'goal', role: r, value }));
  switch (name) {
    case 'terminates': // (1) AF terminal
      return { op: 'A', arg: { op: 'F', arg: TERMINAL } };
    case 'playable': // (2) AG(¬terminal → ∧_i ∨_{p ∈ Legal_i} p)
      return {
        op: 'A',
        arg: { op: 'G', arg: implies(not(TERMINAL), and(v.roles.map((r) => or(legalAtoms(r))))) },
      };
    case 'winnable': // (3) ∧_i ¬AG¬goal(i, 100)
      return and(
        players.map((r) =>
          not({ op: 'A', arg: { op: 'G', arg: not(atom({ kind: 'goal', role: r, value: 100 })) } }),
        ),
      );
    case 'knows-terminal': // (4) ∧_i G(terminal → K_i terminal)
      return and(players.map((r) => ({ op: 'G', arg: implies(TERMINAL, knows(r, TERMINAL)) }) as Formula));
    case 'knows-legal': // (5) ∧_i G(¬terminal → ∧_{p ∈ Legal_i} (K_i p ∨ K_i ¬p))
      return and(
        players.map(
          (r) =>
            ({
              op: 'G',
              arg: implies(not(TERMINAL), and(legalAtoms(r).map((p) => knowsWhether(r, p)))),
            }) as Formula,
        ),
      );
    case 'knows-goal': // (6) ∧_i G(terminal → ∧_{p ∈ Goal_i} (K_i p ∨ K_i ¬p))
      return and(
        players.map(
          (r) =>
            ({
              op: 'G',
              arg: implies(TERMINAL, and(goalAtoms(r).map((p) => knowsWhether(r, p)))),
            }) as Formula,
        ),
      );
  }
}
