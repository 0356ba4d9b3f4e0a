import { createDefaultRegistry, loadAll } from '@gdlkit/backends';
import type { Reasoner } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { describe, expect, it } from 'vitest';
import { createPolicy, UctSearch } from '../src/index.js';
import { tictactoe, winningPosition } from './positions.js';

// Loaded first: before that, a lazily registered backend's availability reads the package synchronously.
const registry = createDefaultRegistry();
await loadAll(registry);

describe('batched decoupled UCT', () => {
  it('runs at most the budget per iteration, counts every simulation once and spreads descents', async () => {
    const reasoner = await tictactoe();
    const search = new UctSearch(
      reasoner,
      reasoner.initialState(),
      0,
      createPolicy(reasoner, { policy: 'mast' }),
      {
        batch: 16,
        seed: 4,
      },
    );
    // Young tree: one simulation per call until the root has 16 visits.
    for (let i = 0; i < 16; i++) expect(search.iterate(Number.POSITIVE_INFINITY)).toBe(true);
    expect(search.iterations).toBe(16);
    while (search.iterations < 300) search.iterate(Number.POSITIVE_INFINITY, 300 - search.iterations);
    expect(search.iterations).toBe(300);
    // Every simulation passed the root once: virtual loss visits were not counted twice.
    expect(search.root.visits).toBe(300);
    const visits = search.root.moveVisits[0]!;
    expect(visits.reduce((a, b) => a + b, 0)).toBe(300);
    // Virtual loss spread the batches: all nine opening moves were tried.
    expect(Array.from(visits).every((v) => v > 0)).toBe(true);
    // The rewards backed up are real goal values (0..100 per simulation).
    const sums = search.root.moveSums[0]!;
    for (let i = 0; i < visits.length; i++) {
      expect(sums[i]! / visits[i]!).toBeGreaterThanOrEqual(0);
      expect(sums[i]! / visits[i]!).toBeLessThanOrEqual(100);
    }
  });

  it('plays several simulations from each leaf, counted once each with their virtual loss', async () => {
    const reasoner = await tictactoe();
    const search = new UctSearch(reasoner, reasoner.initialState(), 0, createPolicy(reasoner), {
      batch: 32,
      leafPlayouts: 4,
      seed: 5,
    });
    while (search.iterations < 400) search.iterate(Number.POSITIVE_INFINITY, 400 - search.iterations);
    expect(search.iterations).toBe(400);
    expect(search.root.visits).toBe(400);
    // Four simulations per new leaf: about a quarter as many nodes as simulations (terminal leaves count one).
    expect(search.treeSize).toBeLessThan(160);
    expect(search.treeSize).toBeGreaterThan(60);
    const visits = search.root.moveVisits[0]!;
    expect(visits.reduce((a, b) => a + b, 0)).toBe(400);
    // Between iterations every simulation is back: each visit is scored once, terminal leaves included.
    expect(Array.from(search.root.moveScored[0]!)).toEqual(Array.from(visits));
    expect(Array.from(search.root.moveScored[1]!)).toEqual(Array.from(search.root.moveVisits[1]!));
  });

  // Engines with their own simulation loop get a new leaf's simulation from its parent with the leaf's joint
  // move forced, and the leaf computes its state only when a descent reaches it again: the same search, choice
  // for choice, as with every leaf's state computed first (the same engine told it has no loop of its own).
  // Connect four's tree is deep enough for leaves to be reached again; in connectfoursimultaneous both roles
  // move at once (the leaf's joint move is decoded from its index over both roles' moves).
  const engines = ['propnet-wasm', 'native'].map((name) => registry.get(name));
  for (const backend of engines.filter((b) => b.availability().available)) {
    for (const path of ['connectfour.kif', 'connectfoursimultaneous.kif']) {
      it(`${backend.name}, ${path}: leaves reached through a forced first move search as before`, async () => {
        const reasoner = await backend.create(loadCorpusGame(path));
        expect(reasoner.capabilities.policySimulations).toBe(true);
        const eager: Reasoner = Object.create(reasoner, {
          capabilities: { value: { ...reasoner.capabilities, policySimulations: false } },
        });
        const searches = [reasoner, eager].map((r) => {
          const search = new UctSearch(r, r.initialState(), 0, createPolicy(r), { batch: 64, seed: 3 });
          while (search.iterations < 3000) search.iterate(Number.POSITIVE_INFINITY);
          expect(search.treeSize).toBeGreaterThan(2000);
          return search;
        });
        const [roots, sizes] = [0, 1].map((k) =>
          searches.map((search) =>
            k === 0
              ? search.root.legal.map((_, role) => [
                  Array.from(search.root.moveVisits[role]!),
                  Array.from(search.root.moveSums[role]!),
                ])
              : search.treeSize,
          ),
        );
        expect(roots![0]).toEqual(roots![1]);
        // Leaves no descent reached are counted though not made, and the tree is kept through them.
        expect(sizes![0]).toBe(sizes![1]);
        for (const search of searches) {
          const root = search.root;
          // The least visited joint move: the likeliest to lead to a leaf no descent reached again.
          search.advance(
            root.legal.map(
              (moves, role) => moves[root.moveVisits[role]!.indexOf(Math.min(...root.moveVisits[role]!))]!,
            ),
          );
        }
        expect(searches[0]!.treeSize).toBe(searches[1]!.treeSize);
        expect(searches[0]!.root.legal).toEqual(searches[1]!.root.legal);
        reasoner.dispose();
      });
    }
  }

  it('finds the winning move with batches of 32 and RAVE', async () => {
    const reasoner = await tictactoe();
    const g = reasoner.game;
    for (const rave of ['off', 'on'] as const) {
      const search = new UctSearch(reasoner, winningPosition(reasoner), 0, createPolicy(reasoner), {
        batch: 32,
        rave,
        seed: 6,
      });
      while (search.iterations < 600) search.iterate(Number.POSITIVE_INFINITY);
      expect(g.store.toKif(search.bestMove())).toBe('(mark 1 3)');
    }
  });
});
