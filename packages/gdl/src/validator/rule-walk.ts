import type { AtomTerm, Literal, Term, Variable } from '../ast.js';

// Small read-only views of rules shared by the checks.

export interface AtomOccurrence {
  readonly atom: AtomTerm;
  /** Under at least one `not`. */
  readonly negative: boolean;
}

export function arity(atom: AtomTerm): number {
  return atom.kind === 'compound' ? atom.args.length : 0;
}

/** The identity of a relation: several arities of one name are distinct relations. */
export function relationKey(atom: AtomTerm): string {
  return `${atom.name}/${arity(atom)}`;
}

/** Every relation atom of a body, including those inside `not`, `or` and `and`, in reading order. */
export function bodyAtoms(body: readonly Literal[]): AtomOccurrence[] {
  const out: AtomOccurrence[] = [];
  const visit = (literals: readonly Literal[], negative: boolean): void => {
    for (const l of literals) {
      if (l.kind === 'atom') out.push({ atom: l.atom, negative });
      else if (l.kind === 'not') visit([l.body], true);
      else if (l.kind === 'or') visit(l.disjuncts, negative);
      else if (l.kind === 'and') visit(l.conjuncts, negative);
    }
  };
  visit(body, false);
  return out;
}

/** Adds the variables of a term, first occurrence kept, to `out`. */
export function collectVariables(term: Term, out: Map<string, Variable>): Map<string, Variable> {
  if (term.kind === 'var') {
    if (!out.has(term.name)) out.set(term.name, term);
  } else if (term.kind === 'compound') {
    for (const a of term.args) collectVariables(a, out);
  }
  return out;
}

export function literalVariables(l: Literal, out: Map<string, Variable>): Map<string, Variable> {
  switch (l.kind) {
    case 'atom':
      return collectVariables(l.atom, out);
    case 'not':
      return literalVariables(l.body, out);
    case 'distinct':
      collectVariables(l.left, out);
      return collectVariables(l.right, out);
    case 'or':
      for (const d of l.disjuncts) literalVariables(d, out);
      return out;
    case 'and':
      for (const c of l.conjuncts) literalVariables(c, out);
      return out;
  }
}

export function isGround(term: Term): boolean {
  if (term.kind === 'var') return false;
  return term.kind === 'const' || term.args.every(isGround);
}

export function sameTerm(a: Term, b: Term): boolean {
  if (a.kind !== b.kind || a.name !== b.name) return false;
  if (a.kind !== 'compound' || b.kind !== 'compound') return true;
  return a.args.length === b.args.length && a.args.every((x, i) => sameTerm(x, b.args[i]!));
}

/** Whether `part` occurs in `whole` (as `whole` itself or as a subterm). */
export function occursIn(part: Term, whole: Term): boolean {
  return sameTerm(part, whole) || (whole.kind === 'compound' && whole.args.some((a) => occursIn(part, a)));
}

/** A variable as the user wrote it: infix variables start uppercase or with '_', KIF ones with '?'. */
export function showVariable(v: Variable): string {
  return /^[A-Z_]/.test(v.name) ? v.name : `?${v.name}`;
}
