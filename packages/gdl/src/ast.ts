// The syntax tree every front end (KIF, Prolog-style infix) produces. Names are lowercased at parse time
// because GDL symbols are case-insensitive; spans point into the original text for diagnostics.

export interface SourceSpan {
  readonly file: string;
  /** 1-based line of the first character. */
  readonly line: number;
  /** 1-based column of the first character. */
  readonly column: number;
  /** 0-based offset of the first character and the length in characters. */
  readonly offset: number;
  readonly length: number;
}

export interface Constant {
  readonly kind: 'const';
  readonly name: string;
  readonly span: SourceSpan;
}

export interface Variable {
  readonly kind: 'var';
  /** Without the leading '?', lowercased (KIF) or as written (infix, where case marks variables). */
  readonly name: string;
  readonly span: SourceSpan;
}

export interface Compound {
  readonly kind: 'compound';
  readonly name: string;
  readonly args: readonly Term[];
  readonly span: SourceSpan;
}

export type Term = Constant | Variable | Compound;

/** A relation occurrence: a constant (zero arity) or a compound. */
export type AtomTerm = Constant | Compound;

export interface PositiveLiteral {
  readonly kind: 'atom';
  readonly atom: AtomTerm;
  readonly span: SourceSpan;
}

export interface NegativeLiteral {
  readonly kind: 'not';
  readonly body: Literal;
  readonly span: SourceSpan;
}

export interface DistinctLiteral {
  readonly kind: 'distinct';
  readonly left: Term;
  readonly right: Term;
  readonly span: SourceSpan;
}

export interface OrLiteral {
  readonly kind: 'or';
  readonly disjuncts: readonly Literal[];
  readonly span: SourceSpan;
}

export interface AndLiteral {
  readonly kind: 'and';
  readonly conjuncts: readonly Literal[];
  readonly span: SourceSpan;
}

export type Literal = PositiveLiteral | NegativeLiteral | DistinctLiteral | OrLiteral | AndLiteral;

/** A fact is a rule with an empty body. */
export interface Rule {
  readonly kind: 'rule';
  readonly head: AtomTerm;
  readonly body: readonly Literal[];
  readonly span: SourceSpan;
}

export interface GameDescription {
  readonly file: string;
  readonly rules: readonly Rule[];
}
