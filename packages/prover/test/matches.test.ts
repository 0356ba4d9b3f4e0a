// Seeded random matches on corpus games: hand-verified facts, contract invariants, and memo-table hygiene (a
// reused prover answers exactly like a fresh one, whatever it computed before).
import { type Game, genericPlayouts, IllegalMoveError, playRandomMatch, type TermId } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { createProver, type ProverReasoner, type ProverState } from '../src/index.js';
import { corpusGame, kif } from './helpers.js';

const GAMES = [
  'tictactoe.kif',
  'connectfour.kif',
  'breakthrough.kif',
  'montyhall.kif',
  'nim1.kif',
  'hanoi.kif',
  'blindbreakthrough.kif',
  'tests/compliance/test_case_1a.kif',
  'tests/compliance/test_case_2a.kif',
  'tests/compliance/test_case_3b.kif',
  'tests/compliance/test_case_5a.kif',
  'tests/compliance/test_clean_not_distinct.kif',
];

function moves(game: Game, prover: ProverReasoner, state: ProverState, role: string): string[] {
  return kif(game, prover.legalMoves(state, game.roleIndex(role)));
}

describe('tictactoe by hand', () => {
  const game = corpusGame('tictactoe.kif');
  const prover = createProver(game);
  const start = prover.initialState();

  it('starts with xplayer to mark any of the 9 cells and oplayer to wait', () => {
    expect(moves(game, prover, start, 'xplayer')).toHaveLength(9);
    expect(moves(game, prover, start, 'oplayer')).toEqual(['noop']);
    expect(prover.isTerminal(start)).toBe(false);
  });

  it('marks a cell and passes control', () => {
    const next = prover.nextState(start, [game.parseTerm('(mark 2 2)'), game.parseTerm('noop')]);
    const facts = kif(game, prover.stateToFacts(next));
    expect(facts).toContain('(cell 2 2 x)');
    expect(facts).toContain('(control oplayer)');
    expect(moves(game, prover, next, 'oplayer')).toHaveLength(8);
    expect(moves(game, prover, next, 'xplayer')).toEqual(['noop']);
  });

  it('rejects a move on a marked cell with IllegalMoveError', () => {
    const next = prover.nextState(start, [game.parseTerm('(mark 2 2)'), game.parseTerm('noop')]);
    expect(() => prover.nextState(next, [game.parseTerm('noop'), game.parseTerm('(mark 2 2)')])).toThrow(
      IllegalMoveError,
    );
  });

  it('a completed row is terminal with goals 100 and 0', () => {
    const cells = ['(cell 1 1 x)', '(cell 1 2 x)', '(cell 1 3 x)', '(cell 2 1 o)', '(cell 2 2 o)'];
    const state = prover.stateFromFacts([...cells, '(control oplayer)'].map((f) => game.parseTerm(f)));
    expect(prover.isTerminal(state)).toBe(true);
    expect(prover.goals(state)).toEqual([100, 0]);
  });
});

describe('montyhall percepts', () => {
  const game = corpusGame('montyhall.kif');
  const prover = createProver(game);
  const t = (text: string): TermId => game.parseTerm(text);

  it('the candidate sees its own move and the door the host opens', () => {
    const candidate = game.roleIndex('candidate');
    const random = game.roleIndex('random');
    const joint = (c: string, r: string): TermId[] => {
      const move: TermId[] = [];
      move[candidate] = t(c);
      move[random] = t(r);
      return move;
    };
    const s1 = prover.initialState();
    expect(kif(game, prover.sees(s1, joint('(choose 1)', '(hide_car 3)'), candidate))).toEqual([
      '(does candidate (choose 1))',
    ]);
    const s2 = prover.nextState(s1, joint('(choose 1)', '(hide_car 3)'));
    expect(kif(game, prover.legalMoves(s2, random))).toEqual(['(open_door 2)']);
    expect(kif(game, prover.sees(s2, joint('noop', '(open_door 2)'), candidate))).toEqual([
      '(does candidate noop)',
      '(open_door 2)',
    ]);
    expect(prover.sees(s2, joint('noop', '(open_door 2)'), random)).toEqual([]);
  });
});

describe('seeded random matches', () => {
  for (const path of GAMES) {
    it(`${path}: reproducible, legal moves in every live state, goals at the end`, () => {
      const game = corpusGame(path);
      const prover = createProver(game);
      const match = playRandomMatch(prover, { seed: 42, maxSteps: 60 });
      for (const step of match.steps) {
        if (!step.terminal)
          for (const list of Object.values(step.legal ?? {})) expect(list.length).toBeGreaterThan(0);
      }
      const last = match.steps.at(-1)!;
      if (last.terminal) expect(Object.keys(last.goals ?? {})).toHaveLength(game.roles.length);
      // A fresh prover on a fresh game replays the same match: no state leaks between memo tables.
      const again = playRandomMatch(createProver(corpusGame(path)), { seed: 42, maxSteps: 60 });
      expect(again.steps).toEqual(match.steps);
    });
  }

  for (const path of ['tictactoe.kif', 'connectfour.kif', 'montyhall.kif']) {
    it(`${path}: the batch playouts agree with the generic playouts of core`, () => {
      const prover = createProver(corpusGame(path));
      const start = prover.initialState();
      const options = { count: 20, seed: 5 };
      expect(prover.playouts(start, options)).toEqual(genericPlayouts(prover, start, options));
    });
  }

  it('a reused prover answers old states like a fresh one (per-state memo tables are reset)', () => {
    const game = corpusGame('connectfour.kif');
    const prover = createProver(game);
    const states: ProverState[] = [prover.initialState()];
    let state = states[0]!;
    for (let i = 0; i < 12 && !prover.isTerminal(state); i++) {
      const joint = game.roles.map(
        (_, r) => prover.legalMoves(state, r)[i % prover.legalMoves(state, r).length]!,
      );
      state = prover.nextState(state, joint);
      states.push(state);
    }
    const fresh = createProver(game);
    for (const s of states.reverse()) {
      const copy = fresh.stateFromFacts(prover.stateToFacts(s));
      for (let r = 0; r < game.roles.length; r++) {
        expect(kif(game, prover.legalMoves(s, r))).toEqual(kif(game, fresh.legalMoves(copy, r)));
      }
      expect(prover.goals(s)).toEqual(fresh.goals(copy));
    }
  });
});
