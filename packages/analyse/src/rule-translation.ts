// GDL rules as clingo rules. A rule is written in one of three state views: `true` (the game's own rules
// over the current state), `next` and `init` (copies of state-dependent rules reading the successor or the
// initial state), so one property encoding serves ϕ_true, ϕ_next and ϕ_init of section 4.
import type { Atom, BodyLiteral, Game, GameRule, RelationId } from '@gdlkit/core';
import { aspName, aspPattern } from './asp-names.js';

export type View = 'init' | 'true' | 'next';

const VIEW_SUFFIX: Record<View, string> = { true: '', next: 'VNext', init: 'VInit' };

/** The clingo predicate of a relation in a view; static relations are shared by all views. */
export function viewPredicate(game: Game, relation: RelationId, view: View): string {
  if (relation === game.keywords.true) return view;
  const name = aspName(game.relations[relation]!.name);
  return game.analysis.dynamic[relation] ? name + VIEW_SUFFIX[view] : name;
}

export function atomText(game: Game, atom: Atom, view: View): string {
  const name = viewPredicate(game, atom.relation, view);
  return atom.args.length === 0
    ? name
    : `${name}(${atom.args.map((a) => aspPattern(game.store, a)).join(',')})`;
}

export function literalText(game: Game, l: BodyLiteral, view: View): string {
  switch (l.kind) {
    case 'pos':
      return atomText(game, l.atom, view);
    case 'neg':
      return `not ${atomText(game, l.atom, view)}`;
    case 'distinct':
      return `${aspPattern(game.store, l.left)} != ${aspPattern(game.store, l.right)}`;
  }
}

export function ruleText(game: Game, rule: GameRule, view: View): string {
  const head = atomText(game, rule.head, view);
  if (rule.body.length === 0) return `${head}.`;
  return `${head} :- ${rule.body.map((l) => literalText(game, l, view)).join(', ')}.`;
}
