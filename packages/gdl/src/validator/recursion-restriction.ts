import type { AtomTerm, GameDescription, Term } from '../ast.js';
import { printKifTerm } from '../kif-printer.js';
import { DiagnosticCodes } from './codes.js';
import { type DependencyGraph, definesRelation } from './dependency-graph.js';
import type { Reporter } from './reporter.js';
import { bodyAtoms, collectVariables, isGround, occursIn, relationKey, sameTerm } from './rule-walk.js';

/**
 * The GDL recursion restriction, which keeps recursive rules from generating unboundedly many terms: in a rule
 * with head p(s1..sm) and a positive body literal q(t1..tn) where q is in p's component, every ti must be
 * ground, a variable of the head, one of the si, or occur in a positive body literal whose relation is not in
 * p's component.
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
    const headVariables = collectVariables(rule.head, new Map());
    const anchors = positive.filter((o) => !graph.sameComponent(p, relationKey(o.atom))).map((o) => o.atom);
    const allowed = (t: Term): boolean =>
      isGround(t) ||
      (t.kind === 'var' && headVariables.has(t.name)) ||
      headArgs.some((s) => sameTerm(s, t)) ||
      anchors.some((a) => occursIn(t, a));
    for (const { atom } of recursive) {
      for (const t of argumentsOf(atom)) {
        if (allowed(t)) continue;
        reporter.report(
          DiagnosticCodes.recursionRestriction,
          `argument ${printKifTerm(t)} of ${atom.name}, which is recursive with ${p}, must be ground, a head ` +
            'variable, or occur in a positive body literal of a relation outside the recursion: add such a literal',
          t.span,
        );
      }
    }
  }
}

function argumentsOf(atom: AtomTerm): readonly Term[] {
  return atom.kind === 'compound' ? atom.args : [];
}
