// The propnet backends share one build through `sharedBuilds` (auto passes one map per call), so a game whose
// WASM module is refused is not ground again for native and propnet.
import { BudgetExceededError } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { type PropnetReasoner, propnetBackend } from '../src/index.js';
import { propnetWasmBackend } from '../src/index.wasm.js';
import { corpusGame } from './helpers.js';

describe('sharing one build among the propnet backends', () => {
  it('serves a later backend the IR an earlier one built, whatever that one is left of the budget', async () => {
    const game = corpusGame('tictactoe.kif');
    const sharedBuilds = new Map<string, unknown>();
    const first = (await propnetBackend.create(game, { sharedBuilds })) as PropnetReasoner;
    // One millisecond cannot ground tictactoe (next test); the shared IR needs no grounding.
    const second = (await propnetBackend.create(game, { buildTimeMs: 1, sharedBuilds })) as PropnetReasoner;
    expect(second.ir).toBe(first.ir);
    const wasm = await propnetWasmBackend.create(game, { sharedBuilds });
    const state = wasm.initialState();
    for (let role = 0; role < first.roles.length; role++) {
      expect(wasm.legalMoves(state, role)).toEqual(first.legalMoves(first.initialState(), role));
    }
  });

  it('builds anew without the map, and for another game', async () => {
    await expect(propnetBackend.create(corpusGame('tictactoe.kif'), { buildTimeMs: 1 })).rejects.toThrow(
      BudgetExceededError,
    );
    const sharedBuilds = new Map<string, unknown>();
    const tictactoe = (await propnetBackend.create(corpusGame('tictactoe.kif'), {
      sharedBuilds,
    })) as PropnetReasoner;
    const connectfour = (await propnetBackend.create(corpusGame('connectfour.kif'), {
      sharedBuilds,
    })) as PropnetReasoner;
    expect(connectfour.ir).not.toBe(tictactoe.ir);
    expect(connectfour.ir.gateCount).not.toBe(tictactoe.ir.gateCount);
  });
});
