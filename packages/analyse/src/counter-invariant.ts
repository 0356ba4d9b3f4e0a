// A counter invariant: a counter feature (checkers' `(piece_count ?p ?n)`) is tied to the number of elements
// of a set defined on the state (the player's pieces on the board). Zero-sum needs exactly one count per
// player in every terminal state, and that is inductive only with such an invariant (a triple jump against a
// count below 3 leaves no count), which no uniqueness property states.
//
// Its induction step would compare two sums over the whole board (the count and the elements in the current
// state, and again in the successor) — pigeonhole-like, exponential for clause learning (docs/benchmarks.md,
// issue 24). The successor is therefore not counted; the step shows, for a state satisfying Φ and the
// invariant and a legal joint move:
//  (a) existence: every key has exactly one count in the successor (with the invariant in the current state
//      a k-jump finds the k captured pieces among the counted elements, so the count is at least k);
//  (b) delta, per key: count − count' RELATION lost − gained, where lost/gained are the elements that stop /
//      start being members — the elements whose membership differs, a handful per move, so the comparison
//      is local.
// Then #{successor} = #{current} − lost + gained (set arithmetic), and count RELATION #{current} with (b)
// gives count' RELATION #{successor}: the invariant holds in the successor. Each part is its own program
// (stepParts): no answer set for any part is no answer set for their disjunction, and one program per part
// is far easier for the solver than the disjunction (checkers: docs/benchmarks.md, fourth session).
import type { Game, RelationId } from '@gdlkit/core';
import { aspGroundTerm, aspName } from './asp-names.js';
import type { DomainProgram } from './domain-program.js';
import type { CountRelation, Property } from './properties.js';
import type { Encoding, Need } from './property-encoding.js';
import { type View, viewPredicate } from './rule-translation.js';

export type CountProperty = Extract<Property, { kind: 'count' }>;

/** The counter's function symbol and its key variables (every argument but the last, the count). */
export function counterParts(p: CountProperty): { readonly name: string; readonly keys: readonly string[] } {
  const [name, ...args] = p.counter.slice(1, -1).trim().split(/\s+/);
  return { name: name!, keys: args.slice(0, -1) };
}

/** `name/arity` of the counter feature. */
export function counterFeature(p: CountProperty): string {
  const { name, keys } = counterParts(p);
  return `${name}/${keys.length + 1}`;
}

/** The rule added to the game: its relation holds for (key..., element) when the element is counted. */
export function countRuleText(p: CountProperty, relation: string): string {
  const { keys } = counterParts(p);
  return `(<= (${relation} ${[...keys, p.element].join(' ')}) ${p.body})`;
}

/**
 * The step's parts: `one` (exactly one count per key in the successor) and the delta per key of the
 * counter's domain (`delta` alone when the domain's ground instances are not known).
 */
export function countStepParts(game: Game, domain: DomainProgram, p: CountProperty): string[] {
  const instances = domain.groundFeatures?.get(counterFeature(p));
  if (!instances) return ['one', 'delta'];
  const keys = new Set<string>();
  for (const text of instances) {
    const term = game.parseTerm(text);
    const args: string[] = [];
    for (let i = 0; i < game.store.arity(term) - 1; i++)
      args.push(aspGroundTerm(game.store, game.store.arg(term, i)));
    keys.add(args.join(','));
  }
  return ['one', ...[...keys].sort().map((k) => `delta:${k}`)];
}

/**
 * Why the counts cannot be compared, if so: they must be natural numbers (the delta subtracts them, and clingo
 * drops a rule whose arithmetic is undefined, which would hide a violation), checked against the feature
 * domain's ground instances — so those must be known.
 */
export function nonIntegerCount(game: Game, domain: DomainProgram, p: CountProperty): string | undefined {
  const instances = domain.groundFeatures?.get(counterFeature(p));
  if (!instances) return 'the counts are not known (the relaxed domain was not computed)';
  for (const text of instances) {
    const term = game.parseTerm(text);
    const count = game.store.toKif(game.store.arg(term, game.store.arity(term) - 1));
    if (!/^(0|[1-9][0-9]{0,8})$/.test(count)) return `the count of ${text} is not a natural number`;
  }
  return undefined;
}

/**
 * ϕ_view for a count property. In the init and true views: exactly one count per key, in the relation to the
 * number of counted elements. In the next view (the step only, where ϕ_true holds): the part asked for, or
 * all parts — (a) exactly one count per key and (b) the delta against the current state.
 */
export function encodeCount(
  game: Game,
  p: CountProperty,
  relation: RelationId,
  index: number,
  view: View,
  part?: string,
): Encoding {
  const { name, keys } = counterParts(p);
  const viol = `vIol(${index},${view})`;
  const k = keys.map((_, i) => `K${i}`);
  const key = k.length === 1 ? k[0]! : `(${k.join(',')})`;
  const count = (v: View, n: string) => `${v}(${aspName(name)}(${[...k, n].join(',')}))`;
  const member = (v: View, e: string) => `${viewPredicate(game, relation, v)}(${[...k, e].join(',')})`;
  const needs = (v: View): Need[] => [
    { view: v, relation: game.keywords.true, functor: counterFeature(p) },
    { view: v, relation, functor: '*' },
  ];
  const has = `hAs(${index},${view},${key})`;
  const exactlyOne = [
    `${viol} :- ${count(view, 'A')}, ${count(view, 'B')}, A != B.`,
    `${has} :- ${count(view, '_')}.`,
    `${viol} :- fDom(${aspName(name)}(${[...k, '_'].join(',')})), not ${has}.`,
  ];
  if (view !== 'next') {
    const violated = { '>=': 'N <', '=': 'N !=', '<=': 'N >' }[p.relation];
    return {
      clauses: [
        ...exactlyOne,
        `${viol} :- ${count(view, 'N')}, ${violated} #count{ E : ${member(view, 'E')} }.`,
      ],
      needs: needs(view),
    };
  }
  const clauses: string[] = [];
  if (part === undefined || part === 'one') clauses.push(...exactlyOne);
  if (part === undefined || part.startsWith('delta')) {
    const only = part?.startsWith('delta:') ? `, ${key} = (${part.slice('delta:'.length)})` : '';
    const lost = `lOst(${index},${key},E)`;
    const gained = `gAined(${index},${key},E)`;
    clauses.push(
      `${lost} :- ${member('true', 'E')}, not ${member('next', 'E')}.`,
      `${gained} :- ${member('next', 'E')}, not ${member('true', 'E')}.`,
      `dIff(${index},${key},C-D) :- ${count('true', 'C')}, ${count('next', 'D')}.`,
      `${viol} :- dIff(${index},${key},X)${only}, #sum{ 1,E : ${lost}; -1,E : ${gained} } ${DELTA_VIOLATED[p.relation]} X.`,
    );
  }
  return { clauses, needs: [...needs('next'), ...needs('true')] };
}

/**
 * count − count' versus lost − gained: with count ≥ #current, count' ≥ #successor needs
 * count − count' ≤ lost − gained, violated when the sum is smaller; `=` needs equality, `<=` the converse.
 */
const DELTA_VIOLATED: Record<CountRelation, string> = { '>=': '<', '=': '!=', '<=': '>' };
