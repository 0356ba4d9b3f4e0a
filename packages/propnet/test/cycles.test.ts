// Positive cycles through views: reachability over a graph whose edges are fluents. Deleting the edge that
// links the start to a cycle must make the whole cycle unreachable (cycle-safe deletion).
import { loadGame, Rng } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnet, PropnetReasoner } from '../src/index.js';
import { PropnetWasmReasoner } from '../src/index.wasm.js';

const NODES = 5;
const nodes = Array.from({ length: NODES }, (_, i) => i + 1);
const pairs = nodes.flatMap((a) => nodes.filter((b) => b !== a).map((b) => [a, b] as const));
const kif = `
(role player)
${nodes.map((n) => `(node ${n})`).join(' ')}
(init (edge 1 2)) (init (edge 2 3)) (init (edge 3 2)) (init (edge 3 4)) (init (edge 4 3))
(<= (legal player (toggle ?a ?b)) (node ?a) (node ?b) (distinct ?a ?b))
(<= (next (edge ?a ?b)) (true (edge ?a ?b)) (not (does player (toggle ?a ?b))))
(<= (next (edge ?a ?b)) (node ?a) (node ?b) (distinct ?a ?b) (not (true (edge ?a ?b))) (does player (toggle ?a ?b)))
(<= (reach 1) (true (edge 1 ?x)))
(<= (reach ?y) (reach ?x) (true (edge ?x ?y)))
(<= (goal player 100) (reach 5))
(<= (goal player 0) (not (reach 5)))
(<= terminal (reach 5))
`;

/** Nodes reachable from 1 over at least one edge, computed directly. */
function reachable(edges: Set<string>): Set<number> {
  const seen = new Set<number>();
  const stack = [1];
  while (stack.length > 0) {
    const x = stack.pop()!;
    for (const [a, b] of pairs) {
      if (a === x && edges.has(`${a} ${b}`) && !seen.has(b)) {
        seen.add(b);
        stack.push(b);
      }
    }
  }
  return seen;
}

describe('positive cycles through views', () => {
  const game = loadGame(kif, 'reach.kif');
  const ir = buildPropnet(game);

  it('finds the reach cycle as a cyclic component', () => {
    expect(ir.cycleRange.length).toBeGreaterThan(0);
  });

  for (const make of [
    (i: typeof ir) => new PropnetReasoner(game, i),
    (i: typeof ir) => new PropnetWasmReasoner(game, i),
  ]) {
    it(`agrees with direct reachability along random toggles (${make(ir).backend})`, () => {
      const reasoner = make(ir);
      const rng = new Rng(42);
      for (let match = 0; match < 20; match++) {
        let state = reasoner.initialState();
        for (let step = 0; step < 30 && !reasoner.isTerminal(state); step++) {
          const edges = new Set(reasoner.stateToFacts(state).map((t) => game.store.toKif(t).slice(6, -1)));
          const expected = reachable(edges).has(5);
          expect(reasoner.goal(state, 0)).toBe(expected ? 100 : 0);
          const moves = reasoner.legalMoves(state, 0);
          state = reasoner.nextState(state, [moves[rng.nextInt(moves.length)]!]);
        }
      }
    });
  }

  it('deletes a cycle that only supported itself once its entry edge is gone', () => {
    const reasoner = new PropnetReasoner(game, ir);
    const toggle = (a: number, b: number) => game.parseTerm(`(toggle ${a} ${b})`);
    let s = reasoner.initialState();
    s = reasoner.nextState(s, [toggle(4, 5)]);
    expect(reasoner.goal(s, 0)).toBe(100);
    // Without the entry edge 1→2 the cycle 2⇄3⇄4 no longer reaches 5 even with 4→5; restoring it does.
    s = reasoner.initialState();
    s = reasoner.nextState(s, [toggle(1, 2)]);
    s = reasoner.nextState(s, [toggle(4, 5)]);
    expect(reasoner.goal(s, 0)).toBe(0);
    s = reasoner.nextState(s, [toggle(1, 2)]);
    expect(reasoner.goal(s, 0)).toBe(100);
  });
});
