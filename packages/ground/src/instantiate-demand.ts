// Demand restriction: a relation that is only ever used with some arguments given as constants, e.g.
// (count e3 e4 f3 f4 red ?payoff) in crisscross, needs only the instances that agree with one of those uses.
// Bottom-up grounding would otherwise instantiate its rules over every combination of cells (the blow-up of
// "counting" helper relations). This is the constant-binding part of the magic-set transformation of
// deductive databases: only constants at the call sites restrict, no bindings are passed sideways.
import type { Game, Pattern, RelationId, TermId } from '@gdlkit/core';

/** -1 marks an argument that a use leaves open. */
export const ANY = -1;

export interface Demand {
  /** Argument tuples (term id or ANY) of the distinct uses; an instance is needed if it agrees with one. */
  readonly tuples: readonly Int32Array[];
  /** Arguments that every use gives as a constant: their head variables are bound before the join. */
  readonly fixed: readonly number[];
}

/**
 * The demand of each relation that can be restricted: not a keyword relation (those are queried from
 * outside the rules) and used only in rule bodies, never with every argument open. undefined = unrestricted.
 */
export function relationDemands(game: Game): (Demand | undefined)[] {
  const keywords = new Set<RelationId>(Object.values(game.keywords));
  const uses: (Map<string, Int32Array> | null)[] = game.relations.map((r) =>
    keywords.has(r.id) || r.arity === 0 ? null : new Map(),
  );
  for (const rule of game.rules) {
    for (const literal of rule.body) {
      if (literal.kind === 'distinct') continue;
      const { relation, args } = literal.atom;
      const known = uses[relation];
      if (known === null || known === undefined) continue;
      const tuple = Int32Array.from(args, (a: Pattern): TermId => (a.kind === 'ground' ? a.term : ANY));
      if (tuple.every((t) => t === ANY)) uses[relation] = null;
      else known.set(tuple.join(','), tuple);
    }
  }
  return uses.map((known) => {
    if (known === null || known === undefined || known.size === 0) return undefined;
    const tuples = [...known.values()];
    const fixed: number[] = [];
    for (let i = 0; i < tuples[0]!.length; i++) if (tuples.every((t) => t[i] !== ANY)) fixed.push(i);
    return { tuples, fixed };
  });
}
