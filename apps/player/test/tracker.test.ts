import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { EnumeratingTracker } from '../src/index.js';

describe('EnumeratingTracker on Monty Hall', () => {
  it('keeps exactly the states consistent with the percepts', async () => {
    const reasoner = await proverBackend.create(loadCorpusGame('montyhall.kif'));
    const g = reasoner.game;
    const t = (s: string) => g.parseTerm(s);
    const tracker = new EnumeratingTracker(reasoner, 0);
    expect(
      tracker
        .knownLegalMoves()
        .map((m) => g.store.toKif(m))
        .sort(),
    ).toEqual(['(choose 1)', '(choose 2)', '(choose 3)']);
    tracker.update(t('(choose 1)'), [t('(does candidate (choose 1))')]);
    // The car may be behind any door.
    expect(tracker.size).toBe(3);
    tracker.update(t('noop'), [t('(does candidate noop)'), t('(open_door 2)')]);
    // The host opened door 2: the car is behind 1 or 3.
    expect(tracker.size).toBe(2);
    expect(tracker.complete).toBe(true);
    expect(
      tracker
        .knownLegalMoves()
        .map((m) => g.store.toKif(m))
        .sort(),
    ).toEqual(['noop', 'switch']);
    const cars = tracker
      .sampleStates(10)
      .map(
        (s) =>
          reasoner
            .stateToFacts(s)
            .map((f) => g.store.toKif(f))
            .find((f) => f.startsWith('(car'))!,
      )
      .sort();
    expect(cars).toEqual(['(car 1)', '(car 3)']);
  });

  it('re-samples along the history when percepts contradict every tracked state', async () => {
    const reasoner = await proverBackend.create(loadCorpusGame('montyhall.kif'));
    const g = reasoner.game;
    const tracker = new EnumeratingTracker(reasoner, 0);
    tracker.update(g.parseTerm('(choose 1)'), [g.parseTerm('(does candidate (choose 2))')]);
    expect(tracker.size).toBe(0);
    expect(tracker.complete).toBe(false);
    expect(tracker.knownLegalMoves()).toEqual([]);
  });
});
