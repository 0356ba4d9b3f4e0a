// Regression (kalaha_2009 on propnet-wasm): a phase emitted as one function of 17 MB exceeded V8's limit of
// 7,654,321 bytes per function body, and the build died with a raw CompileError. The emitter now cuts every
// phase into functions of bounded cost (wide gates by fan-in, large cyclic components into slices iterated by
// the phase); these tests force tiny functions on real games and compare every answer with the TypeScript
// engine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseReasoner, BudgetExceededError, loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnet, PropnetReasoner } from '../src/index.js';
import { PropnetWasmReasoner, WasmPropnet } from '../src/index.wasm.js';
import { compileModule, functionBodySizes, MAX_FUNCTION_BYTES } from '../src/wasm/compile.js';
import { emitModule } from '../src/wasm/emit.js';
import { type Chunk, lower } from '../src/wasm/lower.js';
import { corpusGame, expectSameAsTypeScript } from './helpers.js';

const cases: { game: string; depth: number; budget?: number; cycles?: boolean; maxSteps?: number }[] = [
  { game: 'tictactoe.kif', depth: 4 },
  { game: 'connectfour.kif', depth: 4 },
  { game: 'breakthrough.kif', depth: 2, maxSteps: 40 },
  // positive cycles through views: their components are sliced and iterated by the phase
  { game: 'tests/failure-classes/dense-cycle.kif', depth: 3, cycles: true },
  // 128 components of 131–136 gates (connectivity of each side's pieces), each over 300 wires; its module
  // alone takes 15 s to optimise, so it runs with the cross suite.
  ...(process.env.GDLKIT_CROSS === '1'
    ? [{ game: 'linesofaction.kif', depth: 1, budget: 300, cycles: true, maxSteps: 10 }]
    : []),
];

describe('propnet-wasm split into many small functions', () => {
  for (const { game: name, depth, budget = 4, cycles, maxSteps } of cases) {
    it(`${name}: a budget of ${budget} wires per function and of 2 per expression gives the TypeScript engine's answers`, () => {
      const game = corpusGame(name);
      const ir = buildPropnet(game);
      const runtime = new WasmPropnet(ir, { maxFunctionCost: budget, maxTreeLeaves: 2 });
      const chunks = [...runtime.plan.stateChunks, ...runtime.plan.moveChunks];
      // The test is only meaningful if it exercises the cuts: wide gates split by fan-in, or slices of
      // cyclic components (whose wide gates are sliced, never split).
      const cut = cycles ? (c: Chunk) => c.cycle !== undefined : (c: Chunk) => c.edges !== undefined;
      expect(chunks.some(cut)).toBe(true);
      expectSameAsTypeScript(game, new PropnetWasmReasoner(game, ir, runtime), depth, maxSteps);
    });
  }

  it('keeps the chunk functions apart after optimisation (binaryen inlined them back into one)', () => {
    const ir = buildPropnet(corpusGame('connectfour.kif'));
    const plan = lower(ir, { maxFunctionCost: 50 });
    const chunkCount = plan.stateChunks.length + plan.moveChunks.length;
    expect(chunkCount).toBeGreaterThan(20);
    // Chunks plus the two phases, playouts and perft; an inlined chunk would not have a body of its own.
    expect(functionBodySizes(emitModule(plan)).length).toBeGreaterThanOrEqual(chunkCount + 4);
  });
});

// Regression (chess_200 on propnet-wasm, "Maximum call stack size exceeded" replaying a match): an OR of
// 138,643 inputs was one expression tree, and V8's optimising tier gave each of its loads a stack slot. The
// emitter now bounds the loads per expression; the module must run with TurboFan on a 64 KB stack.
describe('a gate with thousands of inputs', () => {
  it('runs in the optimising tier on a small stack', () => {
    const n = 12_000;
    const facts = Array.from({ length: n }, (_, i) => `(num ${i})`).join(' ');
    const game = loadGame(
      `(role a) ${facts} (<= (init (c ?i)) (num ?i)) (<= (legal a wait) (true (c 0)))
       (<= (next (c ?i)) (true (c ?i))) (<= any (true (c ?i)) (distinct ?i 0))
       (<= terminal any) (<= (goal a 100) any) (<= (goal a 0) (not any))`,
      'wide-or.kif',
    );
    const ir = buildPropnet(game);
    let widest = 0;
    for (let g = 0; g < ir.gateCount; g++)
      widest = Math.max(widest, ir.faninStart[g + 1]! - ir.faninStart[g]!);
    expect(widest).toBe(n - 1);
    const dir = mkdtempSync(join(tmpdir(), 'gdlkit-propnet-'));
    try {
      const file = join(dir, 'wide-or.wasm');
      writeFileSync(file, emitModule(lower(ir)));
      // Every base true (the initial state), then the phases: the wide OR holds.
      const run = `const m = new WebAssembly.Module(require('node:fs').readFileSync(process.argv[1]));
        const { exports } = new WebAssembly.Instance(m, {}); const memory = new Uint8Array(exports.memory.buffer);
        memory.fill(1, 2, ${2 + ir.baseGate.length}); exports.evalState(); exports.evalMoves();
        console.log(memory[${ir.terminalGate}]);`;
      const child = spawnSync(process.execPath, ['--no-liftoff', '--stack-size=64', '-e', run, file], {
        encoding: 'utf8',
      });
      expect(child.stderr).toBe('');
      expect(child.stdout.trim()).toBe('1');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe('a module V8 cannot compile', () => {
  it('is a BudgetExceededError naming the function, not a CompileError', () => {
    // A valid module whose one function body is nops just over V8's limit: () -> () { nop* end }.
    const bodyLength = MAX_FUNCTION_BYTES + 10;
    const uleb = (x: number): number[] => {
      const out: number[] = [];
      do {
        let byte = x & 0x7f;
        x = Math.floor(x / 128);
        if (x > 0) byte |= 0x80;
        out.push(byte);
      } while (x > 0);
      return out;
    };
    const body = new Uint8Array(bodyLength).fill(0x01);
    body[0] = 0; // no locals
    body[bodyLength - 1] = 0x0b; // end
    const code = [...uleb(1), ...uleb(bodyLength)];
    const codeSection = [10, ...uleb(code.length + bodyLength), ...code];
    const head = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 3, 2, 1, 0];
    const binary = new Uint8Array(head.length + codeSection.length + bodyLength);
    binary.set(head, 0);
    binary.set(codeSection, head.length);
    binary.set(body, head.length + codeSection.length);
    expect(functionBodySizes(binary)).toEqual([bodyLength]);
    expect(() => compileModule(binary)).toThrow(BudgetExceededError);
    expect(() => compileModule(binary)).toThrow(/function 0 .* over WebAssembly's limit/);
  });
});

// kalaha_2009 (460 k gates, 2 M wires) takes about two minutes to build here, so it runs with the cross suite.
describe.runIf(process.env.GDLKIT_CROSS === '1')('kalaha_2009 on propnet-wasm', () => {
  it("compiles and plays the TypeScript engine's playouts and perft", async () => {
    // The build blocks the worker for minutes: let vitest's pending messages through first, or its RPC times out.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const game = corpusGame('kalaha_2009.kif');
    const ir = buildPropnet(game, { timeMs: 300_000 });
    const runtime = new WasmPropnet(ir);
    const wasm = new PropnetWasmReasoner(game, ir, runtime);
    const ts = new PropnetReasoner(game, ir);
    const start = ts.initialState();
    expect(wasm.playouts(start, { count: 3, seed: 2 })).toEqual(ts.playouts(start, { count: 3, seed: 2 }));
    expect(wasm.perft(start, 2)).toBe(BaseReasoner.prototype.perft.call(ts, start, 2));
  }, 600_000);
});
