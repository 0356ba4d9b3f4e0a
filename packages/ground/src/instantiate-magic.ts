// Demand through recursion: the magic-set transformation of deductive databases, restricted to what grounding
// needs. merrills counts pieces with an accumulator threaded through the board,
//   (<= (count ?w ?b) (count_loop inner ne 0 0 ?w ?b))
//   (<= (count_loop ?x1 ?y1 ?w1 ?b1 ?w ?b) (count_one ?x1 ?y1 ?w1 ?b1 ?w2 ?b2) (next_pit ?x1 ?y1 ?x2 ?y2)
//       (count_loop ?x2 ?y2 ?w2 ?b2 ?w ?b))
// which bottom-up grounding instantiates for every partial count the number facts allow (0..70), 7.9 M atoms,
// though only counts reachable from (inner ne 0 0) are ever asked for. Every use of count_loop binds its first
// four arguments (by constants, or by the literals before it), so a magic relation collects the bindings asked
// for, from the constants and from the bindings of the rules that use it:
//   (<= (magic inner ne 0 0))
//   (<= (magic ?x2 ?y2 ?w2 ?b2) (magic ?x1 ?y1 ?w1 ?b1) (count_one ...) (next_pit ...))
// and each rule of count_loop starts with (magic ?x1 ?y1 ?w1 ?b1). The magic literals only restrict which
// instances are made: they are left out of the ground rules, so every ground rule is an instance of a game rule,
// and every count_loop atom a rule body refers to has all its instances (its binding was asked for).
import {
  type Atom,
  type BodyLiteral,
  collectVariables,
  type Game,
  type GameRule,
  literalVariables,
  type Pattern,
  type RelationId,
} from '@gdlkit/core';
import type { AuxRelation, FactoredRules } from './instantiate-factor.js';

export interface MagicRules extends FactoredRules {
  /** The magic relations: their atoms restrict the join, and are left out of ground rules. */
  readonly filters: ReadonlySet<RelationId>;
}

/**
 * Adds magic relations for the recursive state-dependent relations used only positively whose every use binds
 * the same argument positions (by constants, by the positive literals before it, or by the bound head
 * arguments of a rule with a magic relation itself), at least one.
 * `demanded(r)` relations (restricted by constants alone, instantiate-demand.ts) are left to that restriction.
 */
export function addMagicRelations(
  game: Game,
  factored: FactoredRules,
  demanded: (relation: RelationId) => boolean,
): MagicRules {
  const keywords = new Set<RelationId>(Object.values(game.keywords));
  const positive = new Set<RelationId>();
  const negated = new Set<RelationId>();
  // Only relations defined here (state-dependent): static ones are evaluated exactly before.
  const defined = new Set(factored.rules.map((rule) => rule.head.relation));
  for (const rule of factored.rules) {
    for (const literal of rule.body) {
      if (literal.kind === 'pos') positive.add(literal.atom.relation);
      else if (literal.kind === 'neg') negated.add(literal.atom.relation);
    }
  }
  const eligible = new Set<RelationId>();
  for (const r of defined) {
    if (keywords.has(r) || demanded(r) || r >= game.relations.length) continue;
    if (positive.has(r) && !negated.has(r) && game.analysis.recursive[r]) eligible.add(r);
  }
  // The bound positions of each relation: those every use binds, counting as bound in a rule of a relation with
  // magic the variables of its head's bound positions (the magic literal binds them). Start from every
  // position and narrow to a fixpoint.
  const candidates = new Map<RelationId, number[]>();
  for (const r of eligible)
    candidates.set(r, game.relations[r]!.arity === 0 ? [] : range(game.relations[r]!.arity));
  for (let changed = true; changed; ) {
    changed = false;
    const narrowed = new Map<RelationId, number[]>();
    for (const rule of factored.rules) {
      const known = new Set<number>();
      for (const i of candidates.get(rule.head.relation) ?? []) collectVariables(rule.head.args[i]!, known);
      for (const literal of rule.body) {
        if (literal.kind !== 'pos') continue;
        const r = literal.atom.relation;
        if (candidates.has(r)) {
          const positions = literal.atom.args.flatMap((a, i) => (isBound(a, known) ? [i] : []));
          const before = narrowed.get(r) ?? candidates.get(r)!;
          narrowed.set(
            r,
            before.filter((i) => positions.includes(i)),
          );
        }
        literalVariables(literal, known);
      }
    }
    for (const [r, positions] of candidates) {
      const now = narrowed.get(r) ?? positions;
      if (now.length === 0) {
        candidates.delete(r);
        changed = true;
      } else if (now.length !== positions.length) {
        candidates.set(r, now);
        changed = true;
      }
    }
  }
  if (candidates.size === 0) return { ...factored, filters: new Set() };
  const aux: AuxRelation[] = [...factored.aux];
  const magic = new Map<RelationId, RelationId>();
  for (const [r, positions] of candidates) {
    const id = game.relations.length + aux.length;
    aux.push({
      id,
      name: `magic ${aux.length} of ${game.relations[r]!.key}`,
      owner: game.relations[r]!.key,
      arity: positions.length,
    });
    magic.set(r, id);
  }
  const magicAtom = (atom: Atom): Atom => ({
    relation: magic.get(atom.relation)!,
    args: candidates.get(atom.relation)!.map((i) => atom.args[i]!),
  });
  const rules: GameRule[] = [];
  const source = new Map<GameRule, number>();
  const push = (rule: GameRule, index: number) => {
    rules.push(rule);
    source.set(rule, index);
  };
  for (const rule of factored.rules) {
    const index = factored.source.get(rule)!;
    const own: BodyLiteral[] = magic.has(rule.head.relation)
      ? [{ kind: 'pos', atom: magicAtom(rule.head) }]
      : [];
    push(own.length === 0 ? rule : { ...rule, body: [...own, ...rule.body] }, index);
    // One magic rule per use: the bindings asked for, from what the rule knows before the use.
    const before: BodyLiteral[] = [...own];
    for (const literal of rule.body) {
      if (literal.kind === 'pos' && magic.has(literal.atom.relation)) {
        push({ ...rule, head: magicAtom(literal.atom), body: [...before] }, index);
      }
      if (literal.kind === 'pos') before.push(literal);
    }
  }
  return { rules, source, aux, filters: new Set(magic.values()) };
}

function isBound(p: Pattern, known: ReadonlySet<number>): boolean {
  return [...collectVariables(p, new Set())].every((v) => known.has(v));
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
