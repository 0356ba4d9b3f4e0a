import { readFileSync } from 'node:fs';
import { BaseReasoner, firstDifference, type Game, loadGame, playRandomMatch } from '@gdlkit/core';
import { expect } from 'vitest';
import { PropnetReasoner } from '../src/index.js';
import type { PropnetWasmReasoner } from '../src/index.wasm.js';

export function corpusGame(name: string): Game {
  const file = new URL(`../../../games/${name}`, import.meta.url);
  return loadGame(readFileSync(file, 'utf8'), name);
}

/** Every answer of the WASM reasoner (matches, perft, playouts) equals the TypeScript engine's on its IR. */
export function expectSameAsTypeScript(
  game: Game,
  wasm: PropnetWasmReasoner,
  depth: number,
  maxSteps?: number,
) {
  const ts = new PropnetReasoner(game, wasm.ir);
  for (let seed = 1; seed <= 2; seed++) {
    const options = { seed, goalsEverywhere: true, ...(maxSteps ? { maxSteps } : {}) };
    const diff = firstDifference(playRandomMatch(ts, options).steps, playRandomMatch(wasm, options).steps);
    expect(diff?.summary, `match seed ${seed}`).toBeUndefined();
  }
  const start = ts.initialState();
  for (let d = 0; d <= depth; d++) {
    expect(wasm.perft(start, d), `perft ${d}`).toBe(BaseReasoner.prototype.perft.call(ts, start, d));
  }
  const playouts = { count: 20, seed: 9, ...(maxSteps ? { maxDepth: maxSteps } : {}) };
  expect(wasm.playouts(start, playouts)).toEqual(ts.playouts(start, playouts));
}
