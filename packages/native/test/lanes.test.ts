// Bit-sliced playouts (crates/propnet-core/src/lanes.rs, lane_draw.rs, wordnet.rs) on large games through the
// binding: a batch of at most 64 playouts runs one playout per lane, lane k seeded with the crate's
// `thread_seed(seed, k)`, so it must equal the merge of 64 one-at-a-time playouts with those seeds. This runs
// the scheduled word nets and the legal-move draw (AVX-512 where the CPU has it) on every lane of a block.
import type { PlayoutStats } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { buildPropnet } from '@gdlkit/propnet';
import { beforeAll, describe, expect, it } from 'vitest';
import { NativeReasoner, requireNative } from '../src/index.js';
import { withoutRust } from './rust-toolchain.js';

/** The crate's `thread_seed`: the k-th output of splitmix32 started at `seed ^ 0x6a09e667` (k ≥ 1). */
function laneSeed(seed: number, k: number): number {
  if (k === 0) return seed | 0;
  let z = ((seed ^ 0x6a09e667) + Math.imul(0x9e3779b9, k)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

function merge(parts: readonly PlayoutStats[]): PlayoutStats {
  return parts.reduce((a, b) => ({
    playouts: a.playouts + b.playouts,
    states: a.states + b.states,
    totalDepth: a.totalDepth + b.totalDepth,
    minDepth: Math.min(a.minDepth, b.minDepth),
    maxDepth: Math.max(a.maxDepth, b.maxDepth),
    goalSums: a.goalSums.map((g, r) => g + b.goalSums[r]!),
    truncated: a.truncated + b.truncated,
  }));
}

describe.skipIf(withoutRust).each(['checkers.kif', 'speedchess.kif', 'skirmish.kif'])(
  'bit-sliced lanes: %s',
  (path) => {
    let bitsliced: NativeReasoner;
    let exact: NativeReasoner;
    beforeAll(() => {
      const game = loadCorpusGame(path);
      const ir = buildPropnet(game);
      bitsliced = new NativeReasoner(game, ir, requireNative(), { threads: 1 });
      exact = new NativeReasoner(game, ir, requireNative(), { threads: 1, playoutMode: 'exact' });
    });

    it('plays on each lane the one-at-a-time playout of its seed', () => {
      const start = exact.initialState();
      for (const [seed, count, maxDepth] of [
        [5, 64, 10_000],
        [9, 37, 12],
      ] as const) {
        const lanes = Array.from({ length: count }, (_, k) =>
          exact.playouts(start, { count: 1, seed: laneSeed(seed, k), maxDepth }),
        );
        expect(bitsliced.playouts(start, { count, seed, maxDepth }), `seed ${seed}`).toEqual(merge(lanes));
      }
    });
  },
);
