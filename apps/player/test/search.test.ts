import { MastTable, NstTable, Rng } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { createPolicy, MoveHistory, RandomPolicy, TablePolicy, UctSearch } from '../src/index.js';
import { tictactoe, winningPosition } from './positions.js';

describe('decoupled UCT', () => {
  for (const name of ['random', 'mast', 'nst'] as const) {
    it(`finds the winning move with ${name}`, async () => {
      const reasoner = await tictactoe();
      const policy = createPolicy(2, { policy: name, decay: 0.4 });
      const search = new UctSearch(reasoner, winningPosition(reasoner), 0, policy, { seed: 9 });
      for (let i = 0; i < 400; i++) search.iterate(Number.POSITIVE_INFINITY);
      expect(reasoner.game.store.toKif(search.bestMove())).toBe('(mark 1 3)');
      expect(search.treeSize).toBeGreaterThan(10);
    });
  }

  it('reuses the subtree of the move played and resets the iteration count', async () => {
    const reasoner = await tictactoe();
    const search = new UctSearch(reasoner, reasoner.initialState(), 1, new RandomPolicy(), { seed: 2 });
    for (let i = 0; i < 300; i++) search.iterate(Number.POSITIVE_INFINITY);
    const g = reasoner.game;
    const child = search.root.child(
      search.root.jointIndex([search.root.legal[0]!.indexOf(g.parseTerm('(mark 2 2)')), 0]),
    );
    const statistics = (node: typeof child) =>
      node!.legal.map((_, r) => [Array.from(node!.moveVisits[r]!), Array.from(node!.moveSums[r]!)]);
    const kept = statistics(child);
    const visits = child!.visits;
    search.advance([g.parseTerm('(mark 2 2)'), g.parseTerm('noop')]);
    expect(search.root).toBe(child);
    expect(search.iterations).toBe(0);
    // The kept subtree's statistics were moved to a fresh arena intact, and the search goes on from them.
    expect(statistics(search.root)).toEqual(kept);
    for (let i = 0; i < 100; i++) search.iterate(Number.POSITIVE_INFINITY);
    expect(search.root.visits).toBe(visits + 100);
    expect(search.root.moveVisits[1]!.reduce((a, b) => a + b, 0)).toBe(visits + 100);
    expect(() => search.advance([g.parseTerm('(mark 2 2)'), g.parseTerm('noop')])).toThrow(/illegal move/);
  });

  it('asks the reasoner nothing about a new leaf but its state until a descent reaches it again', async () => {
    const reasoner = await tictactoe();
    const asked = { isTerminal: 0, legalMoves: 0 };
    const counting = Object.create(reasoner);
    counting.isTerminal = (s: unknown) => {
      asked.isTerminal++;
      return reasoner.isTerminal(s);
    };
    counting.legalMoves = (s: unknown, r: number) => {
      asked.legalMoves++;
      return reasoner.legalMoves(s, r);
    };
    // The tree's questions only: the simulations run on the reasoner itself.
    counting.simulate = reasoner.simulate.bind(reasoner);
    const search = new UctSearch(counting, reasoner.initialState(), 0, new RandomPolicy(), { seed: 4 });
    // One descent: the root is tested and expanded (two roles), its new child only made.
    search.iterate(Number.POSITIVE_INFINITY);
    expect(search.treeSize).toBe(2);
    expect(asked).toEqual({ isTerminal: 1, legalMoves: 2 });
    // The root has nine moves: the next eight descents each add a leaf and still ask nothing more.
    for (let i = 0; i < 8; i++) search.iterate(Number.POSITIVE_INFINITY);
    expect(search.treeSize).toBe(10);
    expect(asked).toEqual({ isTerminal: 1, legalMoves: 2 });
  });

  it('stops at the deadline without backing up a cut simulation', async () => {
    const reasoner = await tictactoe();
    const search = new UctSearch(reasoner, reasoner.initialState(), 0, new RandomPolicy());
    expect(search.iterate(performance.now() - 1)).toBe(false);
    expect(search.root.visits).toBe(0);
  });
});

describe("MAST and NST with decay (paper 03) through the player's TablePolicy", () => {
  it('MAST prefers moves with high averages and forgets with decay 0', () => {
    const mast = new MastTable(1, { kind: 'mast', gamma: 0, tau: 1 });
    const policy = new TablePolicy('mast', mast, 1);
    const history = new MoveHistory(1);
    history.push([5]);
    policy.record(history, [100]);
    history.reset();
    history.push([6]);
    policy.record(history, [0]);
    expect(mast.value(0, 5)).toBe(100);
    expect(mast.value(0, 6)).toBe(0);
    const rng = new Rng(1);
    const picks = Array.from({ length: 50 }, () => policy.choose(0, [5, 6], history, rng));
    expect(picks.filter((p) => p === 0).length).toBeGreaterThan(45);
    policy.decay();
    expect(mast.value(0, 6)).toBe(100);
  });

  it('NST scores sequences only after k visits and decays their counts', () => {
    const nst = new NstTable(2, { kind: 'nst', threshold: 2, epsilon: 0, gamma: 0.5 });
    const policy = new TablePolicy('nst', nst, 2);
    const history = new MoveHistory(2);
    // Role 1 answers role 0's move 1 with move 3 (reward 100) or 4 (reward 0).
    history.push([1, 9]);
    history.push([9, 3]);
    policy.record(history, [0, 100]);
    const other = new MoveHistory(2);
    other.push([2, 9]);
    other.push([9, 4]);
    policy.record(other, [100, 0]);
    expect(nst.score(1, 3, [1, 9])).toBe(100);
    expect(nst.score(1, 4, [1, 9])).toBe(0);
    policy.record(other, [100, 50]);
    // (1, 4) seen only under other predecessors: the pair (2, 4) has 2 visits, (1, 4) none.
    expect(nst.score(1, 4, [2, 9])).toBe((25 + 25) / 2);
    policy.decay();
    expect(nst.score(1, 4, [2, 9])).toBe(25);
  });

  it('hands the table the last joint moves of the history as its context', () => {
    const policy = createPolicy(2, { policy: 'nst', epsilon: 0, nstThreshold: 1 });
    const played = (moves: number[][], reward: number) => {
      const history = new MoveHistory(2);
      for (const move of moves) history.push(move);
      policy.record(history, [0, reward]);
    };
    // Role 1's moves 3 and 4 average 50 alone; 3 is good after role 0's 1, 4 after role 0's 2.
    played(
      [
        [1, 9],
        [9, 3],
      ],
      100,
    );
    played(
      [
        [2, 9],
        [9, 4],
      ],
      100,
    );
    played(
      [
        [1, 9],
        [9, 4],
      ],
      0,
    );
    played(
      [
        [2, 9],
        [9, 3],
      ],
      0,
    );
    const probe = (last: number) => {
      const history = new MoveHistory(2);
      for (const move of [
        [9, 9],
        [9, 9],
        [last, 9],
      ])
        history.push(move);
      return policy.choose(1, [3, 4], history, new Rng(1));
    };
    expect(probe(1)).toBe(0);
    expect(probe(2)).toBe(1);
  });
});
