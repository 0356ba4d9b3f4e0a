// Join plans for instantiating one rule: the order in which its positive literals are matched and where each
// guard (negative literal, distinct) is checked. One plan per choice of the semi-naive delta literal.
import type { Atom, BodyLiteral, GameRule, Pattern } from '@gdlkit/core';
import { collectVariables, literalVariables } from '@gdlkit/core';
import type { IndexShape, TermPath } from './instantiate-atoms.js';

/** Which atoms of a literal's relation a join step may use in the current fixpoint round. */
export enum Visibility {
  /** Relation completed before this fixpoint: every atom. */
  Complete = 0,
  /** Atoms found in the previous round only. */
  Delta = 1,
  /** Atoms found before the previous round. */
  Old = 2,
  /** Atoms found up to the previous round. */
  All = 3,
}

export interface JoinStep {
  readonly atom: Atom;
  readonly visibility: Visibility;
  /** The index over the leaves bound when this step is reached; undefined when none is (scan the relation). */
  readonly shape: IndexShape | undefined;
  /** Per leaf of the shape: the variable whose binding is its value, or -1 when it is `probeTerm`. */
  readonly probeVar: Int32Array;
  readonly probeTerm: Int32Array;
  /** Guards whose variables are all bound once this step matched. */
  readonly guards: readonly BodyLiteral[];
}

export interface JoinPlan {
  readonly rule: GameRule;
  readonly ruleIndex: number;
  /** Guards without variables, checked before any join. */
  readonly groundGuards: readonly BodyLiteral[];
  readonly steps: readonly JoinStep[];
}

/**
 * Plans the join of `rule` with the positive literal at body position `delta` reading the last round's atoms
 * (semi-naive evaluation: earlier variable literals see old atoms, later ones all atoms), or with `delta` -1
 * for a first round where every literal reads complete relations. `variable(r)` says whether relation r is
 * computed by the current fixpoint; `prebound` variables are bound before the join starts; `fanout` estimates
 * the atoms one probe of a literal visits (known for relations completed before this fixpoint).
 */
export function planJoin(
  rule: GameRule,
  ruleIndex: number,
  delta: number,
  variable: (relation: number) => boolean,
  preferred: (relation: number) => boolean,
  prebound: ReadonlySet<number> = new Set(),
  fanout: (atom: Atom, shape: IndexShape | undefined) => number = () => Number.POSITIVE_INFINITY,
): JoinPlan {
  const positives: { atom: Atom; visibility: Visibility }[] = [];
  rule.body.forEach((literal, i) => {
    if (literal.kind !== 'pos') return;
    const rel = literal.atom.relation;
    let visibility = Visibility.Complete;
    if (variable(rel) && delta >= 0) {
      visibility = i === delta ? Visibility.Delta : i < delta ? Visibility.Old : Visibility.All;
    }
    positives.push({ atom: literal.atom, visibility });
  });
  const guards = rule.body.filter((l) => l.kind !== 'pos');
  const bound = new Set<number>(prebound);
  const ready = (l: BodyLiteral) => [...literalVariables(l)].every((v) => bound.has(v));
  const takeReady = (): BodyLiteral[] => {
    const out: BodyLiteral[] = [];
    for (let i = 0; i < guards.length; ) {
      if (ready(guards[i]!)) out.push(...guards.splice(i, 1));
      else i++;
    }
    return out;
  };
  const groundGuards = takeReady();
  const steps: JoinStep[] = [];
  const remaining = [...positives];
  while (remaining.length > 0) {
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    let bestFanout = Number.POSITIVE_INFINITY;
    remaining.forEach((p, i) => {
      const score =
        (p.visibility === Visibility.Delta ? 1000 : 0) +
        boundFraction(p.atom.args, bound) * 10 +
        (preferred(p.atom.relation) ? 1 : 0);
      if (score < bestScore) return;
      // Among equally bound literals the one with fewer atoms per probe goes first.
      const f = score > bestScore || bestFanout > 1 ? fanout(p.atom, indexShape(p.atom, bound).shape) : 1;
      if (score > bestScore || f < bestFanout) {
        bestScore = score;
        bestFanout = f;
        best = i;
      }
    });
    const chosen = remaining.splice(best, 1)[0]!;
    const probe = indexShape(chosen.atom, bound);
    for (const a of chosen.atom.args) collectVariables(a, bound);
    steps.push({ atom: chosen.atom, visibility: chosen.visibility, ...probe, guards: takeReady() });
  }
  // The normaliser orders bodies safely, so every guard became ready at some step.
  if (guards.length > 0) throw new Error(`internal: unsafe guard in rule ${ruleIndex}`);
  return { rule, ruleIndex, groundGuards, steps };
}

function boundFraction(args: readonly Pattern[], bound: Set<number>): number {
  if (args.length === 0) return 1;
  let n = 0;
  for (const a of args) {
    const vars = collectVariables(a, new Set());
    if ([...vars].every((v) => bound.has(v))) n++;
  }
  return n / args.length;
}

/** The index a step probes: every function symbol of the pattern is checked, every bound leaf is keyed. */
function indexShape(
  atom: Atom,
  bound: ReadonlySet<number>,
): { shape: IndexShape | undefined; probeVar: Int32Array; probeTerm: Int32Array } {
  const checks: { path: TermPath; functor: number; arity: number }[] = [];
  const leaves: TermPath[] = [];
  const vars: number[] = [];
  const terms: number[] = [];
  const visit = (p: Pattern, path: number[]): void => {
    if (p.kind === 'fn') {
      checks.push({ path, functor: p.functor, arity: p.args.length });
      for (const [i, a] of p.args.entries()) visit(a, [...path, i]);
    } else if (p.kind === 'ground') {
      leaves.push(path);
      vars.push(-1);
      terms.push(p.term);
    } else if (bound.has(p.index)) {
      leaves.push(path);
      vars.push(p.index);
      terms.push(0);
    }
  };
  for (const [i, a] of atom.args.entries()) visit(a, [i]);
  const shape =
    leaves.length === 0
      ? undefined
      : {
          key: `${checks.map((c) => `${c.path}:${c.functor}/${c.arity}`).join(';')}|${leaves.join(';')}`,
          checks,
          leaves,
        };
  return { shape, probeVar: Int32Array.from(vars), probeTerm: Int32Array.from(terms) };
}
