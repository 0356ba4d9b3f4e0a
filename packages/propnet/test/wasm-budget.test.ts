// The module build is refused up front when it cannot fit the time left of the build budget: emission,
// binaryen's optimiser and V8's compiler cannot be interrupted once started.
import { BudgetExceededError } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnet } from '../src/index.js';
import { checkModuleBudget, estimateModuleMs } from '../src/wasm/build-estimate.js';
import { corpusGame } from './helpers.js';

describe('the WASM module build budget', () => {
  const small = buildPropnet(corpusGame('tictactoe.kif'));
  // hex: 117 k wires (crossers3, 47 k since product-like ORs are factored, no longer 10× tictactoe's estimate).
  const large = buildPropnet(corpusGame('hex.kif'));

  // The trial's reserved time (nine candidates since the goals-stepped twins) is most of tictactoe's estimate.
  it('grows with the wires of the net', () => {
    expect(estimateModuleMs(large)).toBeGreaterThan(5 * estimateModuleMs(small));
  });

  it('refuses a module that cannot be built in the time left, naming its size', () => {
    expect(() => checkModuleBudget(large, 500)).toThrow(BudgetExceededError);
    expect(() => checkModuleBudget(large, 500)).toThrow(
      new RegExp(
        `module of ${large.gateCount} gates and ${large.fanin.length} wires .* left of the build budget`,
      ),
    );
    expect(() => checkModuleBudget(large, 60_000)).not.toThrow();
    expect(() => checkModuleBudget(small, 1000)).not.toThrow();
  });
});
