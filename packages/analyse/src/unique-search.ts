// The systematic search of section 5: every combination of argument positions of every feature is tried
// for uniqueness; each proved property joins Φ and the unproved ones are tried again while Φ grows. Features
// are tried in dependency order (a feature's property may depend on the features read by its next rules and
// by the legal rules of the moves those next rules read), so Φ already holds what a property needs.
import type { Game } from '@gdlkit/core';
import type { SolverBudget } from './clingo-solver.js';
import type { FunctionSymbol } from './domain-program.js';
import type { Property } from './properties.js';
import type { ProofResult } from './prove.js';
import { relevantRules } from './relevant-rules.js';

export interface SearchOptions {
  readonly budget: SolverBudget;
  /** Called after each proof attempt. */
  readonly onResult?: (result: ProofResult) => void;
}

export interface SearchResult {
  /** The last attempt for every candidate, in the order tried. */
  readonly results: readonly ProofResult[];
  /** Φ at the end: every uniqueness property proved by induction. */
  readonly proved: readonly Property[];
  /** Candidates not tried because a proved property implies them (uniqueness of a superset of positions). */
  readonly implied: readonly Property[];
  readonly seconds: number;
}

type Prove = (p: Property, assumptions: readonly Property[], budget: SolverBudget) => Promise<ProofResult>;

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
  features: readonly FunctionSymbol[],
  prove: Prove,
  options: SearchOptions,
): Promise<SearchResult> {
  const started = performance.now();
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
      if (candidate.kind !== 'unique') continue;
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
      const result = await prove(candidate, [...proved], options.budget);
      last.set(candidate, result);
      options.onResult?.(result);
      if (result.status === 'proved') proved.push(candidate);
      else if (result.status === 'refuted' && result.counterexample?.case === 'step')
        stillOpen.push(candidate);
    }
    open = stillOpen;
    if (proved.length === provedBefore || open.length === 0) break;
  }
  return {
    results: candidates.flatMap((c) => {
      const r = last.get(c);
      return r ? [r] : [];
    }),
    proved,
    implied,
    seconds: (performance.now() - started) / 1000,
  };
}
