import { loadGame } from '@gdlkit/core';

/**
 * A two-move counter: from (s 0) the only role picks a or b twice, then the game ends in (s 2). The tree has
 * 1 + 2 + 4 nodes, every simulation visits exactly 3 states, so the driver counts are known by hand.
 */
export const COUNTER_KIF = `
(role p)
(init (s 0))
(succ 0 1)
(succ 1 2)
(<= (legal p a) (true (s ?x)) (succ ?x ?y))
(<= (legal p b) (true (s ?x)) (succ ?x ?y))
(<= (next (s ?y)) (true (s ?x)) (succ ?x ?y))
(<= terminal (true (s 2)))
(<= (goal p 100) (true (s 2)))
(<= (goal p 0) (not (true (s 2))))
`;

export const counterGame = () => loadGame(COUNTER_KIF, 'counter.kif');
