// The legal scans of the in-module playouts and perft loop over a table of (gate, input gate) pairs when a
// game has many legal propositions (amazons.kif: 174 k; unrolled, they made megabyte functions that ran at
// half the speed). Forced onto small games here, the loop must answer exactly as the TypeScript engine.
import { describe, expect, it } from 'vitest';
import { buildPropnet } from '../src/index.js';
import { PropnetWasmReasoner, WasmPropnet } from '../src/index.wasm.js';
import { DEFAULT_MAX_UNROLLED_LEGAL, lower } from '../src/wasm/lower.js';
import { corpusGame, expectSameAsTypeScript } from './helpers.js';

describe('the legal table of the WASM module', () => {
  it('is laid out only past the unrolling limit, one (gate, input gate) pair per legal proposition', () => {
    const ir = buildPropnet(corpusGame('connectfour.kif'));
    expect(ir.legalGate.length).toBeLessThanOrEqual(DEFAULT_MAX_UNROLLED_LEGAL);
    expect(lower(ir).unrollLegal).toBe(true);
    expect(lower(ir).legalTable.length).toBe(0);
    const plan = lower(ir, { maxUnrolledLegal: 0 });
    expect(plan.unrollLegal).toBe(false);
    const pairs = new DataView(plan.legalTable.buffer);
    expect(plan.legalTable.length).toBe(8 * ir.legalGate.length);
    const last = ir.legalGate.length - 1;
    expect(pairs.getUint32(8 * last, true)).toBe(ir.legalGate[last]);
    expect(pairs.getUint32(8 * last + 4, true)).toBe(ir.inputGate[ir.legalInput[last]!]);
    expect(plan.perftStackOffset).toBeGreaterThanOrEqual(plan.legalTableOffset + plan.legalTable.length);
  });

  for (const { game: name, depth, maxSteps } of [
    { game: 'connectfour.kif', depth: 4 },
    { game: 'breakthrough.kif', depth: 2, maxSteps: 40 },
    { game: 'montyhall.kif', depth: 3 },
    { game: 'tests/failure-classes/dense-cycle.kif', depth: 3 },
  ]) {
    it(`${name}: playouts and perft over the table give the TypeScript engine's answers`, () => {
      const game = corpusGame(name);
      const ir = buildPropnet(game);
      const runtime = new WasmPropnet(ir, { maxUnrolledLegal: 0 });
      expect(runtime.plan.unrollLegal).toBe(false);
      expectSameAsTypeScript(game, new PropnetWasmReasoner(game, ir, runtime), depth, maxSteps);
    });
  }
});
