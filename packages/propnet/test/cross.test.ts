// Differential tests: the propnet backends play exactly the prover's seeded random matches, and the batch
// playout loops (TypeScript and in-module WASM) match core's generic playouts over the primitives.
import { firstDifference, genericPlayouts, playRandomMatch } from '@gdlkit/core';
import { breathe } from '@gdlkit/core/testing';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { buildPropnet, PropnetReasoner } from '../src/index.js';
import { PropnetWasmReasoner } from '../src/index.wasm.js';
import { corpusGame } from './helpers.js';

const cases: { game: string; seeds: number; maxSteps?: number }[] = [
  { game: 'tictactoe.kif', seeds: 3 },
  { game: 'connectfour.kif', seeds: 2 },
  { game: 'breakthrough.kif', seeds: 1, maxSteps: 30 },
  { game: 'montyhall.kif', seeds: 3 },
  // Connectivity through positive cycles; 586 k ground rules before body splitting, 45 k since.
  { game: 'hex.kif', seeds: 1, maxSteps: 6 },
  // Relations used only with constant arguments are grounded for those uses alone (demand restriction).
  { game: 'crisscross.kif', seeds: 1, maxSteps: 12 },
  { game: 'chinesecheckers6-simultaneous.kif', seeds: 1, maxSteps: 4 },
  // Simultaneous moves: each does literal of a frame rule is factored out in turn (exceeded 30 s before).
  { game: 'blockerparallel.kif', seeds: 1, maxSteps: 8 },
  // Frame rules over fluents x moves are factored through their move side before grounding (as in
  // breakthrough above); these two exceeded the grounding budget before and take half a minute each.
  ...(process.env.GDLKIT_CROSS === '1'
    ? [
        { game: 'skirmish.kif', seeds: 1, maxSteps: 6 },
        { game: 'checkers.kif', seeds: 1, maxSteps: 6 },
      ]
    : []),
  // Rule bodies split by variable elimination: gt_two_thirds_4p's total/1 exceeded the memory budget before.
  { game: 'gt_two_thirds_4p.kif', seeds: 2 },
  { game: 'gt_attrition.kif', seeds: 1, maxSteps: 20 },
  // Demand through recursion (magic relations): merrills' count_loop/6 exceeded the memory budget before;
  // racer4 builds in about 10 s and its prover match takes half a minute more. Both run with the cross suite
  // (on a loaded 2-core machine merrills' build reached its 60 s budget: issue 25).
  ...(process.env.GDLKIT_CROSS === '1'
    ? [
        { game: 'merrills.kif', seeds: 2 },
        { game: 'racer4.kif', seeds: 1, maxSteps: 10 },
      ]
    : []),
  { game: 'tests/compliance/test_case_2b.kif', seeds: 2 },
  { game: 'tests/compliance/test_case_3d.kif', seeds: 2 },
  { game: 'tests/compliance/test_case_5e.kif', seeds: 2 },
  { game: 'tests/compliance/simpleMutex.kif', seeds: 2 },
];

describe('agreement with the prover', () => {
  for (const { game: name, seeds, maxSteps } of cases) {
    it(name, async () => {
      const game = corpusGame(name);
      const ir = buildPropnet(game);
      const prover = await proverBackend.create(game);
      const subjects = [new PropnetReasoner(game, ir), new PropnetWasmReasoner(game, ir)];
      for (let seed = 1; seed <= seeds; seed++) {
        await breathe();
        const reference = playRandomMatch(prover, { seed, ...(maxSteps ? { maxSteps } : {}) });
        for (const subject of subjects) {
          const trace = playRandomMatch(subject, { seed, ...(maxSteps ? { maxSteps } : {}) });
          const diff = firstDifference(reference.steps, trace.steps);
          expect(diff?.summary, `${subject.backend} seed ${seed}`).toBeUndefined();
        }
      }
    });
  }
});

describe('batch playouts', () => {
  for (const name of ['tictactoe.kif', 'connectfour.kif', 'montyhall.kif']) {
    it(`${name}: TypeScript and WASM loops equal the generic loop`, () => {
      const game = corpusGame(name);
      const ir = buildPropnet(game);
      const ts = new PropnetReasoner(game, ir);
      const wasm = new PropnetWasmReasoner(game, ir);
      const start = ts.initialState();
      const options = { count: 25, seed: 11 };
      const reference = genericPlayouts(ts, start, options);
      expect(ts.playouts(start, options)).toEqual(reference);
      expect(wasm.playouts(start, options)).toEqual(reference);
      const cut = { count: 5, seed: 3, maxDepth: 4 };
      expect(wasm.playouts(start, cut)).toEqual(genericPlayouts(ts, start, cut));
    });
  }
});
