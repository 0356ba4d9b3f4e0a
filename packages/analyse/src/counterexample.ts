// An answer set read back as a game situation: the state (current or initial), the joint move and the
// successor's relevant features, in canonical KIF text (DESIGN.md section 4).
import { gdlName } from './asp-names.js';

export interface Counterexample {
  /** `init` when the initial state violates the property (base case), `step` for the induction step. */
  readonly case: 'init' | 'step';
  /** The state violating the property (initial) or satisfying it and the assumptions (step), sorted. */
  readonly state: readonly string[];
  /** Role → move of the legal joint move leading to the violation (step only). */
  readonly jointMove: Readonly<Record<string, string>>;
  /** The successor's features the rules derive for the property, sorted (step only). */
  readonly next: readonly string[];
}

interface Term {
  readonly name: string;
  readonly args: readonly Term[];
}

/** Parses clingo's printing of a ground term: names, numbers, strings, f(a,b) and tuples. */
function parseTerm(text: string): Term {
  let i = 0;
  const term = (): Term => {
    const start = i;
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else {
      while (i < text.length && !'(),'.includes(text[i]!)) i++;
    }
    const name = text.slice(start, i);
    const args: Term[] = [];
    if (text[i] === '(') {
      i++;
      while (text[i] !== ')') {
        args.push(term());
        if (text[i] === ',') i++;
      }
      i++;
    }
    return { name, args };
  };
  return term();
}

function kif(t: Term): string {
  const name = gdlName(t.name);
  return t.args.length === 0 ? name : `(${[name, ...t.args.map(kif)].join(' ')})`;
}

/** A ground term in clingo's printing as KIF text, and its `name/arity` (GDL names). */
export function aspTermToKif(text: string): { readonly kif: string; readonly functor: string } {
  const t = parseTerm(text);
  return { kif: kif(t), functor: `${gdlName(t.name)}/${t.args.length}` };
}

const sorted = (xs: string[]): string[] => [...new Set(xs)].sort();

export function readCounterexample(atoms: readonly string[], kind: 'init' | 'step'): Counterexample {
  const state: string[] = [];
  const next: string[] = [];
  const jointMove: Record<string, string> = {};
  for (const text of atoms) {
    const atom = parseTerm(text);
    const arg = atom.args[0];
    if (!arg) continue;
    if (atom.name === (kind === 'init' ? 'init' : 'true')) state.push(kif(arg));
    else if (atom.name === 'next') next.push(kif(arg));
    else if (atom.name === 'does' && atom.args[1]) jointMove[kif(arg)] = kif(atom.args[1]);
  }
  const roles = Object.keys(jointMove).sort();
  return {
    case: kind,
    state: sorted(state),
    jointMove: Object.fromEntries(roles.map((r) => [r, jointMove[r]!])),
    next: sorted(next),
  };
}
