// Expectations worked out by hand from the rules, independent of any backend.
import { expect } from 'vitest';
import { IllegalMoveError } from '../errors.js';
import type { Reasoner } from '../reasoner/types.js';
import { sortCanonical } from '../terms/term-store.js';

export type HandCheck = (reasoner: Reasoner) => void;

function facts(reasoner: Reasoner, state: unknown): string[] {
  const store = reasoner.game.store;
  return sortCanonical(store, reasoner.stateToFacts(state)).map((t) => store.toKif(t));
}

function legal(reasoner: Reasoner, state: unknown, role: number): string[] {
  const store = reasoner.game.store;
  return sortCanonical(store, reasoner.legalMoves(state, role)).map((t) => store.toKif(t));
}

function play(reasoner: Reasoner, state: unknown, moves: string[]): unknown {
  return reasoner.nextState(
    state,
    moves.map((m) => reasoner.game.parseTerm(m)),
  );
}

const cells = (mark: string) => [1, 2, 3].flatMap((x) => [1, 2, 3].map((y) => `(cell ${x} ${y} ${mark})`));

const tictactoe: HandCheck = (r) => {
  let s = r.initialState();
  expect(facts(r, s)).toEqual([...cells('b'), '(control xplayer)'].sort());
  expect(legal(r, s, 0)).toEqual([1, 2, 3].flatMap((x) => [1, 2, 3].map((y) => `(mark ${x} ${y})`)));
  expect(legal(r, s, 1)).toEqual(['noop']);
  expect(r.isTerminal(s)).toBe(false);
  s = play(r, s, ['(mark 1 1)', 'noop']);
  expect(facts(r, s)).toContain('(cell 1 1 x)');
  expect(facts(r, s)).toContain('(control oplayer)');
  expect(facts(r, s)).not.toContain('(cell 1 1 b)');
  expect(legal(r, s, 1)).not.toContain('(mark 1 1)');
  expect(() => play(r, s, ['noop', '(mark 1 1)'])).toThrow(IllegalMoveError);
  for (const [x, o] of [
    ['noop', '(mark 2 1)'],
    ['(mark 1 2)', 'noop'],
    ['noop', '(mark 2 2)'],
    ['(mark 1 3)', 'noop'],
  ] as const) {
    expect(r.isTerminal(s)).toBe(false);
    s = play(r, s, [x, o]);
  }
  expect(r.isTerminal(s)).toBe(true);
  expect(r.goals(s)).toEqual([100, 0]);
};

const montyhall: HandCheck = (r) => {
  const kif = (ts: readonly number[]) => sortCanonical(r.game.store, ts).map((t) => r.game.store.toKif(t));
  const move = (ms: string[]) => ms.map((m) => r.game.parseTerm(m));
  let s = r.initialState();
  expect(facts(r, s)).toEqual(['(closed 1)', '(closed 2)', '(closed 3)', '(step 1)']);
  expect(legal(r, s, 0)).toEqual(['(choose 1)', '(choose 2)', '(choose 3)']);
  expect(legal(r, s, 1)).toEqual(['(hide_car 1)', '(hide_car 2)', '(hide_car 3)']);
  expect(kif(r.sees(s, move(['(choose 1)', '(hide_car 2)']), 0))).toEqual(['(does candidate (choose 1))']);
  expect(kif(r.sees(s, move(['(choose 1)', '(hide_car 2)']), 1))).toEqual([]);
  s = play(r, s, ['(choose 1)', '(hide_car 2)']);
  expect(facts(r, s)).toEqual([
    '(car 2)',
    '(chosen 1)',
    '(closed 1)',
    '(closed 2)',
    '(closed 3)',
    '(step 2)',
  ]);
  expect(legal(r, s, 1)).toEqual(['(open_door 3)']);
  expect(kif(r.sees(s, move(['noop', '(open_door 3)']), 0))).toEqual([
    '(does candidate noop)',
    '(open_door 3)',
  ]);
  s = play(r, s, ['noop', '(open_door 3)']);
  expect(legal(r, s, 0)).toEqual(['noop', 'switch']);
  expect(kif(r.sees(s, move(['switch', 'noop']), 0))).toEqual(['(car 2)', '(does candidate switch)']);
  s = play(r, s, ['switch', 'noop']);
  expect(r.isTerminal(s)).toBe(true);
  expect(r.goals(s)).toEqual([100, 100]);
};

/** Hand-verified expectations by corpus path. */
export const handChecks: Readonly<Record<string, HandCheck>> = {
  'tictactoe.kif': tictactoe,
  'montyhall.kif': montyhall,
};
