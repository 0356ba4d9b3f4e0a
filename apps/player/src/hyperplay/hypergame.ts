import type { TermId } from '@gdlkit/core';

/**
 * One round of a hypergame: the joint move chosen for it, and what backtracking needs to choose again.
 * Percept consistency of a round depends only on the state before it and its joint move, so the other
 * joint moves that explained the round stay valid alternatives as long as the rounds before are unchanged.
 */
export interface HypergameRound {
  readonly jointMove: readonly TermId[];
  /** Other joint moves that explained this round's own move and percepts, not tried yet (random order). */
  readonly alternatives: (readonly TermId[])[];
  /**
   * The fraction of the other roles' joint moves (each role uniform over its legal moves) that explains the
   * round: the likelihood factor of the weighted sample (see weighting.ts).
   */
  readonly likelihood: number;
}

/**
 * A model of the information set (HyperPlay's hypergame, giga13-05 section 3): a complete play from the initial
 * state whose every round agrees with the role's own moves and percepts. `states[i]` is the state after `i`
 * rounds, so the model's current state is the last one.
 */
export class Hypergame<S> {
  constructor(
    readonly states: S[],
    readonly rounds: HypergameRound[],
  ) {}

  static initial<S>(state: S): Hypergame<S> {
    return new Hypergame([state], []);
  }

  get state(): S {
    return this.states[this.states.length - 1]!;
  }

  /** A copy that can be extended and backtracked on its own (the states are immutable values). */
  clone(): Hypergame<S> {
    return new Hypergame(
      [...this.states],
      this.rounds.map((r) => ({ ...r, alternatives: [...r.alternatives] })),
    );
  }

  push(round: HypergameRound, next: S): void {
    this.rounds.push(round);
    this.states.push(next);
  }

  /** Drops the last round; returns it. */
  pop(): HypergameRound | undefined {
    if (this.rounds.length === 0) return undefined;
    this.states.pop();
    return this.rounds.pop();
  }
}
