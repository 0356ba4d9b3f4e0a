import { firstDifference, loadGame, playRandomMatch } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createForward } from '../src/index.js';

// Every matching case of the table-free indexed join (indexed-join.ts) in one small game: a variable bound to
// a whole function term (legal go), the same variable as an index key (hit), a nested function pattern inside
// a slot of function terms (next pos from does go), recursion (chain, semi-naive), negation and 0-ary heads.
const text = `
  (role a)
  (init (pos (pair 1 2))) (init (pos (pair 2 3))) (init (mark (pair 2 3))) (init (step 0))
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
  (<= (legal a (go ?p)) (true (pos ?p)))
  (<= (legal a (jump ?x ?z)) (chain ?x ?z))
  (<= (legal a (hit ?p)) (true (pos ?p)) (true (mark ?p)))
  (<= (chain ?x ?y) (true (pos (pair ?x ?y))))
  (<= (chain ?x ?z) (true (pos (pair ?x ?y))) (chain ?y ?z))
  (<= (moved ?p) (does a (go ?p)))
  (<= (next (pos (pair ?y ?z))) (does a (go (pair ?x ?y))) (succ ?y ?z))
  (<= (next (pos ?p)) (true (pos ?p)) (not (moved ?p)))
  (<= (next (mark ?p)) (true (mark ?p)))
  (<= (next (mark (pair ?x ?z))) (does a (jump ?x ?z)))
  (<= (next (step ?n)) (true (step ?n0)) (succ ?n0 ?n))
  (<= terminal (true (step 4)))
  (<= win (true (pos (pair 3 ?x))))
  (<= (goal a 100) win)
  (<= (goal a 0) (not win))
`;

describe('indexed join (no reference tables)', () => {
  it('plays the same matches as the prover, goals in every state', () => {
    const game = loadGame(text, 'indexed-join.kif');
    const forward = createForward(game, { tableBytesPerRule: 0 });
    expect(forward.report.fallbackRules).toHaveLength(game.rules.filter((r) => r.body.length > 0).length);
    const prover = createProver(game);
    const goals = new Set<unknown>();
    for (let seed = 1; seed <= 12; seed++) {
      const expected = playRandomMatch(prover, { seed, goalsEverywhere: true });
      const actual = playRandomMatch(forward, { seed, goalsEverywhere: true });
      expect(firstDifference(expected.steps, actual.steps)?.summary, `seed ${seed}`).toBeUndefined();
      goals.add(actual.steps.at(-1)?.goals?.a);
    }
    expect(goals).toEqual(new Set([0, 100]));
  });
});
