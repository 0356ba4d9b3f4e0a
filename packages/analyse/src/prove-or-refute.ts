// A proof and a search for a reachable violation of the same property, run side by side: the solver works
// in its worker thread while the reasoner is built and the random matches are played in this one. Whichever
// decides first stops the other — a proof (or a refutation in the initial state) ends the search, a
// reachable violation ends the proof. An answer set of the induction step refutes nothing (section 4), so
// the search goes on after one, until the budget.
import type { Reasoner } from '@gdlkit/core';
import type { GameAnalyser } from './analyser.js';
import type { SolverBudget } from './clingo-solver.js';
import type { Property } from './properties.js';
import type { ProofResult } from './prove.js';
import {
  checkableByReasoner,
  type ReachableViolation,
  searchReachableViolationAsync,
} from './reachable-violation.js';

export interface RefutationSearch<S> {
  /**
   * The reasoner the search plays with (the fastest backend for the game is best); called once the proof
   * has started, and owned by the caller (who may share it between properties and disposes of it).
   */
  readonly open: () => Promise<Reasoner<S>>;
  /** Seed of the random matches (default 1). */
  readonly seed?: number;
}

export interface ProofOrRefutation {
  /** The proof attempt; `unknown` with the reason `STOPPED` when a violation was found first. */
  readonly proof: ProofResult;
  /** A match from the initial state to a state violating the property, when the search found one. */
  readonly violation?: ReachableViolation;
  /** Why no search ran or why it failed (e.g. the reasoner could not be built), when so. */
  readonly searchError?: string;
}

const HEAD_START_SECONDS = 1;

/** Proves `property` and, within the same budget, searches for a reachable violation of it. */
export async function proveOrRefute<S>(
  analyser: GameAnalyser,
  property: Property,
  assumptions: readonly Property[],
  budget: SolverBudget,
  search: RefutationSearch<S>,
): Promise<ProofOrRefutation> {
  const started = performance.now();
  const stopProof = new AbortController();
  const stopSearch = new AbortController();
  const proof = analyser.prove(property, assumptions, { ...budget, signal: stopProof.signal }).then((r) => {
    const decided = r.status === 'proved' || (r.status === 'refuted' && r.counterexample?.case === 'init');
    if (decided) stopSearch.abort();
    return r;
  });
  const searched = (async (): Promise<Omit<ProofOrRefutation, 'proof'>> => {
    if (!checkableByReasoner(property))
      return { searchError: 'a state formula or counted set is not checked by a reasoner' };
    // Building the reasoner keeps this thread busy: a proof decided within HEAD_START_SECONDS (most are) needs
    // no reasoner at all.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      proof,
      new Promise((resolve) => (timer = setTimeout(resolve, HEAD_START_SECONDS * 1000))),
    ]);
    clearTimeout(timer);
    if (stopSearch.signal.aborted) return {};
    let reasoner: Reasoner<S>;
    try {
      reasoner = await search.open();
    } catch (e) {
      return { searchError: `the search's reasoner could not be built: ${(e as Error).message ?? e}` };
    }
    const seconds = budget.seconds - (performance.now() - started) / 1000;
    const violation = await searchReachableViolationAsync(reasoner, property, analyser.context.maxGoal, {
      seconds: Math.max(0, seconds),
      seed: search.seed ?? 1,
      signal: stopSearch.signal,
    });
    if (violation) stopProof.abort();
    return violation ? { violation } : {};
  })();
  const [result, outcome] = await Promise.all([proof, searched]);
  return { proof: result, ...outcome };
}
