// Differential tests against the TypeScript propnet engine on the same IR: seeded match traces step by step,
// perft counts, and batch playout statistics for the same seed in the exact playout mode (the move choice must
// be identical); the bit-sliced mode draws other numbers, so its statistics are compared within tolerance.
import { firstDifference, type Game, playRandomMatch } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { buildPropnet, PropnetReasoner } from '@gdlkit/propnet';
import { beforeAll, describe, expect, it } from 'vitest';
import { NativeReasoner, requireNative } from '../src/index.js';
import { withoutRust } from './rust-toolchain.js';

const games: readonly { path: string; perftDepth: number; playouts: number }[] = [
  { path: 'tictactoe.kif', perftDepth: 4, playouts: 200 },
  { path: 'connectfour.kif', perftDepth: 3, playouts: 100 },
  { path: 'breakthrough.kif', perftDepth: 2, playouts: 20 },
  { path: 'hex.kif', perftDepth: 2, playouts: 3 },
  { path: 'montyhall.kif', perftDepth: 4, playouts: 200 },
  { path: 'tests/failure-classes/recursive-view.kif', perftDepth: 4, playouts: 100 },
];

describe.skipIf(withoutRust).each(games)(
  'native vs TypeScript propnet: $path',
  ({ path, perftDepth, playouts }) => {
    // Built in beforeAll, not at collection, so vitest's worker is not blocked through every game's grounding.
    let ts: PropnetReasoner;
    let native: NativeReasoner;
    let parallel: NativeReasoner;
    let levelled: NativeReasoner;
    let bitsliced: NativeReasoner;
    beforeAll(() => {
      const game: Game = loadCorpusGame(path);
      const ir = buildPropnet(game);
      ts = new PropnetReasoner(game, ir);
      // The two propagation modes must agree with the TS engine (and so with each other).
      native = new NativeReasoner(game, ir, requireNative(), {
        propagation: 'incremental',
        playoutMode: 'exact',
      });
      parallel = new NativeReasoner(game, ir, requireNative(), { threads: 2, propagation: 'levelled' });
      levelled = new NativeReasoner(game, ir, requireNative(), {
        propagation: 'levelled',
        playoutMode: 'exact',
      });
      bitsliced = new NativeReasoner(game, ir, requireNative());
    });

    it('plays the same seeded matches (states, legal moves, goals, percepts)', () => {
      for (const seed of [1, 2, 3]) {
        const expected = playRandomMatch(ts, { seed });
        for (const subject of [native, parallel]) {
          const actual = playRandomMatch(subject, { seed });
          expect(firstDifference(expected.steps, actual.steps)?.summary, `seed ${seed}`).toBeUndefined();
        }
      }
    });

    it('counts the same perft nodes on one and two threads', () => {
      const start = ts.initialState();
      const expected = ts.perft(start, perftDepth);
      expect(native.perft(start, perftDepth)).toBe(expected);
      expect(parallel.perft(start, perftDepth)).toBe(expected);
    });

    it('gives the same playout statistics for the same seed', () => {
      const start = ts.initialState();
      for (const seed of [7, -123456]) {
        const expected = ts.playouts(start, { count: playouts, seed });
        expect(native.playouts(start, { count: playouts, seed })).toEqual(expected);
        expect(levelled.playouts(start, { count: playouts, seed })).toEqual(expected);
      }
      const cut = { count: playouts, seed: 5, maxDepth: 3 };
      expect(native.playouts(start, cut)).toEqual(ts.playouts(start, cut));
    });

    it('gives bit-sliced playout statistics of the same distribution', () => {
      const start = ts.initialState();
      const count = 8 * playouts;
      const expected = ts.playouts(start, { count, seed: 3 });
      const actual = bitsliced.playouts(start, { count, seed: 3 });
      expect(actual.playouts).toBe(count);
      expect(actual.states).toBe(actual.totalDepth + count);
      expect(actual).not.toEqual(expected);
      const meanDepth = (s: typeof actual) => s.totalDepth / s.playouts;
      // Sampling error only: playout lengths vary by a few moves, so the means over 8 × 3–200 playouts
      // differ by well under a third of the mean.
      expect(Math.abs(meanDepth(actual) - meanDepth(expected))).toBeLessThan(0.3 * meanDepth(expected));
      for (const [r, sum] of expected.goalSums.entries()) {
        expect(Math.abs(actual.goalSums[r]! - sum) / count, `role ${r}`).toBeLessThan(35);
      }
      // A single playout draws the same numbers on both paths.
      expect(bitsliced.playouts(start, { count: 1, seed: 9 })).toEqual(
        ts.playouts(start, { count: 1, seed: 9 }),
      );
    });

    it('splits playouts over threads deterministically', () => {
      const start = ts.initialState();
      const first = parallel.playouts(start, { count: playouts, seed: 11 });
      expect(first.playouts).toBe(playouts);
      expect(first.states).toBe(first.totalDepth + playouts);
      expect(parallel.playouts(start, { count: playouts, seed: 11 })).toEqual(first);
    });
  },
);
