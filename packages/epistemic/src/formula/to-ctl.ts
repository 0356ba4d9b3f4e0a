// Translates a CTL*K formula (giga13-06, Definition 3) into the checker's CTL normal form. A property holds when
// it holds at the initial point of every run, so a top-level path formula is read under A. Path formulas are
// decided through the equivalences that let a quantifier pass a temporal operator: E X ψ ≡ EX Eψ, E F ψ ≡ EF Eψ,
// E(α U ψ) ≡ E[α U Eψ], E(Xψ ∧ Xχ) ≡ EX E(ψ ∧ χ), A X ψ ≡ AX Aψ, A(Xψ ∨ Xχ) ≡ AX A(ψ ∨ χ), A G ψ ≡ AG Aψ,
// A(α R ψ) ≡ A[α R Aψ] for state formulas α, A distributes over ∧ and E over ∨ (the CTL fast path). Any other
// path formula (E(F p ∧ G q), E G F p, A(G F p → F q), ...) stays whole under its quantifier as EP/AP, with its
// state subformulas translated, for the automaton product (check/path-product.ts). K_i over a path formula reads
// as K_i A: under synchronous perfect recall the points i cannot tell from (r, m) include every continuation of
// each such history (Definition 4), so K_i φ ≡ K_i A φ.
import type { Formula } from './ast.js';
import type { Ctl, PathFormula as Path } from './ctl.js';

const TRUE: Ctl = { op: 'const', value: true };
const FALSE: Ctl = { op: 'const', value: false };

interface Context {
  /** Every quantified path formula goes to the automaton product, even within the CTL fragment. */
  readonly automaton: boolean;
}

export interface ToCtlOptions {
  /**
   * Decide every path formula through the automaton product, none on the CTL fast path (for cross-checking the
   * two routes).
   */
  readonly automaton?: boolean;
}

/** The CTL form of a property: `A formula` at the initial state. */
export function toCtl(formula: Formula, options: ToCtlOptions = {}): Ctl {
  const ctx: Context = { automaton: options.automaton === true };
  return pathA(toPath(formula, true, ctx), ctx);
}

function isTemporal(f: Formula): boolean {
  switch (f.op) {
    case 'X':
    case 'F':
    case 'G':
    case 'U':
      return true;
    case 'const':
    case 'atom':
    case 'A':
    case 'E':
    case 'K':
      return false;
    case 'not':
      return isTemporal(f.arg);
    case 'and':
    case 'or':
      return f.args.some(isTemporal);
    default:
      return isTemporal(f.left) || isTemporal(f.right);
  }
}

/** The NNF of `f` (or of ¬f when `positive` is false) read as a state formula. */
function state(f: Formula, positive: boolean, ctx: Context): Ctl {
  switch (f.op) {
    case 'const':
      return { op: 'const', value: f.value === positive };
    case 'atom':
      return { op: 'lit', atom: f.atom, positive };
    case 'not':
      return state(f.arg, !positive, ctx);
    case 'and':
    case 'or': {
      const conjunctive = (f.op === 'and') === positive;
      return { op: conjunctive ? 'and' : 'or', args: f.args.map((a) => state(a, positive, ctx)) };
    }
    case 'implies':
      return state({ op: 'or', args: [{ op: 'not', arg: f.left }, f.right] }, positive, ctx);
    case 'iff':
      return state(iffExpansion(f.left, f.right), positive, ctx);
    case 'K':
      return { op: positive ? 'K' : 'MK', role: f.role, arg: state(f.arg, positive, ctx) };
    case 'A':
      // ¬Aψ ≡ E¬ψ
      return positive ? pathA(toPath(f.arg, true, ctx), ctx) : pathE(toPath(f.arg, false, ctx), ctx);
    case 'E':
      return positive ? pathE(toPath(f.arg, true, ctx), ctx) : pathA(toPath(f.arg, false, ctx), ctx);
    default:
      // A path formula as a state formula: only under K, where K_i φ ≡ K_i A φ (see the header).
      return state({ op: 'A', arg: f }, positive, ctx);
  }
}

function iffExpansion(l: Formula, r: Formula): Formula {
  return {
    op: 'or',
    args: [
      { op: 'and', args: [l, r] },
      {
        op: 'and',
        args: [
          { op: 'not', arg: l },
          { op: 'not', arg: r },
        ],
      },
    ],
  };
}

/** The path NNF of `f` (or of ¬f). */
function toPath(f: Formula, positive: boolean, ctx: Context): Path {
  if (!isTemporal(f)) return { op: 'state', ctl: state(f, positive, ctx) };
  switch (f.op) {
    case 'not':
      return toPath(f.arg, !positive, ctx);
    case 'and':
    case 'or': {
      const conjunctive = (f.op === 'and') === positive;
      return { op: conjunctive ? 'and' : 'or', args: f.args.map((a) => toPath(a, positive, ctx)) };
    }
    case 'implies':
      return toPath({ op: 'or', args: [{ op: 'not', arg: f.left }, f.right] }, positive, ctx);
    case 'iff':
      return toPath(iffExpansion(f.left, f.right), positive, ctx);
    case 'X':
      return { op: 'X', arg: toPath(f.arg, positive, ctx) };
    case 'F':
    case 'G': {
      const op = (f.op === 'F') === positive ? 'F' : 'G';
      return { op, arg: toPath(f.arg, positive, ctx) };
    }
    case 'U': {
      const left = toPath(f.left, positive, ctx);
      const right = toPath(f.right, positive, ctx);
      // ¬(l U r) ≡ ¬l R ¬r
      return positive ? { op: 'U', left, right } : { op: 'R', left, right };
    }
    default:
      return { op: 'state', ctl: state(f, positive, ctx) };
  }
}

function stateOf(p: Path): Ctl | undefined {
  return p.op === 'state' ? p.ctl : undefined;
}

/**
 * E over a conjunction or A over a disjunction of path formulas: the state formulas step out of the quantifier
 * (E(s ∧ ψ) ≡ s ∧ Eψ), several X steps merge (E(Xψ ∧ Xχ) ≡ EX E(ψ ∧ χ), dually for A), and other temporal
 * members stay together under the quantifier for the automaton product.
 */
function mixedJunction(
  op: 'and' | 'or',
  args: readonly Path[],
  quantified: (p: Path, ctx: Context) => Ctl,
  ctx: Context,
): Ctl {
  const states = args.map(stateOf).filter((s): s is Ctl => s !== undefined);
  const temporal = args.filter((a) => a.op !== 'state');
  if (temporal.length > 1) {
    if (temporal.every((t) => t.op === 'X')) {
      const joined: Path = { op: 'X', arg: { op, args: temporal.map((t) => (t as { arg: Path }).arg) } };
      return quantified({ op, args: [...args.filter((a) => a.op === 'state'), joined] }, ctx);
    }
    return { op, args: [...states, { op: op === 'and' ? 'EP' : 'AP', path: { op, args: temporal } }] };
  }
  return { op, args: [...states, ...temporal.map((t) => quantified(t, ctx))] };
}

function pathE(p: Path, ctx: Context): Ctl {
  if (ctx.automaton && p.op !== 'state') return { op: 'EP', path: p };
  switch (p.op) {
    case 'state':
      return p.ctl;
    case 'or':
      return { op: 'or', args: p.args.map((a) => pathE(a, ctx)) };
    case 'and':
      return mixedJunction(p.op, p.args, pathE, ctx);
    case 'X':
      return { op: 'EX', arg: pathE(p.arg, ctx) };
    case 'F':
      return { op: 'EU', left: TRUE, right: pathE(p.arg, ctx) };
    case 'G': {
      const s = stateOf(p.arg);
      if (!s) return { op: 'EP', path: p };
      return { op: 'ER', left: FALSE, right: s };
    }
    case 'U': {
      const l = stateOf(p.left);
      if (!l) return { op: 'EP', path: p };
      return { op: 'EU', left: l, right: pathE(p.right, ctx) };
    }
    case 'R': {
      const l = stateOf(p.left);
      const r = stateOf(p.right);
      if (!l || !r) return { op: 'EP', path: p };
      return { op: 'ER', left: l, right: r };
    }
  }
}

function pathA(p: Path, ctx: Context): Ctl {
  if (ctx.automaton && p.op !== 'state') return { op: 'AP', path: p };
  switch (p.op) {
    case 'state':
      return p.ctl;
    case 'and':
      return { op: 'and', args: p.args.map((a) => pathA(a, ctx)) };
    case 'or':
      return mixedJunction(p.op, p.args, pathA, ctx);
    case 'X':
      return { op: 'AX', arg: pathA(p.arg, ctx) };
    case 'G':
      return { op: 'AR', left: FALSE, right: pathA(p.arg, ctx) };
    case 'F': {
      const s = stateOf(p.arg);
      if (!s) return { op: 'AP', path: p };
      return { op: 'AU', left: TRUE, right: s };
    }
    case 'U': {
      const l = stateOf(p.left);
      const r = stateOf(p.right);
      if (!l || !r) return { op: 'AP', path: p };
      return { op: 'AU', left: l, right: r };
    }
    case 'R': {
      const l = stateOf(p.left);
      if (!l) return { op: 'AP', path: p };
      return { op: 'AR', left: l, right: pathA(p.right, ctx) };
    }
  }
}
