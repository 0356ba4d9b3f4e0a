// The checker's form of a formula: CTL with knowledge, in negation normal form. Every path quantifier is
// followed by one temporal operator (EX/AX, EU/AU, ER/AR, "release"), negation stands on atoms only, and
// ¬K_i is "possible for i" (MK). A path formula outside that fragment (E(F p ∧ G q), E G F p, ...) stays
// whole under its quantifier (EP/AP, over state subformulas already in this form) and is decided through an
// automaton product (check/path-automaton.ts, check/path-product.ts). to-ctl.ts translates CTL*K into it.
import type { Atom } from './ast.js';

/**
 * A path formula in negation normal form over state formulas (LTL whose atoms are `state` leaves); R is
 * release, l R r ≡ ¬(¬l U ¬r).
 */
export type PathFormula =
  | { readonly op: 'state'; readonly ctl: Ctl }
  | { readonly op: 'and' | 'or'; readonly args: readonly PathFormula[] }
  | { readonly op: 'X' | 'F' | 'G'; readonly arg: PathFormula }
  | { readonly op: 'U' | 'R'; readonly left: PathFormula; readonly right: PathFormula };

export type Ctl =
  | { readonly op: 'const'; readonly value: boolean }
  | { readonly op: 'lit'; readonly atom: Atom; readonly positive: boolean }
  | { readonly op: 'and' | 'or'; readonly args: readonly Ctl[] }
  | { readonly op: 'EX' | 'AX'; readonly arg: Ctl }
  /** E[l U r], A[l U r]: r eventually, l until then. */
  | { readonly op: 'EU' | 'AU'; readonly left: Ctl; readonly right: Ctl }
  /** E[l R r], A[l R r]: r until and including the first l, or forever (EG r = E[false R r]). */
  | { readonly op: 'ER' | 'AR'; readonly left: Ctl; readonly right: Ctl }
  /** K_i φ (knows) and its dual MK_i φ = ¬K_i¬φ (considers φ possible). */
  | { readonly op: 'K' | 'MK'; readonly role: string; readonly arg: Ctl }
  /** E φ, A φ for a path formula φ outside the CTL fragment (AP φ ≡ ¬EP ¬φ). */
  | { readonly op: 'EP' | 'AP'; readonly path: PathFormula };

/** The nesting depth of knowledge operators: the belief level the formula is evaluated on. */
export function knowledgeDepth(f: Ctl): number {
  switch (f.op) {
    case 'const':
    case 'lit':
      return 0;
    case 'and':
    case 'or':
      return Math.max(0, ...f.args.map(knowledgeDepth));
    case 'EX':
    case 'AX':
      return knowledgeDepth(f.arg);
    case 'K':
    case 'MK':
      return 1 + knowledgeDepth(f.arg);
    case 'EP':
    case 'AP':
      return Math.max(0, ...stateLeaves(f.path).map(knowledgeDepth));
    default:
      return Math.max(knowledgeDepth(f.left), knowledgeDepth(f.right));
  }
}

/** The state formulas a path formula reads (its atoms), in order of appearance, repeated as they occur. */
export function stateLeaves(p: PathFormula, into: Ctl[] = []): Ctl[] {
  switch (p.op) {
    case 'state':
      into.push(p.ctl);
      return into;
    case 'and':
    case 'or':
      for (const a of p.args) stateLeaves(a, into);
      return into;
    case 'X':
    case 'F':
    case 'G':
      return stateLeaves(p.arg, into);
    default:
      stateLeaves(p.left, into);
      return stateLeaves(p.right, into);
  }
}

/** Whether the formula holds a path formula outside the CTL fragment (EP or AP). */
export function hasPathFormula(f: Ctl): boolean {
  switch (f.op) {
    case 'EP':
    case 'AP':
      return true;
    case 'const':
    case 'lit':
      return false;
    case 'and':
    case 'or':
      return f.args.some(hasPathFormula);
    case 'EX':
    case 'AX':
    case 'K':
    case 'MK':
      return hasPathFormula(f.arg);
    default:
      return hasPathFormula(f.left) || hasPathFormula(f.right);
  }
}

/** The negation normal form of ¬p. */
export function negatePath(p: PathFormula): PathFormula {
  switch (p.op) {
    case 'state':
      return { op: 'state', ctl: negate(p.ctl) };
    case 'and':
    case 'or':
      return { op: p.op === 'and' ? 'or' : 'and', args: p.args.map(negatePath) };
    case 'X':
      return { op: 'X', arg: negatePath(p.arg) };
    case 'F':
    case 'G':
      return { op: p.op === 'F' ? 'G' : 'F', arg: negatePath(p.arg) };
    case 'U':
    case 'R':
      return { op: p.op === 'U' ? 'R' : 'U', left: negatePath(p.left), right: negatePath(p.right) };
  }
}

/** A key that identifies a subformula (for memoising its satisfaction set). */
export function ctlKey(f: Ctl): string {
  return JSON.stringify(f);
}

/** The normal form of ¬f. */
export function negate(f: Ctl): Ctl {
  switch (f.op) {
    case 'const':
      return { op: 'const', value: !f.value };
    case 'lit':
      return { ...f, positive: !f.positive };
    case 'and':
    case 'or':
      return { op: f.op === 'and' ? 'or' : 'and', args: f.args.map(negate) };
    case 'EX':
    case 'AX':
      return { op: f.op === 'EX' ? 'AX' : 'EX', arg: negate(f.arg) };
    case 'K':
    case 'MK':
      return { op: f.op === 'K' ? 'MK' : 'K', role: f.role, arg: negate(f.arg) };
    case 'EU':
      return { op: 'AR', left: negate(f.left), right: negate(f.right) };
    case 'AU':
      return { op: 'ER', left: negate(f.left), right: negate(f.right) };
    case 'ER':
      return { op: 'AU', left: negate(f.left), right: negate(f.right) };
    case 'AR':
      return { op: 'EU', left: negate(f.left), right: negate(f.right) };
    case 'EP':
    case 'AP':
      return { op: f.op === 'EP' ? 'AP' : 'EP', path: negatePath(f.path) };
  }
}
