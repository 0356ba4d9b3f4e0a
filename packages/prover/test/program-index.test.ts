// Issue 25: the first-argument index of a relation's rules was built with one filter over all the relation's
// rules per distinct first argument (quadratic: minutes for the 750 k facts of the large START). Its lists
// must keep their meaning: the rules a call with that first argument can match, in source order.
import { loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { Program } from '../src/program.js';

const game = loadGame(
  `(role r)
   (q a) (q b) (q c)
   (p a 1)
   (<= (p ?x 2) (q ?x))
   (p b 3)
   (p a 4)
   (<= (p ?x 5) (q ?x))
   (<= (legal r (m ?x ?y)) (p ?x ?y))
   (init (s 1))
   (<= (next (s 1)) (does r (m a 1)))
   (<= terminal (true (s 1)))
   (goal r 100)`,
  'index.kif',
);

describe('first-argument index of the prover program', () => {
  const program = new Program(game);
  const p = game.relations.findIndex((r) => game.store.symbolName(r.symbol) === 'p');
  const seconds = (first: number) =>
    program.rulesFor(p, first).map((rule) => {
      const arg = rule.source.head.args[1]!;
      return arg.kind === 'ground' ? game.store.toKif(arg.term) : `?${arg.kind}`;
    });

  it('files each ground first argument with the open rules, in source order', () => {
    expect(seconds(game.store.constant('a'))).toEqual(['1', '2', '4', '5']);
    expect(seconds(game.store.constant('b'))).toEqual(['2', '3', '5']);
    expect(seconds(game.store.constant('c'))).toEqual(['2', '5']);
    expect(seconds(-1)).toEqual(['1', '2', '3', '4', '5']);
  });
});
