import { loadGame } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createForward } from '../src/index.js';

// goal(R, 0) is defined by the absence of goal(R, 100): a negative cycle at the predicate level that
// vanishes at the ground level (DESIGN.md 4a).
const text = `
  (role white) (role black)
  (init (turn white))
  (<= (legal ?r (claim)) (role ?r) (true (turn ?r)))
  (<= (legal ?r noop) (role ?r) (not (true (turn ?r))))
  (<= (next (won ?r)) (does ?r (claim)))
  (<= (next (turn black)) (true (turn white)))
  (<= (next done) (true (turn black)))
  (<= (goal ?r 100) (true (won ?r)))
  (<= (goal ?r 0) (role ?r) (not (goal ?r 100)))
  (<= terminal (true done))
`;

describe('ground-level stratification of predicate-level negative cycles', () => {
  it('evaluates goal(R, 0) :- not goal(R, 100) as a Prolog engine would', () => {
    const game = loadGame(text, 'negative-cycle.kif');
    const goal = game.relations.find((r) => r.key === 'goal/2')!.id;
    expect(game.analysis.negativeCycle[goal]).toBe(true);
    const forward = createForward(game);
    const prover = createProver(game);
    const play = (r: typeof forward | typeof prover) => {
      let s: unknown = r.initialState();
      const seen: unknown[] = [];
      const reasoner = r as unknown as {
        goals(s: unknown): unknown;
        isTerminal(s: unknown): boolean;
        legalMoves(s: unknown, i: number): readonly number[];
        nextState(s: unknown, m: readonly number[]): unknown;
      };
      for (let step = 0; step < 5; step++) {
        seen.push(reasoner.goals(s));
        if (reasoner.isTerminal(s)) break;
        s = reasoner.nextState(
          s,
          [0, 1].map((i) => reasoner.legalMoves(s, i)[0]!),
        );
      }
      return seen;
    };
    const forwardGoals = play(forward);
    expect(forwardGoals).toEqual(play(prover));
    expect(forwardGoals[0]).toEqual([0, 0]);
    expect(forwardGoals[1]).toEqual([100, 0]);
    expect(forwardGoals[forwardGoals.length - 1]).toEqual([0, 100]);
  });
});
