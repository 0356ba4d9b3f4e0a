// An independent reading of evidence: a path formula evaluated on a replayed lasso (prefix and cycle), with
// atoms read from the prover's record and K_i from the role's belief sets along the run (Verifier.knowledgeAlong,
// which expands only those states). Used to check every witness and counterexample of a path formula.
import type { Reasoner, TermId, TraceStep } from '@gdlkit/core';
import type { Formula, Verifier } from '../src/index.js';

/**
 * Whether `path` holds at position 0 of the run whose record steps are `steps` and which goes round forever
 * from `loop` (a terminal state at the end loops on itself: loop = steps.length - 1).
 */
export function holdsOnLasso(
  path: Formula,
  steps: readonly TraceStep[],
  loop: number,
  verifier: Verifier,
  prover: Reasoner<unknown>,
): boolean {
  const last = steps.length - 1;
  // Positions 0..count-1; the last state of a cycle is the state at `loop` again, so it is not a position.
  const count = loop < last ? last : last + 1;
  const next = (i: number) => (i + 1 < count ? i + 1 : loop);
  const game = verifier.game;
  const moves: TermId[][] = steps
    .slice(0, last)
    .map((s) => game.roles.map((_, r) => game.parseTerm(s.moves![game.roleName(r)]!)));
  const beliefs = new Map<string, TermId[][][]>();

  const atPoint = (f: Formula, facts: (i: number) => readonly TermId[] | undefined, i: number): boolean => {
    switch (f.op) {
      case 'const':
        return f.value;
      case 'not':
        return !atPoint(f.arg, facts, i);
      case 'and':
        return f.args.every((a) => atPoint(a, facts, i));
      case 'or':
        return f.args.some((a) => atPoint(a, facts, i));
      case 'implies':
        return !atPoint(f.left, facts, i) || atPoint(f.right, facts, i);
      case 'atom': {
        const a = f.atom;
        const own = facts(i);
        if (own) {
          const state = prover.stateFromFacts(own);
          if (a.kind === 'terminal') return prover.isTerminal(state);
          if (a.kind === 'true') return own.includes(game.parseTerm(a.fluent));
          throw new Error(`the test reads only terminal and true inside K, not ${a.kind}`);
        }
        const step = steps[i]!;
        if (a.kind === 'terminal') return step.terminal;
        if (a.kind === 'true') return step.state.includes(a.fluent);
        if (a.kind === 'goal') return step.goals?.[a.role] === a.value;
        if (a.kind === 'legal') return step.legal?.[a.role]?.includes(a.move) ?? false;
        throw new Error('the test does not read does');
      }
      case 'K': {
        let sets = beliefs.get(f.role);
        if (!sets) {
          sets = verifier.knowledgeAlong(f.role, moves);
          beliefs.set(f.role, sets);
        }
        return sets[i]!.every((member) => atPoint(f.arg, () => member, 0));
      }
      default:
        throw new Error(`not a state formula the test reads: ${f.op}`);
    }
  };

  const temporal = (f: Formula): boolean =>
    f.op === 'X' ||
    f.op === 'F' ||
    f.op === 'G' ||
    f.op === 'U' ||
    (f.op === 'not' && temporal(f.arg)) ||
    ((f.op === 'and' || f.op === 'or') && f.args.some(temporal)) ||
    ((f.op === 'implies' || f.op === 'iff') && (temporal(f.left) || temporal(f.right)));

  /** The truth of f at every position; U, F least and G greatest fixpoints over the lasso. */
  const vector = (f: Formula): boolean[] => {
    const positions = [...Array(count).keys()];
    if (!temporal(f)) return positions.map((i) => atPoint(f, () => undefined, i));
    const fix = (start: boolean, step: (v: boolean[], i: number) => boolean): boolean[] => {
      let v = positions.map(() => start);
      for (let round = 0; round <= count; round++) v = positions.map((i) => step(v, i));
      return v;
    };
    switch (f.op) {
      case 'not':
        return vector(f.arg).map((b) => !b);
      case 'and': {
        const vs = f.args.map(vector);
        return positions.map((i) => vs.every((v) => v[i]));
      }
      case 'or': {
        const vs = f.args.map(vector);
        return positions.map((i) => vs.some((v) => v[i]));
      }
      case 'implies': {
        const [l, r] = [vector(f.left), vector(f.right)];
        return positions.map((i) => !l[i] || r[i]!);
      }
      case 'X': {
        const v = vector(f.arg);
        return positions.map((i) => v[next(i)]!);
      }
      case 'F': {
        const a = vector(f.arg);
        return fix(false, (v, i) => a[i]! || v[next(i)]!);
      }
      case 'G': {
        const a = vector(f.arg);
        return fix(true, (v, i) => a[i]! && v[next(i)]!);
      }
      case 'U': {
        const [l, r] = [vector(f.left), vector(f.right)];
        return fix(false, (v, i) => r[i]! || (l[i]! && v[next(i)]!));
      }
      default:
        throw new Error(`not a path formula the test reads: ${f.op}`);
    }
  };
  return vector(path)[0]!;
}
