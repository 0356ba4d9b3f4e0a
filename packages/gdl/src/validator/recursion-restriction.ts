import type { AtomTerm, GameDescription, Term } from '../ast.js';
import { printKifRule, printKifTerm } from '../kif-printer.js';
import { DiagnosticCodes } from './codes.js';
import { type DependencyGraph, definesRelation } from './dependency-graph.js';
import type { Reporter } from './reporter.js';
import { bodyAtoms, isGround, occursIn, relationKey, sameTerm } from './rule-walk.js';

/**
 * The recursion restriction of the GDL specification (Love et al. 2008, section "Restrictions"), which keeps
 * recursive rules from building unboundedly many terms: in a rule with head p(s1..sm) and a positive body
 * literal q(t1..tn) where q is in p's component, every ti must be ground, one of the si, or occur in a positive
 * body literal whose relation is not in p's component. A variable that only occurs inside a head argument does
 * not qualify: `(<= (n (s ?x)) (n ?x))` derives n(s(s(...))) without end. Corpus files bend the rule with
 * terminating arithmetic, so it is a lenient deviation.
 */
export function checkRecursionRestriction(
  description: GameDescription,
  graph: DependencyGraph,
  reporter: Reporter,
) {
  for (const rule of description.rules) {
    if (!definesRelation(rule)) continue;
    const p = relationKey(rule.head);
    const positive = bodyAtoms(rule.body).filter((o) => !o.negative);
    const recursive = positive.filter((o) => graph.sameComponent(p, relationKey(o.atom)));
    if (recursive.length === 0) continue;
    const headArgs = rule.head.kind === 'compound' ? rule.head.args : [];
    const anchors = positive.filter((o) => !graph.sameComponent(p, relationKey(o.atom))).map((o) => o.atom);
    const allowed = (t: Term): boolean =>
      isGround(t) || headArgs.some((s) => sameTerm(s, t)) || anchors.some((a) => occursIn(t, a));
    for (const { atom } of recursive) {
      for (const t of argumentsOf(atom)) {
        if (allowed(t)) continue;
        reporter.report(
          DiagnosticCodes.recursionRestriction,
          `in the rule ${abbreviate(printKifRule(rule))}, argument ${printKifTerm(t)} of ${atom.name} (recursive ` +
            `with ${p}) is neither ground, an argument of the head, nor in a positive body literal of a relation ` +
            'outside the recursion, so the rule can build unboundedly deep terms: bound it by such a literal',
          t.span,
        );
      }
    }
  }
}

const SHOWN_RULE_LENGTH = 120;

function abbreviate(text: string): string {
  return text.length <= SHOWN_RULE_LENGTH ? text : `${text.slice(0, SHOWN_RULE_LENGTH - 3)}...`;
}

function argumentsOf(atom: AtomTerm): readonly Term[] {
  return atom.kind === 'compound' ? atom.args : [];
}
