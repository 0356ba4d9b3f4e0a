import { firstDifference, genericPlayouts, playRandomMatch, type Reasoner } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createHandcodedReasoner, handcodedEngine } from '../src/index.js';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe.each([
  ['connectfour.kif', 3],
  ['breakthrough.kif', 2],
])('hand-coded %s against the prover', (path, depth) => {
  const game = loadCorpusGame(path);
  const prover = createProver(game);
  const handcoded = createHandcodedReasoner(game, path);

  it.each(SEEDS)('plays the same random match for seed %i (state, legal, goals, terminal)', (seed) => {
    const expected = playRandomMatch(prover, { seed, goalsEverywhere: true });
    const actual = playRandomMatch(handcoded, { seed, goalsEverywhere: true });
    expect(firstDifference(expected.steps, actual.steps)?.summary).toBeUndefined();
    expect(actual.steps.at(-1)!.terminal).toBe(true);
  });

  it(`counts the prover's perft nodes to depth ${depth}`, () => {
    expect(handcoded.perft(handcoded.initialState(), depth)).toBe(prover.perft(prover.initialState(), depth));
  });

  it('plays the same batch playouts as core genericPlayouts on its own primitives', () => {
    const start = handcoded.initialState();
    const options = { count: 20, seed: 9 };
    expect(handcoded.playouts(start, options)).toEqual(genericPlayouts(handcoded, start, options));
  });

  it('round-trips states through facts and answers like the prover on a state from facts', () => {
    const trace = playRandomMatch(prover, { seed: 11, maxSteps: 12 });
    const facts = trace.steps.at(-1)!.state.map((f) => game.parseTerm(f));
    const state = handcoded.stateFromFacts(facts);
    expect(new Set(handcoded.stateToFacts(state))).toEqual(new Set(facts));
    const sorted = (r: Reasoner, s: unknown) =>
      [...(r as Reasoner<unknown>).legalMoves(s, 0)].sort((a, b) => a - b);
    expect(sorted(handcoded, state)).toEqual(sorted(prover, prover.stateFromFacts(facts)));
  });

  it('rejects a move that is not legal with IllegalMoveError', () => {
    const start = handcoded.initialState();
    const noop = game.parseTerm('noop');
    expect(() => handcoded.nextState(start, [noop, noop])).toThrow(/illegal move for role/);
  });
});

describe('hand-coded rules in states no match reaches, against the prover', () => {
  it('breakthrough with both sides in control: a joint noop clears the board as the frame rule says', () => {
    const game = loadCorpusGame('breakthrough.kif');
    const prover = createProver(game);
    const handcoded = createHandcodedReasoner(game, 'breakthrough.kif');
    const facts = [
      '(control white)',
      '(control black)',
      '(cellHolds 1 2 white)',
      '(cellHolds 2 3 black)',
    ].map((f) => game.parseTerm(f));
    const noop = game.parseTerm('noop');
    const capture = game.parseTerm('(move 1 2 2 3)');
    for (const move of [
      [noop, noop],
      [capture, game.parseTerm('(move 2 3 1 2)')],
      [capture, noop],
    ]) {
      const expected = prover.stateToFacts(prover.nextState(prover.stateFromFacts(facts), move));
      const actual = handcoded.stateToFacts(handcoded.nextState(handcoded.stateFromFacts(facts), move));
      expect(new Set(actual)).toEqual(new Set(expected));
    }
  });

  it('connect four with both colours on one cell and lines for both: goals as the prover derives them', () => {
    const game = loadCorpusGame('connectfour.kif');
    const prover = createProver(game);
    const handcoded = createHandcodedReasoner(game, 'connectfour.kif');
    const facts = [1, 2, 3, 4]
      .flatMap((x) => [`(cell ${x} 1 red)`, `(cell 5 ${x} black)`])
      .concat(['(cell 5 1 red)', '(control red)', '(control black)'])
      .map((f) => game.parseTerm(f));
    const p = prover.stateFromFacts(facts);
    const h = handcoded.stateFromFacts(facts);
    expect(handcoded.goals(h)).toEqual(prover.goals(p));
    expect(handcoded.isTerminal(h)).toBe(prover.isTerminal(p));
  });
});

describe('handcoded bench engine', () => {
  it('runs exactly its two game files', () => {
    const engine = handcodedEngine();
    const ttt = loadCorpusGame('tictactoe.kif');
    expect(engine.handles('tictactoe.kif', ttt)).toMatch(/no hand-written rules/);
    expect(engine.handles('connectfour.kif', ttt)).toBeUndefined();
    expect(() => createHandcodedReasoner(ttt, 'connectfour.kif')).toThrow(/roles/);
  });
});
