// A generalized Büchi automaton for a path formula (LTL over state formulas), by the tableau construction of
// Gerth, Peled, Vardi & Wolper (1995) with acceptance on transitions (Couvreur 1999). A state is the set of
// formulas the rest of the run must satisfy (state 0: the formula itself); its transitions are the covers of
// that set — the state formulas that must hold at the current point and the formulas left for the next one —
// found by the expansion rules ψ U χ ≡ χ ∨ (ψ ∧ X(ψ U χ)), F χ ≡ χ ∨ X F χ, ψ R χ ≡ χ ∧ (ψ ∨ X(ψ R χ)),
// G χ ≡ χ ∧ X G χ. A transition is accepting for an eventuality (ψ U χ or F χ) unless it postponed it; a run is
// accepted iff it takes accepting transitions of every eventuality infinitely often, so no eventuality is
// postponed forever.
import { UnsupportedError } from '@gdlkit/core';
import { type Ctl, ctlKey, negate, type PathFormula } from '../formula/ctl.js';

export interface Transition {
  /** Indices into `literals` of the state formulas the current point must satisfy. */
  readonly literals: readonly number[];
  readonly target: number;
  /** Bit j set: accepting for eventuality j. */
  readonly accepting: number;
}

export interface PathAutomaton {
  /** The state formulas the transitions read. */
  readonly literals: readonly Ctl[];
  /** transitions[q]: the transitions leaving state q; state 0 is initial. */
  readonly transitions: readonly (readonly Transition[])[];
  /** Every acceptance bit (0 when the formula has no eventuality: every infinite run is accepted). */
  readonly allAccepting: number;
}

/** Acceptance sets are bits of a 32-bit mask. */
const MAX_EVENTUALITIES = 31;

interface Cover {
  readonly literals: Set<number>;
  readonly next: Set<number>;
  postponed: number;
}

export function buildPathAutomaton(formula: PathFormula, tick: () => void): PathAutomaton {
  const literals: Ctl[] = [];
  const literalIndex = new Map<string, number>();
  const formulas: PathFormula[] = [];
  const formulaIndex = new Map<string, number>();
  const eventualities = new Map<string, number>();

  const intern = (f: PathFormula): number => {
    const key = JSON.stringify(f);
    let id = formulaIndex.get(key);
    if (id === undefined) {
      id = formulas.length;
      formulas.push(f);
      formulaIndex.set(key, id);
    }
    return id;
  };
  const eventuality = (f: PathFormula): number => {
    const key = JSON.stringify(f);
    let bit = eventualities.get(key);
    if (bit === undefined) {
      bit = eventualities.size;
      if (bit >= MAX_EVENTUALITIES)
        throw new UnsupportedError(
          `a path formula with more than ${MAX_EVENTUALITIES} distinct U/F subformulas is not supported`,
        );
      eventualities.set(key, bit);
    }
    return 1 << bit;
  };
  const literal = (c: Ctl): number => {
    const key = ctlKey(c);
    let id = literalIndex.get(key);
    if (id === undefined) {
      id = literals.length;
      literals.push(c);
      literalIndex.set(key, id);
    }
    return id;
  };

  /** The covers of a set of obligations. */
  const expand = (obligations: readonly PathFormula[]): Cover[] => {
    const out: Cover[] = [];
    const step = (todo: PathFormula[], done: Set<string>, cover: Cover): void => {
      const branch = (more: readonly PathFormula[], next?: PathFormula, postpone = 0): void => {
        const copy: Cover = {
          literals: new Set(cover.literals),
          next: new Set(cover.next),
          postponed: cover.postponed | postpone,
        };
        if (next) copy.next.add(intern(next));
        step([...todo, ...more], new Set(done), copy);
      };
      while (todo.length > 0) {
        tick();
        const f = todo.pop()!;
        const key = JSON.stringify(f);
        if (done.has(key)) continue;
        done.add(key);
        switch (f.op) {
          case 'state': {
            if (f.ctl.op === 'const') {
              if (f.ctl.value) continue;
              return;
            }
            // A literal and its negation: no point satisfies the cover.
            const opposite = literalIndex.get(ctlKey(negate(f.ctl)));
            if (opposite !== undefined && cover.literals.has(opposite)) return;
            cover.literals.add(literal(f.ctl));
            continue;
          }
          case 'and':
            todo.push(...f.args);
            continue;
          case 'X':
            cover.next.add(intern(f.arg));
            continue;
          case 'G':
            todo.push(f.arg);
            cover.next.add(intern(f));
            continue;
          case 'or':
            for (const a of f.args) branch([a]);
            return;
          case 'F':
            branch([f.arg]);
            branch([], f, eventuality(f));
            return;
          case 'U':
            branch([f.right]);
            branch([f.left], f, eventuality(f));
            return;
          case 'R':
            branch([f.right, f.left]);
            branch([f.right], f);
            return;
        }
      }
      out.push(cover);
    };
    step([...obligations], new Set(), { literals: new Set(), next: new Set(), postponed: 0 });
    return out;
  };

  // Eventualities are numbered as the expansion meets them; the acceptance masks are completed at the end.
  const raw: { literals: number[]; target: number; postponed: number }[][] = [];
  const states = new Map<string, number>();
  const sets: number[][] = [];
  const stateOf = (set: Iterable<number>): number => {
    const sorted = [...set].sort((a, b) => a - b);
    const key = sorted.join(',');
    let q = states.get(key);
    if (q === undefined) {
      q = sets.length;
      sets.push(sorted);
      states.set(key, q);
    }
    return q;
  };
  stateOf([intern(formula)]);
  for (let q = 0; q < sets.length; q++) {
    const seen = new Set<string>();
    const out: (typeof raw)[number] = [];
    for (const cover of expand(sets[q]!.map((id) => formulas[id]!))) {
      const lits = [...cover.literals].sort((a, b) => a - b);
      const target = stateOf(cover.next);
      const key = `${lits.join(',')}|${target}|${cover.postponed}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ literals: lits, target, postponed: cover.postponed });
    }
    raw.push(out);
  }
  const allAccepting = eventualities.size === 0 ? 0 : 2 ** eventualities.size - 1;
  return {
    literals,
    transitions: raw.map((ts) =>
      ts.map((t) => ({ literals: t.literals, target: t.target, accepting: allAccepting & ~t.postponed })),
    ),
    allAccepting,
  };
}
