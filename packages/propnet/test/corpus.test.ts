// Every corpus game grounds and builds within a budget (GDLKIT_CROSS=1), or fails with BudgetExceededError;
// without GDLKIT_CROSS a few competition games are checked.
import { readdirSync } from 'node:fs';
import { BudgetExceededError } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnetWithStats } from '../src/index.js';
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
        const { ir, stats } = buildPropnetWithStats(game, { timeMs: all ? 60_000 : 20_000 });
        expect(ir.gateCount).toBe(stats.after.gates);
        expect(ir.baseGate.length).toBeGreaterThan(0);
      } catch (error) {
        if (!all) throw error;
        expect(error).toBeInstanceOf(BudgetExceededError);
      }
    }, 180_000);
  }
});
