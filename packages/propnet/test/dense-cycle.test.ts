// Regression (native report): re-deriving a positive cycle could push one member several times and overrun
// the work stack; a dense cycle over a complete graph must still agree with the prover.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstDifference, loadGame, playRandomMatch } from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { propnetBackend } from '../src/index.js';

const file = join(import.meta.dirname, '../../../games/tests/failure-classes/dense-cycle.kif');

describe('a dense positive cycle', () => {
  it('agrees with the prover on every seeded match', async () => {
    const game = loadGame(readFileSync(file, 'utf8'), 'dense-cycle.kif');
    const propnet = await propnetBackend.create(game);
    const prover = await proverBackend.create(game);
    for (let seed = 1; seed <= 30; seed++) {
      const expected = playRandomMatch(prover, { seed, goalsEverywhere: true });
      const actual = playRandomMatch(propnet, { seed, goalsEverywhere: true });
      expect(firstDifference(expected.steps, actual.steps)?.summary, `seed ${seed}`).toBeUndefined();
    }
  });
});
