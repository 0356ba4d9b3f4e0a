// Query atoms for the support prover: a relation name with ground arguments or free variables.
import { type Atom, type Game, type Pattern, type TermId, UnsupportedError } from '@gdlkit/core';

/**
 * The atom `name(args)` with `null` arguments as distinct free variables, e.g.
 * `queryAtom(game, 'legal', [role, null])` for legal(role, M).
 */
export function queryAtom(game: Game, name: string, args: readonly (TermId | null)[]): Atom {
  const relation = game.relations.find((r) => r.name === name && r.arity === args.length);
  if (relation === undefined) {
    throw new UnsupportedError(`the game has no relation ${name}/${args.length}`);
  }
  let next = 0;
  const patterns: Pattern[] = args.map((a) =>
    a === null ? { kind: 'var', index: next++ } : { kind: 'ground', term: a },
  );
  return { relation: relation.id, args: patterns };
}
