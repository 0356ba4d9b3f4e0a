// HyperPlay against HyperPlay-II on the paper's running example (giga13-05, Figure 1 and Table 3): the original
// values asking at 45 and waiting at 50 and waits; the Imperfect Information Simulation values asking at 90.
import { createDefaultRegistry } from '@gdlkit/backends';
import { type Reasoner, Rng } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import type { HypergameSearch } from '../src/hyperplay/hypergame-search.js';
import { hyperPlaySearch, playoutContext } from '../src/hyperplay/hyperplay.js';
import { hyperPlayIISearch } from '../src/hyperplay/hyperplay-ii.js';
import { ModelBag } from '../src/hyperplay/model-bag.js';
import { hyperPlayIIResources } from '../src/hyperplay/resources.js';
import { RandomPolicy } from '../src/search/playout-policy.js';

async function roundOne(seed: number, create: () => Promise<Reasoner> = () => proverBackend.create(game())) {
  const reasoner = await create();
  const t = (s: string) => reasoner.game.parseTerm(s);
  const bag = new ModelBag(reasoner, 0, { models: 8, seed });
  bag.update(t('noop'), []);
  const context = playoutContext(reasoner, new RandomPolicy(), new Rng(seed), 50);
  const moves = [t('ask'), t('wait')];
  const named = (search: HypergameSearch<unknown>) =>
    Object.fromEntries(search.values().map((v) => [reasoner.game.store.toKif(v.move), v.value]));
  return { reasoner, bag, context, moves, named };
}

const game = () => loadCorpusGame('explodingbomb.kif');

describe('Exploding Bomb, round 1 (Table 3)', () => {
  // The playouts run in the engine's batched `simulate`: the generic loop on the prover, the native core's own
  // loop (its uniform table in Rust) when the binary is there.
  const engines: [string, () => Promise<Reasoner>][] = [['prover', () => proverBackend.create(game())]];
  const native = createDefaultRegistry().get('native');
  if (native.availability().available) engines.push(['native', () => native.create(game())]);
  for (const [name, create] of engines) {
    it(`HyperPlay values ask ≈ 45 and wait ≈ 50, and waits (${name})`, async () => {
      const { bag, context, moves, named, reasoner } = await roundOne(3, create);
      const search = hyperPlaySearch(context, bag, moves, 200);
      search.run(Number.POSITIVE_INFINITY);
      expect(search.iterations).toBe(8 * 2 * 200);
      expect(context.playouts).toBe(8 * 2 * 200);
      const values = named(search);
      expect(values.ask).toBeGreaterThan(38);
      expect(values.ask).toBeLessThan(52);
      expect(values.wait).toBeGreaterThan(43);
      expect(values.wait).toBeLessThan(57);
      expect(reasoner.game.store.toKif(search.bestMove())).toBe('wait');
      reasoner.dispose();
    });
  }

  it('HyperPlay-II values ask at 90 and chooses it, with a fixed seed and resource index 4', async () => {
    const { bag, context, moves, named, reasoner } = await roundOne(4);
    const search = hyperPlayIISearch(context, bag, moves, hyperPlayIIResources(4));
    search.run(Number.POSITIVE_INFINITY);
    expect(search.done).toBe(true);
    const values = named(search);
    expect(values.ask).toBe(90);
    expect(values.wait).toBeLessThan(80);
    expect(reasoner.game.store.toKif(search.bestMove())).toBe('ask');
  });
});
