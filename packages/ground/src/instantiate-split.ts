// Splitting of state-dependent rule bodies by variable elimination before instantiation. A rule is instantiated
// once per combination of its variables' values, so a body that joins several independent fluents grounds to
// their product even when the head needs little of it. gt_two_thirds_4p's
//   (<= (total ?t) (true (guessed p1 ?n1)) (true (guessed p2 ?n2)) (sum ?n1 ?n2 ?s1)
//       (true (guessed p3 ?n3)) (sum ?s1 ?n3 ?s2) (true (guessed p4 ?n4)) (sum ?s2 ?n4 ?t))
// grounds to 101⁴ rules. Eliminating a variable the head does not use moves the literals that mention it into
// an auxiliary relation over their other variables that the rest of the rule still needs: eliminating ?n1
// gives (<= (cut ?n2 ?s1) (true (guessed p1 ?n1)) (sum ?n1 ?n2 ?s1)), then ?n2, ?s1, ... leave joins of two
// guesses each. This is bucket elimination on the rule's hypergraph, the idea behind tree-decomposition rule
// splitting for ASP grounders: each auxiliary atom is the existential projection of the conjunction it
// replaces, so the network computes the same Boolean function. racer4's legal_speed, which joins a player's
// velocity and position on two axes with the track, splits into one chain per axis instead of a product.
import {
  type Atom,
  type BodyLiteral,
  collectVariables,
  type Game,
  type GameRule,
  literalVariables,
} from '@gdlkit/core';
import { type AuxRelation, type FactoredRules, variableAtom } from './instantiate-factor.js';

/**
 * Splits each rule of `factored` (already factored on its moves) by eliminating, one at a time, the variable
 * whose literals make the auxiliary rule with the fewest variables. A variable is eliminated only when its
 * literals do not mention every variable of the rule and include a state-dependent positive literal (`exact(r)`
 * is false for it; static joins are folded at grounding time). Rules whose head relation is instantiated on demand
 * (`demanded`) are left whole: their head's constants bind variables of the body, which a split would lose.
 */
export function splitRuleBodies(
  game: Game,
  factored: FactoredRules,
  exact: (relation: number) => boolean,
  demanded: (relation: number) => boolean,
): FactoredRules {
  const rules: GameRule[] = [];
  const source = new Map<GameRule, number>();
  const aux: AuxRelation[] = [...factored.aux];
  for (const rule of factored.rules) {
    const index = factored.source.get(rule)!;
    const owner =
      aux[rule.head.relation - game.relations.length]?.owner ?? game.relations[rule.head.relation]!.key;
    const newRelation = (arity: number): AuxRelation => {
      const relation = {
        id: game.relations.length + aux.length,
        name: `body split ${aux.length} of rule ${index}`,
        owner,
        arity,
      };
      aux.push(relation);
      return relation;
    };
    const parts = demanded(rule.head.relation) ? [rule] : splitRule(rule, exact, newRelation);
    for (const part of parts) {
      rules.push(part);
      source.set(part, index);
    }
  }
  return { rules, source, aux };
}

/** The rules defining the auxiliary relations split off `rule`, then what remains of it. */
function splitRule(
  rule: GameRule,
  exact: (relation: number) => boolean,
  newRelation: (arity: number) => AuxRelation,
): GameRule[] {
  const out: GameRule[] = [];
  let body = rule.body;
  for (;;) {
    const bucket = bestBucket(rule.head, body, exact);
    if (bucket === undefined) break;
    const head = variableAtom(newRelation(bucket.kept.length).id, bucket.kept);
    // The bucket keeps the body's order, which is safe (a guard's variables are bound by bucket literals
    // before it); the new literal takes the bucket's first place, before every guard that used its variables.
    const members = body.filter((l) => bucket.literals.has(l));
    out.push(...splitRule({ ...rule, head, body: members }, exact, newRelation));
    const first = body.indexOf(members[0]!);
    body = [
      ...body.slice(0, first),
      { kind: 'pos', atom: head },
      ...body.slice(first).filter((l) => !bucket.literals.has(l)),
    ];
  }
  if (out.length === 0) return [rule];
  out.push({ ...rule, body });
  return out;
}

interface Bucket {
  readonly literals: Set<BodyLiteral>;
  /** The bucket's variables used outside it, in increasing order: the auxiliary relation's arguments. */
  readonly kept: number[];
}

/**
 * The elimination whose auxiliary rule has the fewest variables (then the fewest arguments), or undefined when
 * none is worth making.
 */
function bestBucket(
  head: Atom,
  body: readonly BodyLiteral[],
  exact: (relation: number) => boolean,
): Bucket | undefined {
  const headVars = new Set<number>();
  for (const a of head.args) collectVariables(a, headVars);
  const vars = body.map((l) => literalVariables(l));
  const candidates = new Set<number>();
  for (const vs of vars) for (const v of vs) if (!headVars.has(v)) candidates.add(v);
  const width = new Set(headVars);
  for (const vs of vars) for (const v of vs) width.add(v);
  let best: (Bucket & { width: number }) | undefined;
  for (const v of candidates) {
    const literals = new Set(body.filter((_, i) => vars[i]!.has(v)));
    closeOverGuards(body, vars, literals);
    if (![...literals].some((l) => l.kind === 'pos' && !exact(l.atom.relation))) continue;
    const inside = new Set<number>();
    for (const l of literals) literalVariables(l, inside);
    // The rule is instantiated over up to (domain size)^(its variables): a split pays only when the bucket's
    // rule has fewer variables than the whole (the rest always has fewer: v is gone).
    if (inside.size >= width.size) continue;
    const outside = new Set(headVars);
    body.forEach((l, i) => {
      if (!literals.has(l)) for (const w of vars[i]!) outside.add(w);
    });
    const kept = [...inside].filter((w) => outside.has(w)).sort((a, b) => a - b);
    if (
      best === undefined ||
      inside.size < best.width ||
      (inside.size === best.width && kept.length < best.kept.length)
    ) {
      best = { literals, kept, width: inside.size };
    }
  }
  return best;
}

/** Adds to `literals` the positive literals that bind the variables of its guards, until it is safe. */
function closeOverGuards(
  body: readonly BodyLiteral[],
  vars: readonly Set<number>[],
  literals: Set<BodyLiteral>,
): void {
  for (let changed = true; changed; ) {
    changed = false;
    const bound = new Set<number>();
    for (const l of literals) if (l.kind === 'pos') literalVariables(l, bound);
    for (const l of literals) {
      if (l.kind === 'pos') continue;
      for (const w of literalVariables(l)) {
        if (bound.has(w)) continue;
        body.forEach((m, i) => {
          if (m.kind === 'pos' && vars[i]!.has(w) && !literals.has(m)) {
            literals.add(m);
            changed = true;
          }
        });
      }
    }
  }
}
