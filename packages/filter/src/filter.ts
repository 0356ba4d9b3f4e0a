// Filter[O] on the compact representation: Thielscher 2013, section "Filtering Based on Backward Chaining".
// For every observation o made, every literal common to all supports of o is forced; likewise for every
// possible observation not made with the supports of ¬o. Then
//   B+new = B+ ∪ ⋃ ⋂ S+        B0new = (B0 \ B+new) \ ⋃ ⋂ S-
// over those support sets. Proposition 2: the result represents every model of Φ(B+, B0) that agrees with
// the observations, so filtering through any subset of the (non-)observations is also correct, only weaker.
import { GdlkitError, type TermId } from '@gdlkit/core';
import type { Support, SupportProver } from '@gdlkit/prover';
import { KnowledgeState } from './knowledge-state.js';

/** The literals shared by all supports of one (possibly negated) observation. */
export interface ForcedLiterals {
  /** ⋂ S+: atoms true in every support. */
  readonly plus: readonly TermId[];
  /** ⋂ S-: atoms negated in every support. */
  readonly minus: readonly TermId[];
}

/** Raised when the percepts contradict the knowledge state: some observation has no support at all. */
export class InconsistentObservationError extends GdlkitError {
  constructor(readonly observation: string) {
    super(
      'BAD_RECORD',
      `observation ${observation} contradicts the knowledge state: no model of (B+, B0) agrees with it`,
    );
    this.name = 'InconsistentObservationError';
  }
}

/** ⋂ S+ and ⋂ S- over Supp(o); `null` for an empty Supp(o) (no model entails o). */
export function forcedLiterals(supports: readonly Support[]): ForcedLiterals | null {
  if (supports.length === 0) return null;
  let plus: Set<TermId> | null = null;
  let minus: Set<TermId> | null = null;
  for (const support of supports) {
    const p = new Set<TermId>();
    const m = new Set<TermId>();
    for (const literal of support) (literal.positive ? p : m).add(literal.atom);
    plus = plus === null ? p : intersect(plus, p);
    minus = minus === null ? m : intersect(minus, m);
    if (plus.size === 0 && minus.size === 0) break;
  }
  return { plus: [...plus!], minus: [...minus!] };
}

/** The two set equations of the filter, for the forced literals of all (non-)observations together. */
export function strengthen(state: KnowledgeState, forced: readonly ForcedLiterals[]): KnowledgeState {
  const plus = new Set(state.bPlus);
  const minus = new Set<TermId>();
  for (const f of forced) {
    for (const atom of f.plus) plus.add(atom);
    for (const atom of f.minus) minus.add(atom);
  }
  const zero: TermId[] = [];
  for (const atom of state.bZero) if (!plus.has(atom) && !minus.has(atom)) zero.push(atom);
  return new KnowledgeState(plus, zero);
}

export interface FilterOptions {
  /** Observations are shown in errors with this (e.g. the store's toKif). */
  readonly describe?: (atom: TermId) => string;
}

/**
 * Filter[O](Φ(B+, B0)) for the program of the prover's game: `observed` are the observations made (O),
 * `notObserved` the possible observations not made (𝒪 \ O). Every supports computation is against the given
 * (B+, B0), as in the paper (not against partly filtered sets).
 */
export function filterObservations(
  prover: SupportProver,
  state: KnowledgeState,
  observed: readonly TermId[],
  notObserved: readonly TermId[],
  options: FilterOptions = {},
): KnowledgeState {
  const describe = options.describe ?? ((atom: TermId) => prover.game.store.toKif(atom));
  const forced: ForcedLiterals[] = [];
  for (const o of observed) {
    const answers = prover.supports(o, state.bPlus, state.bZero);
    const f = forcedLiterals(answers[0]?.supports ?? []);
    if (f === null) throw new InconsistentObservationError(describe(o));
    forced.push(f);
  }
  for (const o of notObserved) {
    const f = forcedLiterals(prover.supportsOfNegation(o, state.bPlus, state.bZero));
    if (f === null) throw new InconsistentObservationError(`not ${describe(o)}`);
    forced.push(f);
  }
  return strengthen(state, forced);
}

function intersect(a: Set<TermId>, b: Set<TermId>): Set<TermId> {
  const out = new Set<TermId>();
  for (const x of a) if (b.has(x)) out.add(x);
  return out;
}
