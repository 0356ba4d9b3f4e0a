import { loadGame } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { EnumeratingTracker } from '../src/index.js';
import { luby } from '../src/knowledge/luby.js';

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

/**
 * `random` hides one of 200 numbers unseen; a round later the guesser sees it, and only the right guess is
 * legal. A tracker that keeps 4 of the 200 hidden numbers loses them all at the percept (unless it kept the
 * right one), and a walk along the history that does not backtrack finds the right number 1 time in 200.
 */
function hiddenNumberGame(numbers: number) {
  const facts = Array.from({ length: numbers }, (_, i) => `(number ${i + 1})`).join(' ');
  return loadGame(
    `(role guesser) (role random) ${facts}
     (init (round 0))
     (<= (legal random (hide ?n)) (true (round 0)) (number ?n))
     (<= (legal random noop) (not (true (round 0))))
     (<= (legal guesser wait) (not (true (round 2))))
     (<= (legal guesser (guess ?n)) (true (round 2)) (true (secret ?n)))
     (<= (next (secret ?n)) (does random (hide ?n)))
     (<= (next (secret ?n)) (true (secret ?n)))
     (<= (next (round 1)) (true (round 0)))
     (<= (next (round 2)) (true (round 1)))
     (<= (next (round 3)) (true (round 2)))
     (<= (sees guesser (secret ?n)) (true (round 1)) (true (secret ?n)))
     (<= terminal (true (round 3)))
     (goal guesser 100) (goal random 0)`,
    'hidden-number.kif',
  );
}

describe('EnumeratingTracker re-sampling', () => {
  it('finds the states that explain a rare percept by backtracking along the history', async () => {
    const reasoner = await proverBackend.create(hiddenNumberGame(200));
    const g = reasoner.game;
    const t = (s: string) => g.parseTerm(s);
    for (const seed of [1, 2, 3]) {
      const tracker = new EnumeratingTracker(reasoner, 0, { maxStates: 4, seed });
      tracker.update(t('wait'), []);
      expect(tracker.size).toBe(4);
      expect(tracker.complete).toBe(false);
      tracker.update(t('wait'), [t('(secret 137)')]);
      expect(tracker.size).toBe(1);
      expect(tracker.knownLegalMoves().map((m) => g.store.toKif(m))).toEqual(['(guess 137)']);
    }
  });
});

describe('luby', () => {
  it('is the universal restart sequence', () => {
    expect(Array.from({ length: 16 }, (_, i) => luby(i + 1))).toEqual([
      1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1,
    ]);
  });
});
