// Experiments run every engine in turn under the same load: MC/MM walk the same record states on each engine
// with the same time per state, and fixed-depth counts that disagree between engines are reported.
import type { Backend, Reasoner } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { type BenchInstance, type Measured, measureInterleaved, reasonerEngine } from '../src/index.js';

const game = loadCorpusGame('tictactoe.kif');

async function instance(backend: Backend): Promise<BenchInstance> {
  return reasonerEngine(backend).build(game, 'tictactoe.kif', { buildTimeMs: 10_000 });
}

/** The prover with perft off by one: a reasoner that miscounts. */
const miscounting: Backend = {
  ...proverBackend,
  name: 'miscounting',
  async create(g, options) {
    const inner = await proverBackend.create(g, options);
    return new Proxy(inner, {
      get(target, key, receiver) {
        if (key === 'perft') return (s: unknown, d: number) => (target as Reasoner<unknown>).perft(s, d) + 1;
        return Reflect.get(target, key, receiver);
      },
    });
  },
};

describe('interleaved experiments', () => {
  it.each(['mc', 'mm'] as const)(
    '%s gives each engine the same budget along the records',
    async (experiment) => {
      const engines = [await instance(proverBackend), await instance(proverBackend)];
      const out = await measureInterleaved(engines, ['a', 'b'], 'tictactoe.kif', experiment, {
        budgetMs: 200,
        stateMs: 10,
        seed: 1,
        slices: 5,
      });
      for (const m of out) {
        expect(typeof m).toBe('object');
        const { ms, nodes } = m as Measured;
        expect(nodes).toBeGreaterThan(0);
        // Each engine stops at its own budget; the last state's search can overrun by one timer check.
        expect(ms).toBeGreaterThan(150);
        expect(ms).toBeLessThan(400);
      }
    },
  );

  it('reports an engine whose fixed-depth count differs from the first engine', async () => {
    const engines = [await instance(proverBackend), await instance(miscounting), undefined];
    const out = await measureInterleaved(
      engines,
      ['prover', 'miscounting', 'absent'],
      'tictactoe.kif',
      'depth',
      {
        budgetMs: 50,
        depth: 2,
        seed: 1,
        slices: 3,
      },
    );
    expect((out[0] as Measured).depth).toBe(2);
    expect((out[0] as Measured).nodes).toBe(82);
    expect(out[1]).toBe('depth 2: 83 nodes where prover counts 82');
    expect(out[2]).toBeUndefined();
  });
});
