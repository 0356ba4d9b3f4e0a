// A refutation that needs no trust in the induction: a match from the initial state to a state violating the
// property, found by search with a game reasoner (any backend; the fastest one for the game is best). An
// answer set of the induction step is no refutation (its state need not be reachable, section 4), so a
// property the step cannot prove is refuted this way or stays open.
//
// The search plays seeded random matches, directed towards the ends of matches, where a terminal property's
// violations are (amazons.kif's terminal states where both players score 100 arise only when the last move
// and arrow wall in both sides at once, on a nearly full board):
// - when a match's next move would end it, every other joint move of that last state is tried as well, and
//   the match plays on with one that does not end it, if there is one (the successors are computed anyway);
// - a match that has ended goes back a few moves and is played to its end again, several times, before a new
//   match starts: each new ending costs a few moves instead of a whole match.
// Every state reached is still reached by legal moves from the initial state, so a violation found comes with
// its match record.
import {
  describeState,
  jointMoveCount,
  jointMoves,
  type Reasoner,
  Rng,
  type TermId,
  type TraceBlock,
  type TraceStep,
  withMove,
} from '@gdlkit/core';
import type { Property } from './properties.js';

export interface ViolationSearchOptions {
  /** Wall-clock seconds for the search. */
  readonly seconds: number;
  readonly seed: number;
  /** Try every last move of a match whose state has at most this many joint moves (default 4096). */
  readonly lookahead?: number;
  /** A match is abandoned after this many joint moves (default 1000). */
  readonly maxSteps?: number;
  /** An ended match is replayed from a few moves back this many times before a new one starts (default 32). */
  readonly replays?: number;
  /** A replay goes back 1 to this many joint moves, uniformly (default 16). */
  readonly replayDepth?: number;
}

export interface ReachableViolation {
  /** The match record: the initial state to the violating state, replayable with `gdlkit replay`. */
  readonly record: TraceBlock;
  /** Joint moves from the initial state to the violating state. */
  readonly depth: number;
  /** Matches started from the initial state. */
  readonly matches: number;
  readonly states: number;
  readonly seconds: number;
}

/** Properties a concrete state can be checked against (state formulas and counted sets need the rules, not a reasoner). */
export function checkableByReasoner(property: Property): boolean {
  return property.kind !== 'state' && property.kind !== 'count';
}

/**
 * Whether `state` violates the property. zero-sum: terminal and some role without exactly one goal value, or
 * values not summing to `total`. unique / exactly-one: two facts of the feature agreeing on the key arguments
 * and differing in the value arguments (the "at least one" half of exactly-one needs the feature domain and
 * is not checked, so a violation found is still one). group: two of its features, or (exactly one) none.
 */
export function violates<S>(reasoner: Reasoner<S>, state: S, property: Property, total: number): boolean {
  if (property.kind === 'zero-sum') {
    if (!reasoner.isTerminal(state)) return false;
    const goals = reasoner.goals(state);
    if (goals.some((g) => typeof g !== 'number')) return true;
    return (goals as number[]).reduce((a, b) => a + b, 0) !== (property.total ?? total);
  }
  if (property.kind === 'group') {
    const group = new Set(property.features.map((f) => reasoner.game.parseTerm(f)));
    const holding = reasoner.stateToFacts(state).filter((f) => group.has(f)).length;
    return holding > 1 || (property.exactlyOne && holding === 0);
  }
  if (property.kind !== 'unique') return false;
  const store = reasoner.game.store;
  const slash = property.feature.lastIndexOf('/');
  const name = property.feature.slice(0, slash);
  const arity = Number(property.feature.slice(slash + 1));
  const valueByKey = new Map<string, string>();
  for (const fact of reasoner.stateToFacts(state)) {
    if (store.arity(fact) !== arity || store.symbolName(store.functor(fact)) !== name) continue;
    const key: TermId[] = [];
    const value: TermId[] = [];
    for (let i = 0; i < arity; i++) (property.positions.includes(i) ? value : key).push(store.arg(fact, i));
    const k = key.join(',');
    const v = value.join(',');
    const seen = valueByKey.get(k);
    if (seen !== undefined && seen !== v) return true;
    valueByKey.set(k, v);
  }
  return false;
}

export function searchReachableViolation<S>(
  reasoner: Reasoner<S>,
  property: Property,
  total: number,
  options: ViolationSearchOptions,
): ReachableViolation | undefined {
  const search = violationSearch(reasoner, property, total, options);
  for (;;) {
    const step = search.next();
    if (step.done) return step.value;
  }
}

/**
 * The same search, handing the event loop back every `SLICE_MS` so that it can run beside a proof (the
 * solver's budget timers run in this thread); `signal` ends it early with no violation.
 */
export async function searchReachableViolationAsync<S>(
  reasoner: Reasoner<S>,
  property: Property,
  total: number,
  options: ViolationSearchOptions & { readonly signal?: AbortSignal },
): Promise<ReachableViolation | undefined> {
  const search = violationSearch(reasoner, property, total, options);
  for (;;) {
    if (options.signal?.aborted) return undefined;
    const step = search.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const SLICE_MS = 20;

interface PathStep<S> {
  readonly state: S;
  readonly move: TermId[];
}

/** The search itself, yielding about every SLICE_MS between states. */
function* violationSearch<S>(
  reasoner: Reasoner<S>,
  property: Property,
  total: number,
  options: ViolationSearchOptions,
): Generator<void, ReachableViolation | undefined> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  let slice = performance.now();
  const rng = new Rng(options.seed);
  const lookahead = options.lookahead ?? 4096;
  const maxSteps = options.maxSteps ?? 1000;
  const replays = options.replays ?? 32;
  const replayDepth = options.replayDepth ?? 16;
  let matches = 0;
  let states = 0;
  const found = (path: readonly PathStep<S>[], last: S): ReachableViolation => ({
    record: record(reasoner, path, last, options.seed),
    depth: path.length,
    matches,
    states,
    seconds: elapsed(),
  });
  while (elapsed() < options.seconds) {
    matches++;
    const path: PathStep<S>[] = [];
    let state = reasoner.initialState();
    let replayed = 0;
    while (elapsed() < options.seconds) {
      if (performance.now() - slice > SLICE_MS) {
        yield;
        slice = performance.now();
      }
      states++;
      if (violates(reasoner, state, property, total)) return found(path, state);
      const legal =
        path.length < maxSteps && !reasoner.isTerminal(state)
          ? reasoner.roles.map((_, r) => reasoner.legalMoves(state, r))
          : [];
      if (legal.length > 0 && legal.every((moves) => moves.length > 0)) {
        let move = legal.map((moves) => moves[rng.nextInt(moves.length)]!);
        let next = reasoner.nextState(state, move);
        // The match is about to end: every other last move is tried too, and one that does not end it is played.
        if (reasoner.isTerminal(next) && jointMoveCount(legal) <= lookahead) {
          const onward: PathStep<S>[] = [];
          for (const other of jointMoves(legal)) {
            const successor = reasoner.nextState(state, other);
            states++;
            if (violates(reasoner, successor, property, total))
              return found([...path, { state, move: other }], successor);
            if (!reasoner.isTerminal(successor)) onward.push({ state: successor, move: other });
          }
          if (onward.length > 0) ({ state: next, move } = onward[rng.nextInt(onward.length)]!);
        }
        path.push({ state, move });
        state = next;
        continue;
      }
      // The match has ended: replay its last moves differently, or start a new one.
      if (replayed++ >= replays || path.length === 0) break;
      const back = 1 + rng.nextInt(Math.min(replayDepth, path.length));
      state = path[path.length - back]!.state;
      path.length -= back;
    }
  }
  return undefined;
}

/** The match record of a path, described by the reasoner (the same lines `gdlkit play` writes). */
function record<S>(
  reasoner: Reasoner<S>,
  path: readonly { state: S; move: TermId[] }[],
  last: S,
  seed: number,
): TraceBlock {
  const store = reasoner.game.store;
  const steps: TraceStep[] = path.map(({ state, move }, i) =>
    withMove(reasoner, describeState(reasoner, state, i).line, state, move),
  );
  steps.push(describeState(reasoner, last, path.length).line);
  return {
    header: {
      header: true,
      game: reasoner.game.file,
      backend: reasoner.backend,
      seed,
      roles: reasoner.roles.map((r) => store.toKif(r)),
    },
    steps,
  };
}
