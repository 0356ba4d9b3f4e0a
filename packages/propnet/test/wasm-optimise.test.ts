// binaryen's optimiser runs only on small nets (lower.ts, OPTIMISE_MAX_WIRES): on large ones it cost most of
// the module build (amazons.kif: 122 s) for no measured speed once V8 has compiled the module. The module left
// unoptimised must answer exactly as the optimised one and the TypeScript engine.
import { describe, expect, it } from 'vitest';
import { buildPropnet } from '../src/index.js';
import { PropnetWasmReasoner, WasmPropnet } from '../src/index.wasm.js';
import { estimateModuleMs } from '../src/wasm/build-estimate.js';
import { emitModule } from '../src/wasm/emit.js';
import { lower, OPTIMISE_MAX_WIRES } from '../src/wasm/lower.js';
import { corpusGame, expectSameAsTypeScript } from './helpers.js';

describe('optimising the WASM module by the size of the net', () => {
  it('optimises small nets and leaves large ones to V8, estimating each build accordingly', () => {
    const small = buildPropnet(corpusGame('tictactoe.kif'));
    const large = buildPropnet(corpusGame('skirmish.kif'));
    expect(small.fanin.length).toBeLessThanOrEqual(OPTIMISE_MAX_WIRES);
    expect(large.fanin.length).toBeGreaterThan(OPTIMISE_MAX_WIRES);
    expect(lower(small).optimise).toBe(true);
    expect(lower(large).optimise).toBe(false);
    // Per wire, an unoptimised build is estimated at a fifth of an optimised one.
    const perWire = (ir: typeof small) =>
      estimateModuleMs(ir) - estimateModuleMs({ ...ir, fanin: new Uint32Array(0) });
    expect(perWire(large) / large.fanin.length).toBeLessThan(perWire(small) / small.fanin.length / 4);
  });

  it('runs the optimiser only when asked', () => {
    const ir = buildPropnet(corpusGame('connectfour.kif'));
    const binary = (optimise: boolean) => emitModule(lower(ir, { optimise }));
    expect(binary(false)).toEqual(binary(false));
    expect(binary(true)).not.toEqual(binary(false));
  });

  for (const { game: name, depth, maxSteps } of [
    { game: 'connectfour.kif', depth: 4 },
    { game: 'breakthrough.kif', depth: 2, maxSteps: 40 },
    { game: 'tests/failure-classes/dense-cycle.kif', depth: 3 },
  ]) {
    it(`${name}: the unoptimised module gives the TypeScript engine's answers`, () => {
      const game = corpusGame(name);
      const ir = buildPropnet(game);
      const runtime = new WasmPropnet(ir, { optimise: false });
      expect(runtime.plan.optimise).toBe(false);
      expectSameAsTypeScript(game, new PropnetWasmReasoner(game, ir, runtime), depth, maxSteps);
    });
  }
});
