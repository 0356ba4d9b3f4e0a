// ϕ_p of section 4 for p ∈ {init, true, next}: clauses deriving `vIol(I,p)` exactly when the state seen
// through view p violates property number I. "ϕ_p holds" is then `not vIol(I,p)`.
import type { Game, RelationId } from '@gdlkit/core';
import { aspGroundTerm, aspName, patternFunctor } from './asp-names.js';
import { type CountProperty, encodeCount } from './counter-invariant.js';
import type { Property } from './properties.js';
import { type View, viewPredicate } from './rule-translation.js';

/** Atoms an encoding reads: a relation in a view, restricted to one function symbol for keyword relations. */
export interface Need {
  readonly view: View;
  readonly relation: RelationId;
  /** `name/arity` of the feature or move argument, or `*` for any. */
  readonly functor: string;
}

export interface Encoding {
  readonly clauses: string[];
  readonly needs: Need[];
}

/** What an encoding needs to know about the game beyond its rules. */
export interface EncodingContext {
  readonly game: Game;
  /** Relation of the auxiliary rule `(<= gdlkit_state_N formula)` added for a state property. */
  stateRelation(formula: string): RelationId;
  /** Relation of the rule `(<= (gdlkit_count_N key... element) body)` added for a count property. */
  countRelation(property: CountProperty): RelationId;
  /** The default zero-sum total: the largest goal value the rules mention. */
  readonly maxGoal: number;
}

export function violation(index: number, view: View): string {
  return `vIol(${index},${view})`;
}

/** `part` selects one part of a count property's step (counter-invariant.ts); other kinds have one part. */
export function encodeProperty(
  ctx: EncodingContext,
  p: Property,
  index: number,
  view: View,
  part?: string,
): Encoding {
  const { game } = ctx;
  const viol = violation(index, view);
  switch (p.kind) {
    case 'unique': {
      const [name, arityText] = splitFunctor(p.feature);
      const arity = Number(arityText);
      const state = view;
      const unique = new Set(p.positions);
      const args = (tag: string): string[] =>
        Array.from({ length: arity }, (_, i) => (unique.has(i) ? `${tag}${i}` : `K${i}`));
      const fn = (list: string[]): string =>
        arity === 0 ? aspName(name) : `${aspName(name)}(${list.join(',')})`;
      const tuple = (tag: string): string => {
        const vs = p.positions.map((i) => `${tag}${i}`);
        return vs.length === 1 ? vs[0]! : `(${vs.join(',')})`;
      };
      const clauses = [
        `${viol} :- ${state}(${fn(args('A'))}), ${state}(${fn(args('B'))}), ${tuple('A')} != ${tuple('B')}.`,
      ];
      if (p.exactlyOne) {
        const keys = Array.from({ length: arity }, (_, i) => i).filter((i) => !unique.has(i));
        const has = `hAs(${index},${view}${keys.map((i) => `,K${i}`).join('')})`;
        const anyValue = Array.from({ length: arity }, (_, i) => (unique.has(i) ? '_' : `K${i}`));
        clauses.push(`${has} :- ${state}(${fn(anyValue)}).`);
        clauses.push(`${viol} :- fDom(${fn(anyValue)}), not ${has}.`);
      }
      return { clauses, needs: [{ view, relation: game.keywords.true, functor: p.feature }] };
    }
    case 'zero-sum': {
      const { goal, terminal, role } = game.keywords;
      const g = viewPredicate(game, goal, view);
      const t = viewPredicate(game, terminal, view);
      const total = p.total ?? ctx.maxGoal;
      const some = `gOal(${index},${view},R)`;
      return {
        clauses: [
          `${some} :- ${g}(R,_).`,
          `${viol} :- ${t}, role(R), not ${some}.`,
          `${viol} :- ${t}, ${g}(R,X), ${g}(R,Y), X != Y.`,
          `${viol} :- ${t}, #sum{ X,R : ${g}(R,X) } != ${total}.`,
        ],
        needs: [
          { view, relation: goal, functor: '*' },
          { view, relation: terminal, functor: '*' },
          { view: 'true', relation: role, functor: '*' },
        ],
      };
    }
    case 'group': {
      const terms = p.features.map((f) => game.parseTerm(f));
      const atoms = terms.map((t) => `${view}(${aspGroundTerm(game.store, t)})`);
      const clauses = atoms.flatMap((a, i) => atoms.slice(i + 1).map((b) => `${viol} :- ${a}, ${b}.`));
      if (p.exactlyOne) clauses.push(`${viol} :- ${atoms.map((a) => `not ${a}`).join(', ')}.`);
      const functors = new Set(terms.map((t) => patternFunctor(game.store, { kind: 'ground', term: t })!));
      return {
        clauses,
        needs: [...functors].map((functor) => ({ view, relation: game.keywords.true, functor })),
      };
    }
    case 'count':
      return encodeCount(game, p, ctx.countRelation(p), index, view, part);
    case 'state': {
      const relation = ctx.stateRelation(p.formula);
      return {
        clauses: [`${viol} :- not ${viewPredicate(game, relation, view)}.`],
        needs: [{ view, relation, functor: '*' }],
      };
    }
  }
}

export function splitFunctor(key: string): [string, string] {
  const slash = key.lastIndexOf('/');
  return [key.slice(0, slash), key.slice(slash + 1)];
}
