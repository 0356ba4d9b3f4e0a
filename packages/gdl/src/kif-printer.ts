import type { GameDescription, Literal, Rule, Term } from './ast.js';
import { RuleVariableNames } from './variable-names.js';

// Canonical KIF: lowercase, single spaces, one rule per line, `(<= head lit...)`.

/** Prints a term; variables as `?name`, lowercased. */
export function printKifTerm(term: Term, names?: RuleVariableNames): string {
  switch (term.kind) {
    case 'const':
      return term.name;
    case 'var':
      return `?${names ? names.nameOf(term.name) : term.name.toLowerCase()}`;
    case 'compound':
      return `(${term.name} ${term.args.map((a) => printKifTerm(a, names)).join(' ')})`;
  }
}

export function printKifLiteral(literal: Literal, names?: RuleVariableNames): string {
  switch (literal.kind) {
    case 'atom':
      return printKifTerm(literal.atom, names);
    case 'not':
      return `(not ${printKifLiteral(literal.body, names)})`;
    case 'distinct':
      return `(distinct ${printKifTerm(literal.left, names)} ${printKifTerm(literal.right, names)})`;
    case 'or':
      return `(or ${literal.disjuncts.map((l) => printKifLiteral(l, names)).join(' ')})`;
    case 'and':
      return `(and ${literal.conjuncts.map((l) => printKifLiteral(l, names)).join(' ')})`;
  }
}

export function printKifRule(rule: Rule): string {
  // Variables that differ only in case (possible after infix parsing) must stay distinct in KIF.
  const names = new RuleVariableNames(
    (n) => n.toLowerCase(),
    (n) => n.toLowerCase(),
  );
  const head = printKifTerm(rule.head, names);
  if (rule.body.length === 0) return head;
  return `(<= ${head} ${rule.body.map((l) => printKifLiteral(l, names)).join(' ')})`;
}

/** One rule per line, newline-terminated. */
export function printKif(description: GameDescription): string {
  return description.rules.map((r) => `${printKifRule(r)}\n`).join('');
}
