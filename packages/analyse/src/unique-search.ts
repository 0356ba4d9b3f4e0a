// The systematic search of section 5: every combination of argument positions of every feature is tried
// for uniqueness; each proved property joins Φ and the unproved ones are tried again while Φ grows. Features
// are tried in dependency order (a feature's property may depend on the features read by its next rules and
// by the legal rules of the moves those next rules read), so Φ already holds what a property needs.
// Beyond the paper, the candidates left over are then tried jointly (jointInduction below), which finds
// properties that are inductive only together (section 6 names them as a limit of the one-at-a-time search).
import type { Game } from '@gdlkit/core';
import type { SolverBudget } from './clingo-solver.js';
import type { DomainProgram, FunctionSymbol } from './domain-program.js';
import { featureGroupCandidates } from './feature-groups.js';
import type { Property } from './properties.js';
import type { ProofResult } from './prove.js';
import { relevantRules } from './relevant-rules.js';

export interface SearchOptions {
  /** Per proof, and per induction step of the joint search. */
  readonly budget: SolverBudget;
  /**
   * After section 5's fixpoint, prove the remaining candidates whose base case holds jointly (default
   * true); false reproduces the paper's search exactly.
   */
  readonly joint?: boolean;
  /**
   * Then prove "exactly one of" (or else "at most one of") each group of mutually dependent features with
   * few instances (feature-groups.ts), given everything proved before (default true).
   */
  readonly groups?: boolean;
  /** Called after each proof attempt. */
  readonly onResult?: (result: ProofResult) => void;
  /**
   * Time for the whole search in seconds: no proof starts after it, and a joint induction not finished by
   * then proves nothing (its last pass is incomplete). What was proved before stays proved.
   */
  readonly seconds?: number;
}

export interface SearchResult {
  /** The last attempt for every candidate, in the order tried. */
  readonly results: readonly ProofResult[];
  /** Φ at the end: every uniqueness property proved by induction, one at a time or jointly. */
  readonly proved: readonly Property[];
  /** The part of `proved` proved only jointly (their results have `method: 'joint induction'`). */
  readonly provedJointly: readonly Property[];
  /** The part of `proved` that are feature groups (at most / exactly one of them holds). */
  readonly provedGroups: readonly Property[];
  /** Candidates not tried because a proved property implies them (uniqueness of a superset of positions). */
  readonly implied: readonly Property[];
  readonly seconds: number;
  /** Whether `options.seconds` ran out before the search ended (candidates left untried). */
  readonly stopped: boolean;
}

type Prove = (p: Property, assumptions: readonly Property[], budget: SolverBudget) => Promise<ProofResult>;

export interface Provers {
  /** Section 4's base case and induction step. */
  readonly prove: Prove;
  /** The induction step alone, for a property whose base case is known to hold. */
  readonly step: Prove;
}

/** Features a feature's next-state value depends on, transitively; `*` dependencies mean every feature. */
export function featureDependencies(
  game: Game,
  features: readonly FunctionSymbol[],
): Map<string, Set<string>> {
  const all = features.map((f) => f.key);
  const direct = new Map<string, Set<string>>();
  for (const f of all) {
    const { chosenFeatures } = relevantRules(game, [
      { view: 'next', relation: game.keywords.true, functor: f },
    ]);
    direct.set(f, chosenFeatures.has('*') ? new Set(all) : new Set(chosenFeatures));
  }
  const closure = new Map<string, Set<string>>();
  for (const f of all) {
    const seen = new Set<string>();
    const stack = [...direct.get(f)!];
    while (stack.length > 0) {
      const g = stack.pop()!;
      if (seen.has(g)) continue;
      seen.add(g);
      stack.push(...(direct.get(g) ?? []));
    }
    closure.set(f, seen);
  }
  return closure;
}

/** Non-empty subsets of 0..arity-1, larger first (a unique set implies uniqueness of its subsets). */
function positionSets(arity: number): number[][] {
  const sets: number[][] = [];
  for (let mask = 1; mask < 1 << arity; mask++) {
    sets.push(Array.from({ length: arity }, (_, i) => i).filter((i) => mask & (1 << i)));
  }
  return sets.sort((a, b) => b.length - a.length || a.join().localeCompare(b.join()));
}

const isSubset = (a: readonly number[], b: readonly number[]): boolean => a.every((x) => b.includes(x));

export async function searchUniqueArguments(
  game: Game,
  domain: DomainProgram,
  provers: Provers,
  options: SearchOptions,
): Promise<SearchResult> {
  const started = performance.now();
  const limit = options.seconds ?? Number.POSITIVE_INFINITY;
  const outOfTime = () => (performance.now() - started) / 1000 >= limit;
  const { features } = domain;
  const dependencies = featureDependencies(game, features);
  const ordered = features
    .filter((f) => f.arity > 0)
    .sort(
      (a, b) => dependencies.get(a.key)!.size - dependencies.get(b.key)!.size || a.key.localeCompare(b.key),
    );
  const candidates: Property[] = ordered.flatMap((f) =>
    positionSets(f.arity).map(
      (positions) => ({ kind: 'unique', feature: f.key, positions, exactlyOne: false }) as const,
    ),
  );
  const last = new Map<Property, ProofResult>();
  const proved: Property[] = [];
  const implied: Property[] = [];
  /** Candidates that may still be proved with a larger Φ: refuted only in the induction step. */
  let open = candidates;
  for (;;) {
    const provedBefore = proved.length;
    const stillOpen: Property[] = [];
    for (const candidate of open) {
      if (candidate.kind !== 'unique' || outOfTime()) continue;
      const covered = proved.some(
        (p) =>
          p.kind === 'unique' &&
          p.feature === candidate.feature &&
          isSubset(candidate.positions, p.positions),
      );
      if (covered) {
        implied.push(candidate);
        continue;
      }
      const result = await provers.prove(candidate, [...proved], options.budget);
      last.set(candidate, result);
      options.onResult?.(result);
      if (result.status === 'proved') proved.push(candidate);
      else if (result.status === 'refuted' && result.counterexample?.case === 'step')
        stillOpen.push(candidate);
    }
    open = stillOpen;
    if (proved.length === provedBefore || open.length === 0) break;
  }
  let provedJointly: Property[] = [];
  if (options.joint ?? true) {
    // Left over: refuted in the step under the final Φ, or stopped by the budget in the step; in both the
    // base case holds. Candidates refuted in the initial state are false and stay out.
    const baseHolds = candidates.filter((c) => {
      const r = last.get(c);
      return (
        r !== undefined &&
        ((r.status === 'refuted' && r.counterexample?.case === 'step') ||
          (r.status === 'unknown' && r.abortedIn === 'step'))
      );
    });
    const joint = await jointInduction(baseHolds, proved, provers.step, options, outOfTime);
    for (const r of joint.results) last.set(r.property, r);
    provedJointly = joint.proved;
    proved.push(...provedJointly);
  }
  const groupResults: ProofResult[] = [];
  const provedGroups: Property[] = [];
  if (options.groups ?? true) {
    for (const { exactly, atMost } of featureGroupCandidates(domain, dependencies)) {
      if (outOfTime()) break;
      let result = await provers.prove(exactly, [...proved], options.budget);
      if (result.status === 'refuted' && result.counterexample?.case === 'init') {
        groupResults.push(result);
        options.onResult?.(result);
        result = await provers.prove(atMost, [...proved], options.budget);
      }
      groupResults.push(result);
      options.onResult?.(result);
      if (result.status === 'proved') provedGroups.push(result.property);
    }
    proved.push(...provedGroups);
  }
  return {
    results: [
      ...candidates.flatMap((c) => {
        const r = last.get(c);
        return r ? [r] : [];
      }),
      ...groupResults,
    ],
    proved,
    provedJointly,
    provedGroups,
    implied,
    seconds: (performance.now() - started) / 1000,
    stopped: outOfTime(),
  };
}

/**
 * Proves the largest subset J of `candidates` that is inductive together with the proved Φ: the induction
 * step of each member assumes Φ and all other members; a member whose step has a counterexample (or is
 * stopped by the budget) leaves J at once, and passes repeat until one drops nobody.
 * Sound: every member's base case holds (the caller's precondition), so Φ ∧ ⋀J holds initially; the last
 * pass showed that from any state satisfying Φ ∧ ⋀J every legal joint move leads to a state where each
 * member holds, and Φ holds in every reachable state, so by induction Φ ∧ ⋀J holds in every reachable state.
 * Largest (when nothing is stopped by the budget): a member of any jointly inductive subset I ⊆ J is never
 * dropped, since its step assumes at least Φ ∧ ⋀I.
 */
async function jointInduction(
  candidates: readonly Property[],
  phi: readonly Property[],
  step: Prove,
  options: SearchOptions,
  outOfTime: () => boolean,
): Promise<{ readonly proved: Property[]; readonly results: ProofResult[] }> {
  const members = new Set(candidates);
  const dropped: ProofResult[] = [];
  const lastStep = new Map<Property, ProofResult>();
  for (let droppedAny = true; droppedAny && members.size > 0; ) {
    droppedAny = false;
    for (const candidate of candidates) {
      if (!members.has(candidate)) continue;
      // A pass cut short does not show that the members are preserved together.
      if (outOfTime()) return { proved: [], results: dropped };
      const others = [...members].filter((m) => m !== candidate);
      const result = await step(candidate, [...phi, ...others], options.budget);
      if (result.status === 'proved') {
        lastStep.set(candidate, result);
        continue;
      }
      // Refuted: not inductive even under all remaining members. Unknown: never proved, and the others may
      // no longer assume it.
      members.delete(candidate);
      droppedAny = true;
      dropped.push(result);
      options.onResult?.(result);
    }
  }
  // The last pass dropped nobody, so each member's last step assumed exactly Φ and the other members.
  const proved = candidates.filter((c) => members.has(c));
  const results = proved.map((c) => {
    const r: ProofResult = {
      ...lastStep.get(c)!,
      method: 'joint induction',
      jointlyWith: proved.filter((o) => o !== c),
    };
    options.onResult?.(r);
    return r;
  });
  return { proved, results: [...dropped, ...results] };
}
