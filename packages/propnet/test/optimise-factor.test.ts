// Factoring to the end of product-like ORs (optimise-factor.ts): quarto's lines, one AND per tuple of
// pieces sharing an attribute, become a shared trie, and the net still plays the prover's matches.
import { firstDifference, playRandomMatch } from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { buildPropnetWithStats, PropnetReasoner } from '../src/index.js';
import { PropnetWasmReasoner } from '../src/index.wasm.js';
import { corpusGame } from './helpers.js';

describe('factoring product-like ORs', () => {
  const game = corpusGame('quarto.kif');
  const { ir, stats } = buildPropnetWithStats(game);

  it("shrinks quarto's line logic to a shared trie", () => {
    // Flat, the lines were 272 k ANDs of 4 and 1.35 M wires.
    expect(stats.before.and).toBeGreaterThan(250_000);
    expect(stats.after.and).toBeLessThan(40_000);
    expect(stats.after.edges).toBeLessThan(200_000);
  });

  it('plays the prover’s random matches of quarto', async () => {
    const prover = await proverBackend.create(game);
    for (const subject of [new PropnetReasoner(game, ir), new PropnetWasmReasoner(game, ir)]) {
      for (const seed of [1, 2]) {
        const reference = playRandomMatch(prover, { seed, goalsEverywhere: true });
        const trace = playRandomMatch(subject, { seed, goalsEverywhere: true });
        expect(
          firstDifference(reference.steps, trace.steps)?.summary,
          `${subject.backend} seed ${seed}`,
        ).toBeUndefined();
      }
    }
  });
});
