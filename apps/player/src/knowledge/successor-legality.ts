import type { Reasoner, Rng, TermId } from '@gdlkit/core';
import { jointMoveAt, perceptKey } from '../hyperplay/model-bag.js';
import { legalInAll } from './state-legality.js';

/** The round the role just played: its own move and the percepts it received. */
export interface RoundObservation {
  readonly ownMove: TermId;
  readonly percepts: readonly TermId[];
}

/**
 * Bounds of the quick advance: successors wanted, tracked states tried at most, and joint moves of the other
 * roles tried per state.
 */
export interface QuickAdvanceBounds {
  readonly successors: number;
  readonly states: number;
  readonly tries: number;
}

const DEFAULT_BOUNDS: QuickAdvanceBounds = { successors: 4, states: 32, tries: 64 };

/**
 * The role's moves legal in one successor of each of (up to `bounds.successors` of) the tracked `states`, taken
 * in order (at most `bounds.states` of them), that explains the round — the role's own move was legal there and its percepts are exactly the ones received —
 * the other roles' joint move found by trying theirs in random order. A tracked state of the information set
 * (a hypergame, or a state of the enumerating tracker) advanced this way is a state of the new information set,
 * so these moves are legal in states the role cannot rule out, unlike the filter's "possibly legal" ones, which
 * hold in some model of (B+, B0), a set larger than the information set (on Krieg-TicTacToe it keeps the role's
 * own cells: 29 % of those moves were illegal). It costs a few `sees` calls, so the move can be reported before
 * the full update of the tracked states (issue 21: a worker that misses the clock is answered for with it).
 * With no round (the first turn) the states' own legal moves; null when no successor was found.
 */
export function legalAfterRound<S>(
  reasoner: Reasoner<S>,
  role: number,
  states: Iterable<S>,
  round: RoundObservation | null,
  rng: Rng,
  bounds: QuickAdvanceBounds = DEFAULT_BOUNDS,
): TermId[] | null {
  const found: S[] = [];
  const key = round && perceptKey(round.percepts);
  let tried = 0;
  for (const state of states) {
    if (found.length >= bounds.successors || tried++ >= bounds.states) break;
    const next = round ? explainedSuccessor(reasoner, role, state, round, key!, rng, bounds.tries) : state;
    if (next !== null) found.push(next);
  }
  return found.length > 0 ? legalInAll(reasoner, role, found) : null;
}

function explainedSuccessor<S>(
  reasoner: Reasoner<S>,
  role: number,
  state: S,
  round: RoundObservation,
  key: string,
  rng: Rng,
  tries: number,
): S | null {
  if (reasoner.isTerminal(state) || !reasoner.legalMoves(state, role).includes(round.ownMove)) return null;
  const legal = reasoner.roles.map((_, r) => (r === role ? [round.ownMove] : reasoner.legalMoves(state, r)));
  const total = legal.reduce((n, moves) => n * moves.length, 1);
  // Every joint move when there are few, from a random one on; else random ones.
  const first = rng.nextInt(total);
  for (let t = 0; t < Math.min(total, tries); t++) {
    const joint = jointMoveAt(legal, total <= tries ? (first + t) % total : rng.nextInt(total));
    if (perceptKey(reasoner.sees(state, joint, role)) === key) return reasoner.nextState(state, joint);
  }
  return null;
}

/**
 * A few random walks through the information set, for a match that has no tracked states (one a replacement
 * worker took over, which replays its turns into the filter only): each walk starts at the initial state and
 * is advanced every round by one joint move of the other roles that explains the role's move and percepts; a
 * walk that finds none is replaced by a copy of one that did, and when none does the walks are lost. Each
 * round costs a few `sees` calls per walk, little enough for a replay within one play clock.
 */
export class InformationSetWalks<S> {
  private walks: S[];

  constructor(
    private readonly reasoner: Reasoner<S>,
    private readonly role: number,
    count: number,
    private readonly rng: Rng,
    private readonly tries = DEFAULT_BOUNDS.tries,
  ) {
    this.walks = Array.from({ length: count }, () => reasoner.initialState());
  }

  advance(round: RoundObservation): void {
    const key = perceptKey(round.percepts);
    const advanced: S[] = [];
    for (const state of this.walks) {
      const next = explainedSuccessor(this.reasoner, this.role, state, round, key, this.rng, this.tries);
      if (next !== null) advanced.push(next);
    }
    const count = this.walks.length;
    for (let i = advanced.length; advanced.length > 0 && i < count; i++) {
      advanced.push(advanced[this.rng.nextInt(advanced.length)]!);
    }
    this.walks = advanced;
  }

  /** The role's moves legal in every walk's state; null once the walks are lost. */
  legalMoves(): TermId[] | null {
    return this.walks.length > 0 ? legalInAll(this.reasoner, this.role, this.walks) : null;
  }
}
