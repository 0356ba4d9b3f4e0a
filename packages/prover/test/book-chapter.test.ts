// The examples of the GGP book, chapter 13 (Logic Programming): Nim, Tic-Tac-Toe legality, negation with
// bound variables, nested negation, and the loops a backward chainer must survive.
import { loadGame, type TermId } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { createProver } from '../src/index.js';
import { kif } from './helpers.js';

/** Keyword rules every valid game needs but these examples do not exercise. */
const FRAME = '(goal white 0) (goal black 0) (<= terminal (true over))';

const NIM_RULES = `
  (role white) (role black) ${FRAME}
  (<= (legal ?p (reduce ?x ?n)) (true (control ?p)) (true (heap ?x ?m)) (smaller ?n ?m))
  (succ 0 1) (succ 1 2) (succ 2 3)
`;
const SMALLER = `
  (<= (smaller ?x ?y) (succ ?x ?y))
  (<= (smaller ?x ?y) (succ ?x ?z) (smaller ?z ?y))
`;

function nimLegal(extra: string): string[] {
  const game = loadGame(NIM_RULES + extra, 'nim-13.1.kif');
  const prover = createProver(game);
  const state = prover.stateFromFacts(
    ['(control white)', '(heap a 2)', '(heap b 0)'].map((f) => game.parseTerm(f)),
  );
  expect(prover.legalMoves(state, game.roleIndex('black'))).toEqual([]);
  return kif(game, prover.legalMoves(state, game.roleIndex('white')));
}

describe('Nim (Figure 13.1)', () => {
  it('white may reduce heap a to 1 or 0 and heap b not at all', () => {
    expect(nimLegal(SMALLER)).toEqual(['(reduce a 0)', '(reduce a 1)']);
  });

  it('terminates with the redundant clause smaller(X,Y) :- smaller(X,Y)', () => {
    expect(nimLegal(`${SMALLER} (<= (smaller ?x ?y) (smaller ?x ?y))`)).toEqual([
      '(reduce a 0)',
      '(reduce a 1)',
    ]);
  });

  it('terminates with the recursive call first (left recursion)', () => {
    const leftRecursive = `
      (<= (smaller ?x ?y) (succ ?x ?y))
      (<= (smaller ?x ?y) (smaller ?z ?y) (succ ?x ?z))
    `;
    expect(nimLegal(leftRecursive)).toEqual(['(reduce a 0)', '(reduce a 1)']);
  });

  it('terminates on a loop spread over several clauses', () => {
    const mutual = `
      (<= (smaller ?x ?y) (less ?x ?y))
      (<= (less ?x ?y) (smaller ?x ?y))
      (<= (less ?x ?y) (succ ?x ?y))
      (<= (less ?x ?y) (succ ?x ?z) (smaller ?z ?y))
    `;
    expect(nimLegal(mutual)).toEqual(['(reduce a 0)', '(reduce a 1)']);
  });
});

describe('Tic-Tac-Toe legality (Figure 13.2)', () => {
  const game = loadGame(
    `
    (role white) (role black) ${FRAME}
    (<= (legal ?w (mark ?x ?y)) (true (cell ?x ?y b)) (true (control ?w)))
    (<= (legal white noop) (true (control black)))
    (<= (legal black noop) (true (control white)))
  `,
    'ttt-13.2.kif',
  );
  const prover = createProver(game);
  const state = prover.stateFromFacts(
    [
      '(cell 1 1 x)',
      '(cell 1 2 o)',
      '(cell 1 3 b)',
      '(cell 2 1 x)',
      '(cell 2 2 b)',
      '(cell 2 3 o)',
      '(cell 3 1 o)',
      '(cell 3 2 x)',
      '(cell 3 3 b)',
      '(control white)',
    ].map((f) => game.parseTerm(f)),
  );

  it('white has the three blank cells and black only noop', () => {
    expect(kif(game, prover.legalMoves(state, 0))).toEqual(['(mark 1 3)', '(mark 2 2)', '(mark 3 3)']);
    expect(kif(game, prover.legalMoves(state, 1))).toEqual(['noop']);
  });
});

describe('negation', () => {
  it('next(p(Z)) :- ~does(white,a(Z)) & true(p(Z)) keeps the lights not pressed (Multiple Buttons and Lights)', () => {
    const game = loadGame(
      `(role white) (legal white (a 1)) (legal white (a 2)) (legal white (a 3)) (goal white 0)
       (<= terminal (true over))
       (<= (next (p ?x)) (not (does white (a ?x))) (true (p ?x)))`,
      'buttons.kif',
    );
    const prover = createProver(game);
    const state = prover.stateFromFacts(['(p 1)', '(p 2)', '(p 3)'].map((f) => game.parseTerm(f)));
    const next = prover.nextState(state, [game.parseTerm('(a 2)')]);
    expect(kif(game, prover.stateToFacts(next))).toEqual(['(p 1)', '(p 3)']);
  });

  it('nested negation: only blue, whose free fluent holds, reaches goal 100', () => {
    const game = loadGame(
      `(role red) (role green) (role blue) (legal red noop) (legal green noop) (legal blue noop)
       (<= terminal (true over))
       (<= (trapped ?r) (role ?r) (not (true (free ?r))))
       (<= (goal ?w 100) (role ?w) (not (trapped ?w)))`,
      'trapped.kif',
    );
    const prover = createProver(game);
    const state = prover.stateFromFacts([game.parseTerm('(free blue)')]);
    expect(prover.goals(state)).toEqual([null, null, 100]);
  });

  it('terminal :- ~open holds exactly when no blank cell is left', () => {
    const game = loadGame(
      `(role x) (legal x noop) (goal x 0)
       (<= terminal (not open))
       (<= open (true (cell ?m ?n b)))`,
      'open.kif',
    );
    const prover = createProver(game);
    const cell = (v: string): TermId => game.parseTerm(`(cell 1 1 ${v})`);
    expect(prover.isTerminal(prover.stateFromFacts([cell('b')]))).toBe(false);
    expect(prover.isTerminal(prover.stateFromFacts([cell('x')]))).toBe(true);
  });

  it('recursion through negation is reported with a typed error, not a wrong answer', () => {
    const game = loadGame(
      `(role x) (legal x noop) (goal x 0) (<= terminal (true over))
       (<= (p ?a) (q ?a) (not (r ?a)))
       (<= (r ?a) (q ?a) (not (p ?a)))
       (q 1)
       (<= (next (s ?a)) (p ?a))`,
      'negative-loop.kif',
    );
    const prover = createProver(game);
    const state = prover.initialState();
    expect(() => prover.nextState(state, [game.parseTerm('noop')])).toThrow(
      expect.objectContaining({ code: 'INVALID_GAME' }),
    );
  });
});
