import type { GameDescription, Literal, SourceSpan, Term } from '../ast.js';
import { DiagnosticCodes } from './codes.js';
import { KEYWORD_ARITY } from './keywords.js';
import type { Reporter } from './reporter.js';
import { arity, bodyAtoms } from './rule-walk.js';

/** First span seen for each arity of each name. */
type ArityUses = Map<string, Map<number, SourceSpan>>;

function note(uses: ArityUses, name: string, n: number, span: SourceSpan): void {
  let byArity = uses.get(name);
  if (!byArity) uses.set(name, (byArity = new Map()));
  if (!byArity.has(n)) byArity.set(n, span);
}

function noteFunctions(uses: ArityUses, term: Term): void {
  if (term.kind === 'var') return;
  note(uses, term.name, term.kind === 'compound' ? term.args.length : 0, term.span);
  if (term.kind === 'compound') for (const a of term.args) noteFunctions(uses, a);
}

/**
 * Each relation and each function symbol should have one arity. Constants count as functions of arity 0.
 * Keywords are left to the keyword check, which knows their fixed arities.
 */
export function checkArity(description: GameDescription, reporter: Reporter): void {
  const relations: ArityUses = new Map();
  const functions: ArityUses = new Map();
  for (const rule of description.rules) {
    const atoms = [rule.head, ...bodyAtoms(rule.body).map((o) => o.atom)];
    for (const atom of atoms) {
      if (!KEYWORD_ARITY.has(atom.name)) note(relations, atom.name, arity(atom), atom.span);
      if (atom.kind === 'compound') for (const a of atom.args) noteFunctions(functions, a);
    }
    forEachDistinctTerm(rule.body, (t) => noteFunctions(functions, t));
  }
  reportSeveral(relations, 'relation', DiagnosticCodes.relationArity, reporter);
  reportSeveral(functions, 'function', DiagnosticCodes.functionArity, reporter);
}

function forEachDistinctTerm(body: readonly Literal[], visit: (t: Term) => void): void {
  for (const l of body) {
    if (l.kind === 'distinct') {
      visit(l.left);
      visit(l.right);
    } else if (l.kind === 'not') forEachDistinctTerm([l.body], visit);
    else if (l.kind === 'or') forEachDistinctTerm(l.disjuncts, visit);
    else if (l.kind === 'and') forEachDistinctTerm(l.conjuncts, visit);
  }
}

function reportSeveral(
  uses: ArityUses,
  kind: 'relation' | 'function',
  code: typeof DiagnosticCodes.relationArity | typeof DiagnosticCodes.functionArity,
  reporter: Reporter,
): void {
  for (const [name, byArity] of uses) {
    if (byArity.size < 2) continue;
    // The first arity met is the reference; every other arity is reported where it first appears.
    const [[firstArity, firstSpan], ...others] = [...byArity];
    for (const [n, span] of others) {
      reporter.report(
        code,
        `${kind} ${name} has ${plural(n)} here but ${plural(firstArity!)} at line ${firstSpan!.line}: ` +
          `rename one of them or make the arities agree (lenient mode treats them as different ${kind}s)`,
        span,
      );
    }
  }
}

function plural(n: number): string {
  return n === 1 ? '1 argument' : `${n} arguments`;
}
