// A refutation by search: a match from the initial state to a state violating the property, which a
// replay with another reasoner confirms.
import { replayMatch } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import {
  GameAnalyser,
  parseProperty,
  proveOrRefute,
  STOPPED,
  searchReachableViolation,
  searchReachableViolationAsync,
  violates,
} from '../src/index.js';
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

  it("finds amazons' 100/100 terminal state from the initial state with the prover, and it replays", () => {
    // A random match rarely ends with both sides walled in at once (the native backend's plain search needed
    // 60 matches); the search directed at the ends of matches reaches it with the prover, which needs no build.
    const game = GameAnalyser.load(gameText('amazons'), 'amazons.kif').game;
    const prover = createProver(game);
    try {
      const zeroSum = parseProperty('zero-sum');
      const found = searchReachableViolation(prover, zeroSum, 100, { seconds: 300, seed: 1 })!;
      expect(found).toBeDefined();
      // Seeded, so deterministic: a few matches' ends replayed (undirected: 7 to 82 whole matches, seeds 1-5).
      expect(found.matches).toBeLessThan(10);
      const replayed = replayMatch(prover, found.record);
      expect(replayed.steps).toEqual(found.record.steps);
      expect(replayed.steps).toHaveLength(found.depth + 1);
      const last = replayed.steps.at(-1)!;
      expect(last.terminal).toBe(true);
      expect(last.goals).toEqual({ white: 100, black: 100 });
    } finally {
      prover.dispose();
    }
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

  it('the async search (beside a proof) plays the same matches as the synchronous one', async () => {
    const game = GameAnalyser.load(gameText('endgame'), 'endgame.kif').game;
    const prover = createProver(game);
    const board = parseProperty('unique:cell/3:3');
    const sync = searchReachableViolation(prover, board, 100, { seconds: 30, seed: 3 })!;
    const async = (await searchReachableViolationAsync(prover, board, 100, { seconds: 30, seed: 3 }))!;
    expect(async.record.steps).toEqual(sync.record.steps);
    const stop = new AbortController();
    stop.abort();
    const stopped = await searchReachableViolationAsync(prover, board, 100, {
      seconds: 30,
      seed: 3,
      signal: stop.signal,
    });
    expect(stopped).toBeUndefined();
    prover.dispose();
  });

  it("proof and search side by side: endgame's board is refuted by a reachable match, the proof stopped or refuted in the step", async () => {
    const analyser = GameAnalyser.load(gameText('endgame'), 'endgame.kif');
    const prover = createProver(analyser.game);
    try {
      const board = parseProperty('unique:cell/3:3');
      const { proof, violation } = await proveOrRefute(
        analyser,
        board,
        [],
        { seconds: 60, memoryBytes: 2 ** 30 },
        { open: async () => prover },
      );
      expect(violation).toBeDefined();
      expect(proof.status).not.toBe('proved');
      if (proof.status === 'unknown') expect(proof.reason).toContain(STOPPED);
      const last = replayMatch(prover, violation!.record).steps.at(-1)!;
      const state = prover.stateFromFacts(last.state.map((f) => analyser.game.parseTerm(f)));
      expect(violates(prover, state, board, 100)).toBe(true);
    } finally {
      prover.dispose();
      await analyser.close();
    }
  });

  it('proof and search side by side: a proof (tictactoe control) ends the search without a violation', async () => {
    const analyser = GameAnalyser.load(gameText('tictactoe'), 'tictactoe.kif');
    const prover = createProver(analyser.game);
    try {
      const { proof, violation, searchError } = await proveOrRefute(
        analyser,
        parseProperty('unique:control/1:1'),
        [],
        { seconds: 60, memoryBytes: 2 ** 30 },
        { open: async () => prover },
      );
      expect(proof.status).toBe('proved');
      expect(violation).toBeUndefined();
      expect(searchError).toBeUndefined();
    } finally {
      prover.dispose();
      await analyser.close();
    }
  });
});
