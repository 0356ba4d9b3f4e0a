// The exact filter by brute force (Definition 2 with "=" instead of "⊇"): all true states consistent with one
// role's own moves and percepts so far, enumerated with the prover over every joint move of the other roles.
import { jointMoves, sortCanonical, type TermId } from '@gdlkit/core';
import type { ProverReasoner, ProverState } from '@gdlkit/prover';

export class ConsistentStates {
  private states = new Map<string, ProverState>();

  constructor(
    private readonly truth: ProverReasoner,
    private readonly role: number,
    private readonly limit = 50_000,
  ) {
    this.add(truth.initialState(), this.states);
  }

  /** The fluents of every consistent state, as sorted KIF lists. */
  fluentTexts(): string[][] {
    const store = this.truth.game.store;
    return [...this.states.values()].map((s) =>
      sortCanonical(store, this.truth.stateToFacts(s)).map((t) => store.toKif(t)),
    );
  }

  get size(): number {
    return this.states.size;
  }

  /** Keeps the successors of every state under the own move where the role would perceive `percepts`. */
  advance(ownMove: TermId, percepts: readonly string[]): void {
    const t = this.truth;
    const store = t.game.store;
    const expected = [...percepts].sort().join(' ');
    const next = new Map<string, ProverState>();
    for (const state of this.states.values()) {
      if (t.isTerminal(state)) continue;
      const legal = t.roles.map((_, r) => t.legalMoves(state, r));
      if (!legal[this.role]!.includes(ownMove)) continue;
      legal[this.role] = [ownMove];
      for (const move of jointMoves(legal)) {
        const seen = t.sees(state, move, this.role).map((p) => store.toKif(p));
        if (seen.sort().join(' ') !== expected) continue;
        this.add(t.nextState(state, move), next);
        if (next.size > this.limit) throw new Error(`more than ${this.limit} consistent states`);
      }
    }
    this.states = next;
  }

  private add(state: ProverState, into: Map<string, ProverState>): void {
    into.set(
      Array.from(this.truth.stateToFacts(state))
        .sort((a, b) => a - b)
        .join(','),
      state,
    );
  }
}
