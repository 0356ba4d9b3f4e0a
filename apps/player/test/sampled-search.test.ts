import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { EnumeratingTracker, RandomPolicy, SampledSearch } from '../src/index.js';

describe('SampledSearch on Monty Hall (regression: a cursor shared by all moves)', () => {
  it('tries every move on every tracked state, so staying and switching are each worth about half', async () => {
    const reasoner = await proverBackend.create(loadCorpusGame('montyhall.kif'));
    const g = reasoner.game;
    const t = (s: string) => g.parseTerm(s);
    const tracker = new EnumeratingTracker(reasoner, 0);
    tracker.update(t('(choose 1)'), [t('(does candidate (choose 1))')]);
    tracker.update(t('noop'), [t('(does candidate noop)'), t('(open_door 2)')]);
    // Two states, unweighted: the car behind door 1 (staying wins) or door 3 (switching wins).
    const states = tracker.sampleStates(10);
    expect(states).toHaveLength(2);
    const search = new SampledSearch(reasoner, 0, new RandomPolicy(), tracker.knownLegalMoves(), states, {
      seed: 5,
    });
    for (let i = 0; i < 400; i++) search.iterate(Number.POSITIVE_INFINITY);
    const stats = search
      .moveStats()
      .map((s) => ({ move: g.store.toKif(s.move), visits: s.visits, mean: s.mean }));
    expect(stats.map((s) => s.move).sort()).toEqual(['noop', 'switch']);
    // Each move alternates between the two states on its own: exactly half its simulations win.
    for (const s of stats) {
      expect(s.visits).toBeGreaterThan(50);
      expect(s.mean).toBeGreaterThanOrEqual(45);
      expect(s.mean).toBeLessThanOrEqual(55);
    }
  });
});
