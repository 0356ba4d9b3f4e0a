import type { SourceSpan } from '@gdlkit/gdl';
import type { SymbolId, TermId } from '../terms/term-store.js';

/** Index into Game.relations. A relation is a name with an arity: p/1 and p/2 are distinct relations. */
export type RelationId = number;

export interface Relation {
  readonly id: RelationId;
  readonly name: string;
  readonly symbol: SymbolId;
  readonly arity: number;
  /** `name/arity`. */
  readonly key: string;
  /** Introduced by normalisation (negated conjunctions, existential negation); never printed in a state. */
  readonly auxiliary: boolean;
}

/** A ground term. */
export interface GroundPattern {
  readonly kind: 'ground';
  readonly term: TermId;
}

/** A rule variable, numbered 0 .. rule.variableCount-1. */
export interface VariablePattern {
  readonly kind: 'var';
  readonly index: number;
}

/** A function term with at least one variable inside. */
export interface FunctionPattern {
  readonly kind: 'fn';
  readonly functor: SymbolId;
  readonly args: readonly Pattern[];
}

export type Pattern = GroundPattern | VariablePattern | FunctionPattern;

export interface Atom {
  readonly relation: RelationId;
  readonly args: readonly Pattern[];
}

export type BodyLiteral =
  | { readonly kind: 'pos'; readonly atom: Atom }
  | { readonly kind: 'neg'; readonly atom: Atom }
  | { readonly kind: 'distinct'; readonly left: Pattern; readonly right: Pattern };

/**
 * A normalised rule: no `or`, no nested negation, every variable bound by a positive literal before it is used
 * in a negative literal or `distinct` (the body is in that safe order). Facts have an empty body and a
 * ground head.
 */
export interface GameRule {
  readonly head: Atom;
  readonly body: readonly BodyLiteral[];
  readonly variableCount: number;
  /** Source names of the variables, for printing. */
  readonly variableNames: readonly string[];
  readonly span: SourceSpan;
}

export function isGroundPattern(p: Pattern): p is GroundPattern {
  return p.kind === 'ground';
}

/** Variables of a pattern, appended to `into`. */
export function collectVariables(p: Pattern, into: Set<number>): Set<number> {
  if (p.kind === 'var') into.add(p.index);
  else if (p.kind === 'fn') for (const a of p.args) collectVariables(a, into);
  return into;
}

export function literalVariables(l: BodyLiteral, into = new Set<number>()): Set<number> {
  if (l.kind === 'distinct') {
    collectVariables(l.left, into);
    collectVariables(l.right, into);
  } else {
    for (const a of l.atom.args) collectVariables(a, into);
  }
  return into;
}
