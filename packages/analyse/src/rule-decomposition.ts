// Rules with long bodies rewritten so that the grounder instantiates far fewer rules, with the same answer
// sets on the game's atoms (the paper, section 6: "the main influence on the time and space required is the
// number and size of the rules").
// 1. Unfolding: a positive literal of a static relation defined by one rule with a positive body and only
//    variables as distinct head arguments is replaced by that body.
// 2. Variable elimination (projection): a variable V that occurs neither in the head nor in a negative literal
//    or distinct, only in the positive literals L_V, is existentially quantified over L_V alone; L_V becomes
//    one auxiliary atom over L_V's other variables, defined by `aux :- L_V`. For positive literals this is an
//    equivalence (∃V (L_V ∧ R) ≡ (∃V L_V) ∧ R when V is not in R), so answer sets restricted to the game's
//    atoms are unchanged.
// Quarto's `line` joins four cells with a static `set` of the four pieces: 4 rows, 4 columns and 2 diagonals
// of 16^4 piece combinations, ~300 k ground rules per state view. Unfolded and projected, each cell becomes
// `aux(Y,N,B) :- true(cell(1,Y,P)), bitNIs(N,P,B)`, and a line four such atoms: a few thousand rules.
import {
  type Atom,
  type BodyLiteral,
  collectVariables,
  type Game,
  type GameRule,
  literalVariables,
  type Pattern,
} from '@gdlkit/core';
import { atomText, literalText as gameLiteralText, ruleText, type View } from './rule-translation.js';

/** Rules with fewer positive literals are printed as they are. */
const MIN_POSITIVE = 4;

type Literal =
  | BodyLiteral
  | { readonly kind: 'aux'; readonly name: string; readonly vars: readonly number[] };

function substitute(p: Pattern, map: ReadonlyMap<number, Pattern>): Pattern {
  if (p.kind === 'var') return map.get(p.index) ?? p;
  if (p.kind === 'fn') return { ...p, args: p.args.map((a) => substitute(a, map)) };
  return p;
}

function substituteLiteral(l: BodyLiteral, map: ReadonlyMap<number, Pattern>): BodyLiteral {
  if (l.kind === 'distinct') return { ...l, left: substitute(l.left, map), right: substitute(l.right, map) };
  return { ...l, atom: { ...l.atom, args: l.atom.args.map((a) => substitute(a, map)) } };
}

/** The single positive defining rule of a static relation whose head arguments are distinct variables. */
function unfoldable(game: Game, atom: Atom): GameRule | undefined {
  const { analysis } = game;
  if (analysis.dynamic[atom.relation] || analysis.recursive[atom.relation]) return undefined;
  const rules = game.rulesByHead[atom.relation]!;
  if (rules.length !== 1) return undefined;
  const rule = rules[0]!;
  if (rule.body.length === 0 || rule.body.some((l) => l.kind === 'neg')) return undefined;
  const heads = rule.head.args.map((a) => (a.kind === 'var' ? a.index : -1));
  if (heads.some((v) => v < 0) || new Set(heads).size !== heads.length) return undefined;
  return rule;
}

function unfold(game: Game, rule: GameRule): { body: BodyLiteral[]; variableCount: number } {
  let next = rule.variableCount;
  const body: BodyLiteral[] = [];
  for (const l of rule.body) {
    const definition = l.kind === 'pos' ? unfoldable(game, l.atom) : undefined;
    if (!definition || l.kind !== 'pos') {
      body.push(l);
      continue;
    }
    const map = new Map<number, Pattern>();
    definition.head.args.forEach((a, i) => {
      if (a.kind === 'var') map.set(a.index, l.atom.args[i]!);
    });
    for (let v = 0; v < definition.variableCount; v++) {
      if (!map.has(v)) map.set(v, { kind: 'var', index: next++ });
    }
    body.push(...definition.body.map((d) => substituteLiteral(d, map)));
  }
  return { body, variableCount: next };
}

function variablesOf(l: Literal): Set<number> {
  return l.kind === 'aux' ? new Set(l.vars) : literalVariables(l);
}

const isPositive = (l: Literal): boolean => l.kind === 'pos' || l.kind === 'aux';

/**
 * The rule as clingo text in the view: the rule itself over auxiliary atoms, then the auxiliary rules, one per
 * line. `tag` makes the auxiliary names unique (rule index and view).
 */
export function decomposedRuleText(game: Game, rule: GameRule, view: View, tag: string): string {
  if (rule.body.filter((l) => l.kind === 'pos').length < MIN_POSITIVE) return ruleText(game, rule, view);
  const unfolded = unfold(game, rule);
  let body: Literal[] = unfolded.body;
  const head = new Set<number>();
  for (const a of rule.head.args) collectVariables(a, head);
  const auxRules: string[] = [];
  for (;;) {
    // The eliminable variable whose auxiliary atom has the fewest variables, then the fewest literals.
    let best: { v: number; group: Literal[]; vars: number[] } | undefined;
    const candidates = new Set<number>();
    for (const l of body) for (const v of variablesOf(l)) candidates.add(v);
    for (const v of candidates) {
      if (head.has(v)) continue;
      const group = body.filter((l) => variablesOf(l).has(v));
      if (group.some((l) => !isPositive(l)) || group.length < 2 || group.length === body.length) continue;
      const vars = [...new Set(group.flatMap((l) => [...variablesOf(l)]))].filter((x) => x !== v).sort();
      const better =
        !best ||
        vars.length < best.vars.length ||
        (vars.length === best.vars.length && group.length < best.group.length);
      if (better) best = { v, group, vars };
    }
    if (!best) break;
    const name = `aUx${tag}_${auxRules.length}`;
    const aux: Literal = { kind: 'aux', name, vars: best.vars };
    auxRules.push(`${auxText(aux)} :- ${best.group.map((l) => literalText(game, l, view)).join(', ')}.`);
    body = [...body.filter((l) => !best.group.includes(l)), aux];
  }
  const main = `${atomText(game, rule.head, view)} :- ${body.map((l) => literalText(game, l, view)).join(', ')}.`;
  return [main, ...auxRules].join('\n');
}

function auxText(l: { readonly name: string; readonly vars: readonly number[] }): string {
  return l.vars.length === 0 ? l.name : `${l.name}(${l.vars.map((v) => `V${v}`).join(',')})`;
}

function literalText(game: Game, l: Literal, view: View): string {
  return l.kind === 'aux' ? auxText(l) : gameLiteralText(game, l, view);
}
