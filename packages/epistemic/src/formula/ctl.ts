// The checker's form of a formula: CTL with knowledge, in negation normal form. Every path quantifier is
// followed by one temporal operator (EX/AX, EU/AU, ER/AR, "release"), negation stands on atoms only, and
// ¬K_i is "possible for i" (MK). to-ctl.ts translates the CTL*K formulas the checker can decide into it.
import type { Atom } from './ast.js';

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
  | { readonly op: 'K' | 'MK'; readonly role: string; readonly arg: Ctl };

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
    default:
      return Math.max(knowledgeDepth(f.left), knowledgeDepth(f.right));
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
  }
}
