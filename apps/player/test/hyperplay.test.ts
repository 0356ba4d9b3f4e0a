// HyperPlay against HyperPlay-II on the paper's running example (giga13-05, Figure 1 and Table 3): the original
// values asking at 45 and waiting at 50 and waits; the Imperfect Information Simulation values asking at 90.
import { Rng } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import type { HypergameSearch } from '../src/hyperplay/hypergame-search.js';
import { hyperPlaySearch } from '../src/hyperplay/hyperplay.js';
import { hyperPlayIISearch } from '../src/hyperplay/hyperplay-ii.js';
import { ModelBag } from '../src/hyperplay/model-bag.js';
import { hyperPlayIIResources } from '../src/hyperplay/resources.js';
import { RandomPolicy } from '../src/search/playout-policy.js';

async function roundOne(seed: number) {
  const reasoner = await proverBackend.create(loadCorpusGame('explodingbomb.kif'));
  const t = (s: string) => reasoner.game.parseTerm(s);
  const bag = new ModelBag(reasoner, 0, { models: 8, seed });
  bag.update(t('noop'), []);
  const context = {
    reasoner,
    policy: new RandomPolicy(),
    rng: new Rng(seed),
    maxPlayoutDepth: 50,
    playouts: 0,
  };
  const moves = [t('ask'), t('wait')];
  const named = (search: HypergameSearch<unknown>) =>
    Object.fromEntries(search.values().map((v) => [reasoner.game.store.toKif(v.move), v.value]));
  return { reasoner, bag, context, moves, named };
}

describe('Exploding Bomb, round 1 (Table 3)', () => {
  it('HyperPlay values ask ≈ 45 and wait ≈ 50, and waits', async () => {
    const { bag, context, moves, named, reasoner } = await roundOne(3);
    const search = hyperPlaySearch(context, bag, moves, 200);
    search.run(Number.POSITIVE_INFINITY);
    const values = named(search);
    expect(values.ask).toBeGreaterThan(38);
    expect(values.ask).toBeLessThan(52);
    expect(values.wait).toBeGreaterThan(43);
    expect(values.wait).toBeLessThan(57);
    expect(reasoner.game.store.toKif(search.bestMove())).toBe('wait');
  });

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
