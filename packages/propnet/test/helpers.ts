import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseReasoner, firstDifference, type Game, loadGame, playRandomMatch } from '@gdlkit/core';
import { afterEach, beforeEach, expect, vi } from 'vitest';
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

/**
 * Per test, a fresh cache root in the temporary folder (removed after the test) and the warnings the caches print
 * (console.warn captured): for the module and IR cache tests.
 */
export function cacheTestFolder(prefix: string): { readonly root: string; readonly warnings: string[] } {
  const state = { root: '', warnings: [] as string[] };
  beforeEach(() => {
    state.root = mkdtempSync(join(tmpdir(), prefix));
    state.warnings = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => {
      state.warnings.push(line);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(state.root, { recursive: true, force: true });
  });
  return state;
}
