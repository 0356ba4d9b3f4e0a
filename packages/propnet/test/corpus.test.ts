// Every corpus game grounds and builds within a budget (GDLKIT_CROSS=1), or fails with BudgetExceededError;
// without GDLKIT_CROSS a few competition games are checked. The budget covers the whole build.
import { readdirSync } from 'node:fs';
import { BudgetExceededError } from '@gdlkit/core';
import { groundGame } from '@gdlkit/ground';
import { describe, expect, it } from 'vitest';
import { BuildClock, withinCapacity } from '../src/build-clock.js';
import { buildGraph } from '../src/build-graph.js';
import { buildPropnetWithStats } from '../src/index.js';
import { optimise } from '../src/optimise.js';
import { corpusGame } from './helpers.js';

const all = process.env.GDLKIT_CROSS === '1';
const games = all
  ? readdirSync(new URL('../../../games/', import.meta.url)).filter((f) => f.endsWith('.kif'))
  : ['connectfour.kif', 'chinesecheckers6.kif', 'amazons_8x8.kif'];

describe('corpus builds', () => {
  for (const name of games) {
    it(name, () => {
      const game = corpusGame(name);
      try {
        const { ir, stats } = buildPropnetWithStats(game, { timeMs: all ? 60_000 : 120_000 });
        expect(ir.gateCount).toBe(stats.after.gates);
        expect(ir.baseGate.length).toBeGreaterThan(0);
      } catch (error) {
        if (!all) throw error;
        expect(error).toBeInstanceOf(BudgetExceededError);
      }
    }, 180_000);
  }
});

describe('build budget beyond grounding', () => {
  // gt_attrition grounded to 2.1 M rules whose optimisation ran on past any budget, then failed on the budget
  // once optimisation checked the clock; since rule bodies are split it grounds to about 83 k rules.
  it('gt_attrition builds since body splitting (regression: 2 M ground rules, optimisation past the budget)', () => {
    const { stats } = buildPropnetWithStats(corpusGame('gt_attrition.kif'), { timeMs: 120_000 });
    expect(stats.groundRules).toBeLessThan(200_000);
  }, 300_000);

  it('does not build a game again with no more budget than an earlier build exceeded (auto tries three backends sharing it)', () => {
    const game = corpusGame('tictactoe.kif');
    const failure = (timeMs: number, g = game) => {
      try {
        buildPropnetWithStats(g, { timeMs });
      } catch (e) {
        expect(e).toBeInstanceOf(BudgetExceededError);
        return (e as Error).message;
      }
      throw new Error('built within the budget');
    };
    expect(failure(1)).toMatch(/time budget of 1 ms/);
    expect(failure(1)).toMatch(/time budget of 1 ms .*not built again/);
    // More budget, or another loading of the game, builds anew.
    expect(buildPropnetWithStats(game, { timeMs: 120_000 }).stats.groundRules).toBeGreaterThan(0);
    expect(failure(1, corpusGame('tictactoe.kif'))).not.toMatch(/not built again/);
  });

  it('optimisation checks the clock between passes and names the stage', () => {
    const game = corpusGame('tictactoe.kif');
    const graph = buildGraph(groundGame(game));
    expect(() => optimise(graph, new BuildClock(-1))).toThrow(/during constant folding/);
  });

  // Regression: amazons.kif grounds past 2^24 entries of a Map, and the RangeError crashed the build (the
  // corpus run reported it as a build failure of propnet, propnet-wasm and native) instead of a typed budget.
  it('turns a JavaScript collection-capacity RangeError into BudgetExceededError naming the stage', () => {
    const full = () => {
      throw new RangeError('Map maximum size exceeded');
    };
    expect(() => withinCapacity('grounding', full)).toThrow(BudgetExceededError);
    expect(() => withinCapacity('grounding', full)).toThrow(/during grounding \(Map maximum size exceeded\)/);
    expect(() =>
      withinCapacity('grounding', () => {
        throw new RangeError('Maximum call stack size exceeded');
      }),
    ).toThrow(RangeError);
    expect(withinCapacity('grounding', () => 7)).toBe(7);
  });
});
