// The CTL*K_n formulas of the paper (giga13-06, Definition 3) over the atoms of a GDL-II game (section 3.3):
// true(f), legal(r, m), does(r, m), terminal, goal(r, n). Terms are kept as canonical KIF text; they are
// interned in a game's store only when a model is checked.

export type Atom =
  | { readonly kind: 'terminal' }
  | { readonly kind: 'true'; readonly fluent: string }
  | { readonly kind: 'legal'; readonly role: string; readonly move: string }
  | { readonly kind: 'does'; readonly role: string; readonly move: string }
  | { readonly kind: 'goal'; readonly role: string; readonly value: number };

export type Formula =
  | { readonly op: 'const'; readonly value: boolean }
  | { readonly op: 'atom'; readonly atom: Atom }
  | { readonly op: 'not'; readonly arg: Formula }
  | { readonly op: 'and' | 'or'; readonly args: readonly Formula[] }
  | { readonly op: 'implies' | 'iff'; readonly left: Formula; readonly right: Formula }
  /** Path quantifiers. */
  | { readonly op: 'A' | 'E'; readonly arg: Formula }
  /** Temporal operators over the current path. */
  | { readonly op: 'X' | 'F' | 'G'; readonly arg: Formula }
  | { readonly op: 'U'; readonly left: Formula; readonly right: Formula }
  /** K_i: the role knows (synchronous perfect recall). */
  | { readonly op: 'K'; readonly role: string; readonly arg: Formula };

export const TRUE: Formula = { op: 'const', value: true };
export const FALSE: Formula = { op: 'const', value: false };

export function atom(a: Atom): Formula {
  return { op: 'atom', atom: a };
}

export function not(arg: Formula): Formula {
  return { op: 'not', arg };
}

/** A conjunction; one conjunct is returned as is, none is `true`. */
export function and(args: readonly Formula[]): Formula {
  if (args.length === 0) return TRUE;
  return args.length === 1 ? args[0]! : { op: 'and', args };
}

/** A disjunction; one disjunct is returned as is, none is `false`. */
export function or(args: readonly Formula[]): Formula {
  if (args.length === 0) return FALSE;
  return args.length === 1 ? args[0]! : { op: 'or', args };
}

export function implies(left: Formula, right: Formula): Formula {
  return { op: 'implies', left, right };
}

export function knows(role: string, arg: Formula): Formula {
  return { op: 'K', role, arg };
}

/** The roles whose knowledge the formula speaks of. */
export function knowingRoles(f: Formula, into: Set<string> = new Set()): Set<string> {
  switch (f.op) {
    case 'K':
      into.add(f.role);
      return knowingRoles(f.arg, into);
    case 'const':
    case 'atom':
      return into;
    case 'and':
    case 'or':
      for (const a of f.args) knowingRoles(a, into);
      return into;
    case 'implies':
    case 'iff':
    case 'U':
      knowingRoles(f.left, into);
      return knowingRoles(f.right, into);
    default:
      return knowingRoles(f.arg, into);
  }
}

/** Whether the formula reads `does` (the joint move that led to the current state). */
export function readsMoves(f: Formula): boolean {
  switch (f.op) {
    case 'atom':
      return f.atom.kind === 'does';
    case 'const':
      return false;
    case 'and':
    case 'or':
      return f.args.some(readsMoves);
    case 'implies':
    case 'iff':
    case 'U':
      return readsMoves(f.left) || readsMoves(f.right);
    default:
      return readsMoves(f.arg);
  }
}
