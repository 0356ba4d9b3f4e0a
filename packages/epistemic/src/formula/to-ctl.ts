// Translates a CTL*K formula (giga13-06, Definition 3) into the checker's CTL normal form. A property holds when
// it holds at the initial point of every run, so a top-level path formula is read under A. Path formulas are
// decided through the equivalences that let a quantifier pass a temporal operator: E X ψ ≡ EX Eψ, E F ψ ≡ EF Eψ,
// E(α U ψ) ≡ E[α U Eψ], E(Xψ ∧ Xχ) ≡ EX E(ψ ∧ χ), A X ψ ≡ AX Aψ, A(Xψ ∨ Xχ) ≡ AX A(ψ ∨ χ), A G ψ ≡ AG Aψ, A(α R ψ) ≡ A[α R Aψ] for state formulas α, A distributes
// over ∧ and E over ∨. Other path formulas (E(F p ∧ G q), E G F p, ...) need an automaton product and are
// rejected with UnsupportedError.
import { UnsupportedError } from '@gdlkit/core';
import type { Formula } from './ast.js';
import type { Ctl } from './ctl.js';
import { printFormula } from './print.js';

/** A path formula in negation normal form; `state` wraps a state formula (already translated). */
type Path =
  | { readonly op: 'state'; readonly ctl: Ctl }
  | { readonly op: 'and' | 'or'; readonly args: readonly Path[] }
  | { readonly op: 'X' | 'F' | 'G'; readonly arg: Path }
  | { readonly op: 'U' | 'R'; readonly left: Path; readonly right: Path };

const TRUE: Ctl = { op: 'const', value: true };
const FALSE: Ctl = { op: 'const', value: false };

/** The CTL form of a property: `A formula` at the initial state. */
export function toCtl(formula: Formula): Ctl {
  return pathA(toPath(formula, true, formula), formula);
}

function unsupported(whole: Formula, why: string): never {
  throw new UnsupportedError(`cannot check '${printFormula(whole)}': ${why}`);
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
function state(f: Formula, positive: boolean, whole: Formula): Ctl {
  switch (f.op) {
    case 'const':
      return { op: 'const', value: f.value === positive };
    case 'atom':
      return { op: 'lit', atom: f.atom, positive };
    case 'not':
      return state(f.arg, !positive, whole);
    case 'and':
    case 'or': {
      const conjunctive = (f.op === 'and') === positive;
      return { op: conjunctive ? 'and' : 'or', args: f.args.map((a) => state(a, positive, whole)) };
    }
    case 'implies':
      return state({ op: 'or', args: [{ op: 'not', arg: f.left }, f.right] }, positive, whole);
    case 'iff':
      return state(iffExpansion(f.left, f.right), positive, whole);
    case 'K':
      return { op: positive ? 'K' : 'MK', role: f.role, arg: state(f.arg, positive, whole) };
    case 'A':
      // ¬Aψ ≡ E¬ψ
      return positive ? pathA(toPath(f.arg, true, whole), whole) : pathE(toPath(f.arg, false, whole), whole);
    case 'E':
      return positive ? pathE(toPath(f.arg, true, whole), whole) : pathA(toPath(f.arg, false, whole), whole);
    default:
      return unsupported(
        whole,
        `the temporal operator in '${printFormula(f)}' needs a path quantifier (A or E)`,
      );
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
function toPath(f: Formula, positive: boolean, whole: Formula): Path {
  if (!isTemporal(f)) return { op: 'state', ctl: state(f, positive, whole) };
  switch (f.op) {
    case 'not':
      return toPath(f.arg, !positive, whole);
    case 'and':
    case 'or': {
      const conjunctive = (f.op === 'and') === positive;
      return { op: conjunctive ? 'and' : 'or', args: f.args.map((a) => toPath(a, positive, whole)) };
    }
    case 'implies':
      return toPath({ op: 'or', args: [{ op: 'not', arg: f.left }, f.right] }, positive, whole);
    case 'iff':
      return toPath(iffExpansion(f.left, f.right), positive, whole);
    case 'X':
      return { op: 'X', arg: toPath(f.arg, positive, whole) };
    case 'F':
    case 'G': {
      const op = (f.op === 'F') === positive ? 'F' : 'G';
      return { op, arg: toPath(f.arg, positive, whole) };
    }
    case 'U': {
      const left = toPath(f.left, positive, whole);
      const right = toPath(f.right, positive, whole);
      // ¬(l U r) ≡ ¬l R ¬r
      return positive ? { op: 'U', left, right } : { op: 'R', left, right };
    }
    default:
      return unsupported(whole, `unexpected operator in '${printFormula(f)}'`);
  }
}

function stateOf(p: Path): Ctl | undefined {
  return p.op === 'state' ? p.ctl : undefined;
}

/**
 * E over a conjunction or A over a disjunction of path formulas: the state formulas step out of the quantifier
 * (E(s ∧ ψ) ≡ s ∧ Eψ), several X steps merge (E(Xψ ∧ Xχ) ≡ EX E(ψ ∧ χ), dually for A), and more than one other
 * temporal member is not supported.
 */
function mixedJunction(
  op: 'and' | 'or',
  args: readonly Path[],
  quantified: (p: Path, whole: Formula) => Ctl,
  whole: Formula,
): Ctl {
  const states = args.map(stateOf).filter((s): s is Ctl => s !== undefined);
  const temporal = args.filter((a) => a.op !== 'state');
  if (temporal.length > 1) {
    if (temporal.every((t) => t.op === 'X')) {
      const joined: Path = { op: 'X', arg: { op, args: temporal.map((t) => (t as { arg: Path }).arg) } };
      return quantified({ op, args: [...args.filter((a) => a.op === 'state'), joined] }, whole);
    }
    const quantifier = op === 'and' ? 'E over a conjunction' : 'A over a disjunction';
    return unsupported(whole, `${quantifier} of several temporal path formulas is not supported`);
  }
  return { op, args: [...states, ...temporal.map((t) => quantified(t, whole))] };
}

function pathE(p: Path, whole: Formula): Ctl {
  switch (p.op) {
    case 'state':
      return p.ctl;
    case 'or':
      return { op: 'or', args: p.args.map((a) => pathE(a, whole)) };
    case 'and':
      return mixedJunction(p.op, p.args, pathE, whole);
    case 'X':
      return { op: 'EX', arg: pathE(p.arg, whole) };
    case 'F':
      return { op: 'EU', left: TRUE, right: pathE(p.arg, whole) };
    case 'G': {
      const s = stateOf(p.arg);
      if (!s) return unsupported(whole, 'E G over a temporal path formula is not supported');
      return { op: 'ER', left: FALSE, right: s };
    }
    case 'U': {
      const l = stateOf(p.left);
      if (!l) return unsupported(whole, 'E(ψ U χ) with a temporal ψ is not supported');
      return { op: 'EU', left: l, right: pathE(p.right, whole) };
    }
    case 'R': {
      const l = stateOf(p.left);
      const r = stateOf(p.right);
      if (!l || !r) return unsupported(whole, 'E(ψ R χ) over temporal ψ or χ is not supported');
      return { op: 'ER', left: l, right: r };
    }
  }
}

function pathA(p: Path, whole: Formula): Ctl {
  switch (p.op) {
    case 'state':
      return p.ctl;
    case 'and':
      return { op: 'and', args: p.args.map((a) => pathA(a, whole)) };
    case 'or':
      return mixedJunction(p.op, p.args, pathA, whole);
    case 'X':
      return { op: 'AX', arg: pathA(p.arg, whole) };
    case 'G':
      return { op: 'AR', left: FALSE, right: pathA(p.arg, whole) };
    case 'F': {
      const s = stateOf(p.arg);
      if (!s) return unsupported(whole, 'A F over a temporal path formula is not supported');
      return { op: 'AU', left: TRUE, right: s };
    }
    case 'U': {
      const l = stateOf(p.left);
      const r = stateOf(p.right);
      if (!l || !r) return unsupported(whole, 'A(ψ U χ) over temporal ψ or χ is not supported');
      return { op: 'AU', left: l, right: r };
    }
    case 'R': {
      const l = stateOf(p.left);
      if (!l) return unsupported(whole, 'A(ψ R χ) with a temporal ψ is not supported');
      return { op: 'AR', left: l, right: pathA(p.right, whole) };
    }
  }
}
