// The input-driven move phase (wasm/input-driven.ts): a baseline with every input false, then the change of
// each set input propagated. Forced onto small games here, it must answer exactly as the TypeScript engine, in matches, in
// perft (two roles' cones overlapping) and in the in-module playouts.
import { describe, expect, it } from 'vitest';
import { GateKind } from '../src/gate-kind.js';
import { buildPropnet } from '../src/index.js';
import { PropnetWasmReasoner, WasmPropnet } from '../src/index.wasm.js';
import { baselineIr } from '../src/wasm/input-driven.js';
import { INPUT_DRIVEN_MIN_INPUTS, lower } from '../src/wasm/lower.js';
import { corpusGame, expectSameAsTypeScript } from './helpers.js';

describe('the input-driven move phase of the WASM module', () => {
  it('folds the move phase with every input false, and is the default only for many inputs', () => {
    const ir = buildPropnet(corpusGame('connectfour.kif'));
    const baseline = baselineIr(ir)!;
    let constants = 0;
    for (let g = ir.phaseSplit; g < ir.gateCount; g++) {
      const fanin = baseline.fanin.subarray(baseline.faninStart[g], baseline.faninStart[g + 1]);
      for (const x of fanin) expect(ir.gateKind[x]).not.toBe(GateKind.Input);
      if (fanin.length === 1 && fanin[0]! <= 1) constants++;
    }
    expect(constants).toBeGreaterThan(0);
    expect(ir.inputGate.length).toBeLessThan(INPUT_DRIVEN_MIN_INPUTS);
    expect(lower(ir).inputDriven).toBe(false);
    expect(lower(ir, { inputDriven: true }).inputDriven).toBe(true);
  });

  it(`checkers.kif (1,280 inputs): input-driven by default, with the TypeScript engine's answers`, () => {
    const game = corpusGame('checkers.kif');
    const ir = buildPropnet(game);
    const runtime = new WasmPropnet(ir);
    expect(runtime.plan.inputDriven).toBe(true);
    expectSameAsTypeScript(game, new PropnetWasmReasoner(game, ir, runtime), 2, 60);
  });

  for (const { game: name, depth, maxSteps } of [
    { game: 'tictactoe.kif', depth: 4 },
    { game: 'connectfour.kif', depth: 4 },
    { game: 'breakthrough.kif', depth: 2, maxSteps: 40 },
    { game: 'montyhall.kif', depth: 3 },
    { game: 'blocker.kif', depth: 2 },
  ]) {
    it(`${name}: baseline plus propagated inputs gives the TypeScript engine's answers`, () => {
      const game = corpusGame(name);
      const ir = buildPropnet(game);
      const runtime = new WasmPropnet(ir, { inputDriven: true });
      expect(runtime.plan.inputDriven).toBe(true);
      expectSameAsTypeScript(game, new PropnetWasmReasoner(game, ir, runtime), depth, maxSteps);
    });
  }
});
