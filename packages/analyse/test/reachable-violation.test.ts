// A refutation by search: a match from the initial state to a state violating the property, which a
// replay with another reasoner confirms.
import { replayMatch } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { GameAnalyser, parseProperty, searchReachableViolation, violates } from '../src/index.js';
import { gameText } from './helpers.js';

describe('reachable violations', () => {
  it("finds endgame's board violation (the moved piece's square keeps its blank) and it replays", () => {
    const game = GameAnalyser.load(gameText('endgame'), 'endgame.kif').game;
    const prover = createProver(game);
    const board = parseProperty('unique:cell/3:3');
    const found = searchReachableViolation(prover, board, 100, { seconds: 30, seed: 1 })!;
    expect(found).toBeDefined();
    expect(found.depth).toBe(1);
    const replayed = replayMatch(prover, found.record);
    expect(replayed.steps).toEqual(found.record.steps);
    const last = replayed.steps.at(-1)!;
    const state = prover.stateFromFacts(last.state.map((f) => game.parseTerm(f)));
    expect(violates(prover, state, board, 100)).toBe(true);
    prover.dispose();
  });

  it('finds none for a property that holds (tictactoe control) and stops at the budget', () => {
    const game = GameAnalyser.load(gameText('tictactoe'), 'tictactoe.kif').game;
    const prover = createProver(game);
    const started = performance.now();
    const found = searchReachableViolation(prover, parseProperty('unique:control/1:1'), 100, {
      seconds: 1,
      seed: 1,
    });
    expect(found).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5000);
    prover.dispose();
  });
});
