import type { GameDescription, Literal, Rule, Term } from './ast.js';
import { RuleVariableNames } from './variable-names.js';

// Prolog-style text as read by parseInfix: `head :- lit & ~lit & (a | b).`

const PLAIN_NAME = /^[a-z0-9][a-z0-9_]*$/;
const PLAIN_VARIABLE = /^[A-Z_][A-Za-z0-9_]*$/;
/** Names the parser would read as operators when unquoted. */
const RESERVED = new Set(['not', 'distinct']);

/** A constant or functor: bare when the tokenizer reads it back unchanged, otherwise quoted. */
export function printInfixName(name: string): string {
  if (PLAIN_NAME.test(name) && !RESERVED.has(name)) return name;
  return `'${name.replaceAll("'", "''")}'`;
}

/** An infix variable name for any variable name (KIF ones are lowercase and may contain '+', '-'). */
function spellVariable(name: string): string {
  if (PLAIN_VARIABLE.test(name) && name !== '_') return name;
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, '_');
  const first = cleaned.charAt(0);
  if (first >= 'a' && first <= 'z') return first.toUpperCase() + cleaned.slice(1);
  return cleaned === '_' || !cleaned.startsWith('_') ? `V${cleaned}` : cleaned;
}

export function printInfixTerm(
  term: Term,
  names: RuleVariableNames = new RuleVariableNames(spellVariable),
): string {
  switch (term.kind) {
    case 'const':
      return printInfixName(term.name);
    case 'var':
      return names.nameOf(term.name);
    case 'compound':
      return `${printInfixName(term.name)}(${term.args.map((a) => printInfixTerm(a, names)).join(', ')})`;
  }
}

export function printInfixLiteral(
  literal: Literal,
  names: RuleVariableNames = new RuleVariableNames(spellVariable),
): string {
  switch (literal.kind) {
    case 'atom':
      return printInfixTerm(literal.atom, names);
    case 'not':
      return `~${printInfixLiteral(literal.body, names)}`;
    case 'distinct':
      return `distinct(${printInfixTerm(literal.left, names)}, ${printInfixTerm(literal.right, names)})`;
    case 'or':
      return `(${literal.disjuncts.map((l) => printInfixLiteral(l, names)).join(' | ')})`;
    case 'and':
      return `(${literal.conjuncts.map((l) => printInfixLiteral(l, names)).join(' & ')})`;
  }
}

export function printInfixRule(rule: Rule): string {
  const names = new RuleVariableNames(spellVariable);
  const head = printInfixTerm(rule.head, names);
  if (rule.body.length === 0) return `${head}.`;
  return `${head} :- ${rule.body.map((l) => printInfixLiteral(l, names)).join(' & ')}.`;
}

/** One clause per line, newline-terminated. */
export function printInfix(description: GameDescription): string {
  return description.rules.map((r) => `${printInfixRule(r)}\n`).join('');
}
