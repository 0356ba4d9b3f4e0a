// The differential (counter-per-gate) module: it must answer exactly as the TypeScript engine, in matches
// (goals read in every state), in perft and in the in-module playouts, on real games.
import { describe, expect, it } from 'vitest';
import { buildPropnet } from '../src/index.js';
import { PropnetWasmReasoner } from '../src/index.wasm.js';
import { chooseWasmCore } from '../src/wasm/choose-propagation.js';
import { chooseEnablers } from '../src/wasm/differential-enablers.js';
import { goalOnlyGates, supportsDifferential } from '../src/wasm/differential-lower.js';
import { DifferentialWasmPropnet } from '../src/wasm/differential-runtime.js';
import { corpusGame, expectSameAsTypeScript } from './helpers.js';

describe('the differential WASM module', () => {
  for (const { game: name, depth, maxSteps } of [
    { game: 'tictactoe.kif', depth: 4 },
    { game: 'connectfour.kif', depth: 4 },
    { game: 'breakthrough.kif', depth: 2, maxSteps: 40 },
    { game: 'montyhall.kif', depth: 3 },
    { game: 'blocker.kif', depth: 2 },
    { game: 'checkers.kif', depth: 2, maxSteps: 40 },
  ]) {
    it(`${name}: the TypeScript engine's answers`, () => {
      const game = corpusGame(name);
      const ir = buildPropnet(game);
      expect(supportsDifferential(ir)).toBe(true);
      const core = new DifferentialWasmPropnet(ir);
      expectSameAsTypeScript(game, new PropnetWasmReasoner(game, ir, core), depth, maxSteps);
    });
  }

  it('reversi.kif: goal-only gates are left out of the propagation and computed when goals are read', () => {
    const game = corpusGame('reversi.kif');
    const ir = buildPropnet(game);
    expect(goalOnlyGates(ir).reduce((a, b) => a + b, 0)).toBeGreaterThan(ir.gateCount / 2);
    const core = new DifferentialWasmPropnet(ir);
    expectSameAsTypeScript(game, new PropnetWasmReasoner(game, ir, core), 2, 70);
  });

  it('speedchess.kif: the control bases become enablers of the legal ANDs, with the same answers', () => {
    const game = corpusGame('speedchess.kif');
    const ir = buildPropnet(game);
    const enablers = chooseEnablers(ir, goalOnlyGates(ir));
    expect(enablers.gate.length).toBeGreaterThan(0);
    expect(Math.max(...enablers.readers.map((r) => r.length))).toBeGreaterThan(1000);
    const core = new DifferentialWasmPropnet(ir);
    expectSameAsTypeScript(game, new PropnetWasmReasoner(game, ir, core), 1, 30);
  });

  it('a net with a cyclic component runs straight-line (counters cannot retract self-supporting atoms)', () => {
    const game = corpusGame('tictactoe.kif');
    const ir = buildPropnet(game);
    const cyclic = { ...ir, cycleRange: new Uint32Array([ir.firstLogic, ir.firstLogic + 1]) };
    expect(supportsDifferential(cyclic)).toBe(false);
    expect(chooseWasmCore(cyclic).propagation).toBe('straight-line');
  });
});
