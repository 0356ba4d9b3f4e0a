// Factoring of move-dependent rule bodies before instantiation. A frame rule such as skirmish's
//   (<= (next (location ?x ?y ?piece)) (true (location ?x ?y ?piece)) (role ?player)
//       (does ?player (move ?x1 ?y1 ?x2 ?y2)) (distinctCell ?x ?y ?x1 ?y1) (distinctCell ?x ?y ?x2 ?y2))
// grounds to every fluent × every move. Its does literal and the static literals that constrain it only
// meet the rest of the body in ?x ?y, so the rule is split through an auxiliary relation over those
// interface variables:
//   (<= (aux ?x ?y) (role ?player) (does ?player (move ?x1 ?y1 ?x2 ?y2)) (distinctCell ...) (distinctCell ...))
//   (<= (next (location ?x ?y ?piece)) (true (location ?x ?y ?piece)) (aux ?x ?y))
// which grounds to cells × moves plus fluents instead of fluents × moves: the product is broken because each
// side has variables of its own (?piece; ?player ?x1 ?y1 ?x2 ?y2). The network is the same Boolean function.
// When the does literal has variables the rest of its side does not need (amazons.kif's frame rule: a move is
// (play ?x1 ?y1 ?x2 ?y2 ?x3 ?y3) and only ?x1 ?y1 meet (distinctCell ?x ?y ?x1 ?y1)), the side is split again
// through a projection of the move onto the variables it shares:
//   (<= (proj ?x1 ?y1) (does ?player (play ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)))
//   (<= (aux ?x ?y) (proj ?x1 ?y1) (distinctCell ?x ?y ?x1 ?y1))
// so the side grounds to moves + cells × cells instead of moves × cells.
import {
  type Atom,
  type BodyLiteral,
  collectVariables,
  type Game,
  type GameRule,
  literalVariables,
  type RelationId,
} from '@gdlkit/core';

/** An auxiliary relation introduced by factoring, numbered after the game's relations. */
export interface AuxRelation {
  readonly id: RelationId;
  /** The symbol of its atoms: unique, and no GDL symbol (it contains a space). */
  readonly name: string;
  /** The relation of the rule it was factored out of, named in budget errors. */
  readonly owner: string;
  readonly arity: number;
}

/** The atom of `relation` whose arguments are the variables `vars`: the head of an auxiliary rule. */
export function variableAtom(relation: RelationId, vars: readonly number[]): Atom {
  return { relation, args: vars.map((v) => ({ kind: 'var', index: v })) };
}

export interface FactoredRules {
  readonly rules: GameRule[];
  /** The game rule (index in game.rules) each rule instantiates. */
  readonly source: Map<GameRule, number>;
  readonly aux: AuxRelation[];
}

/**
 * Splits each rule with a positive does literal whose move side and remaining side both have variables of
 * their own. `exact(r)` says whether a relation is evaluated exactly at grounding time (static).
 */
export function factorMoveRules(
  game: Game,
  rules: readonly GameRule[],
  exact: (relation: RelationId) => boolean,
): FactoredRules {
  const out: GameRule[] = [];
  const source = new Map<GameRule, number>();
  const aux: AuxRelation[] = [];
  const ruleIndex = new Map<GameRule, number>(game.rules.map((r, i) => [r, i]));
  for (const rule of rules) {
    const index = ruleIndex.get(rule)!;
    // With simultaneous moves each does literal is split off in turn.
    let current = rule;
    for (;;) {
      const split = splitRule(game, current, exact, game.relations.length + aux.length, index);
      if (split === undefined) break;
      for (const part of split.parts) {
        aux.push(part.relation);
        out.push(part.rule);
        source.set(part.rule, index);
      }
      current = split.rest;
    }
    out.push(current);
    source.set(current, index);
  }
  return { rules: out, source, aux };
}

/** The rules defining auxiliary relations split off a rule, and what remains of it. */
interface Split {
  readonly parts: { relation: AuxRelation; rule: GameRule }[];
  readonly rest: GameRule;
}

function splitRule(
  game: Game,
  rule: GameRule,
  exact: (relation: RelationId) => boolean,
  id: RelationId,
  index: number,
): Split | undefined {
  for (const move of rule.body) {
    if (move.kind !== 'pos' || move.atom.relation !== game.keywords.does) continue;
    const split = splitOn(game, rule, move, exact, id, index);
    if (split !== undefined) return split;
  }
  return undefined;
}

function splitOn(
  game: Game,
  rule: GameRule,
  move: BodyLiteral,
  exact: (relation: RelationId) => boolean,
  id: RelationId,
  index: number,
): Split | undefined {
  const moveVars = literalVariables(move);
  const shares = (l: BodyLiteral, vars: ReadonlySet<number>) =>
    [...literalVariables(l)].some((v) => vars.has(v));
  // The move side: the does literal, the static positive literals constraining its variables, and the
  // guards all of whose variables those bind.
  const side: BodyLiteral[] = [];
  for (const l of rule.body) {
    if (l === move || (l.kind === 'pos' && exact(l.atom.relation) && shares(l, moveVars))) side.push(l);
  }
  const sideVars = new Set<number>();
  for (const l of side) literalVariables(l, sideVars);
  for (const l of rule.body) {
    if (l.kind === 'pos' || !shares(l, moveVars)) continue;
    if (l.kind === 'neg' && !exact(l.atom.relation)) continue;
    if ([...literalVariables(l)].every((v) => sideVars.has(v))) side.push(l);
  }
  const rest = rule.body.filter((l) => !side.includes(l));
  if (rest.length === 0) return undefined;
  const restVars = new Set<number>();
  for (const a of rule.head.args) collectVariables(a, restVars);
  for (const l of rest) literalVariables(l, restVars);
  const iface = [...sideVars].filter((v) => restVars.has(v)).sort((a, b) => a - b);
  const ownSide = sideVars.size - iface.length;
  const ownRest = restVars.size - iface.length;
  if (ownSide === 0 || ownRest === 0) return undefined;
  const auxRelation = (auxId: RelationId, kind: string, vars: readonly number[]) => {
    const relation: AuxRelation = {
      id: auxId,
      name: `move ${kind} ${auxId - game.relations.length} of rule ${index}`,
      owner: game.relations[rule.head.relation]!.key,
      arity: vars.length,
    };
    const head = variableAtom(auxId, vars);
    return { relation, head };
  };
  const { relation, head } = auxRelation(id, 'side', iface);
  const projection = projectMove(move, side, iface);
  if (projection === undefined) {
    return {
      parts: [{ relation, rule: { ...rule, head, body: side } }],
      rest: { ...rule, body: [...rest, { kind: 'pos', atom: head }] },
    };
  }
  const proj = auxRelation(id + 1, 'projection', projection.shared);
  const sideBody: BodyLiteral[] = [
    ...side.filter((l) => !projection.body.includes(l)),
    { kind: 'pos', atom: proj.head },
  ];
  const parts: Split['parts'] = [
    { relation, rule: { ...rule, head, body: sideBody } },
    { relation: proj.relation, rule: { ...rule, head: proj.head, body: projection.body } },
  ];
  return { parts, rest: { ...rule, body: [...rest, { kind: 'pos', atom: head }] } };
}

/**
 * The projection of the move side's does literal (with the literals of the side over its variables alone) onto
 * the variables the other literals of the side or the interface need; undefined when it would drop none or
 * nothing else is left on the side.
 */
function projectMove(
  move: BodyLiteral,
  side: readonly BodyLiteral[],
  iface: readonly number[],
): { body: BodyLiteral[]; shared: number[] } | undefined {
  const moveVars = literalVariables(move);
  const body = side.filter((l) => l === move || [...literalVariables(l)].every((v) => moveVars.has(v)));
  const others = side.filter((l) => !body.includes(l));
  if (others.length === 0) return undefined;
  const needed = new Set<number>(iface);
  for (const l of others) literalVariables(l, needed);
  const shared = [...moveVars].filter((v) => needed.has(v)).sort((a, b) => a - b);
  if (shared.length === moveVars.size) return undefined;
  return { body, shared };
}
