// Perft inside the WASM module counts exactly what core's BaseReasoner.perft counts through the TypeScript
// engine's primitives (issue 5: fixed-depth node counts run inside the module).
import { BaseReasoner, loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnet, PropnetReasoner } from '../src/index.js';
import { PropnetWasmReasoner, propnetWasmBackend, WasmPropnet } from '../src/index.wasm.js';
import { corpusGame } from './helpers.js';

const cases: { game: string; depth: number; steps: number }[] = [
  { game: 'tictactoe.kif', depth: 4, steps: 2 },
  { game: 'connectfour.kif', depth: 4, steps: 3 },
  { game: 'breakthrough.kif', depth: 3, steps: 2 },
  // simultaneous moves: joint moves are the product of the roles' legal moves
  { game: 'dualconnect4.kif', depth: 3, steps: 1 },
  // random's moves and GDL-II percepts
  { game: 'montyhall.kif', depth: 5, steps: 1 },
  // positive cycles through views
  { game: 'tests/compliance/test_case_5a.kif', depth: 4, steps: 1 },
  { game: 'hanoi.kif', depth: 5, steps: 1 },
];

describe('perft inside the WASM module', () => {
  it('is declared as a batch capability of propnet-wasm', () => {
    expect(propnetWasmBackend.capabilities.batchPerft).toBe(true);
  });

  for (const { game: name, depth, steps } of cases) {
    it(`${name}: equals the TypeScript engine's perft at every depth up to ${depth}`, () => {
      const game = corpusGame(name);
      const ir = buildPropnet(game);
      const ts = new PropnetReasoner(game, ir);
      const wasm = new PropnetWasmReasoner(game, ir);
      let state = ts.initialState();
      for (let step = 0; step <= steps && !ts.isTerminal(state); step++) {
        for (let d = 0; d <= depth; d++) {
          const reference = BaseReasoner.prototype.perft.call(ts, state, d);
          expect(wasm.perft(state, d), `step ${step} depth ${d}`).toBe(reference);
        }
        const move = ts.roles.map((_, r) => ts.legalMoves(state, r).at(-1)!);
        state = ts.nextState(state, move);
      }
      // The module's own state queries still answer after perft (its memory may have grown).
      expect(wasm.legalMoves(state, 0)).toEqual(ts.legalMoves(state, 0));
    });
  }
});

describe('perft stack', () => {
  it('grows the module memory when the children of a node do not fit', () => {
    // 300 fluents that persist and 300 moves: the root's 300 children need 90 000 bytes of stack.
    const n = 300;
    const facts = Array.from({ length: n }, (_, i) => `(init (bit ${i})) (num ${i})`).join(' ');
    const game = loadGame(
      `(role a) ${facts} (<= (legal a (m ?i)) (num ?i)) (<= (next (bit ?i)) (true (bit ?i)))
       (<= (next (moved ?i)) (does a (m ?i))) (<= terminal (true (moved 0))) (goal a 100)`,
      'wide.kif',
    );
    const ir = buildPropnet(game);
    const ts = new PropnetReasoner(game, ir);
    const runtime = new WasmPropnet(ir);
    const wasm = new PropnetWasmReasoner(game, ir, runtime);
    const before = runtime.memoryBytes;
    const state = ts.initialState();
    expect(wasm.perft(state, 2)).toBe(BaseReasoner.prototype.perft.call(ts, state, 2));
    expect(runtime.memoryBytes).toBeGreaterThan(before);
    expect(wasm.legalMoves(state, 0)).toEqual(ts.legalMoves(state, 0));
    expect(wasm.playouts(state, { count: 3, seed: 5 })).toEqual(ts.playouts(state, { count: 3, seed: 5 }));
  });
});
