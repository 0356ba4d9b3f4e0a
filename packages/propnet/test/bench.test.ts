// Build and playout measurements for README.md: GDLKIT_BENCH=1 npx vitest run --root packages/propnet test/bench
// (GDLKIT_BENCH_SECONDS per engine and game, default 3).
import type { Reasoner } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnetWithStats, PropnetReasoner } from '../src/index.js';
import { PropnetWasmReasoner } from '../src/index.wasm.js';
import { corpusGame } from './helpers.js';

const enabled = process.env.GDLKIT_BENCH === '1';
const seconds = Number(process.env.GDLKIT_BENCH_SECONDS ?? 3);
const games = (
  process.env.GDLKIT_BENCH_GAMES ??
  'tictactoe,connectfour,breakthrough,chinesecheckers6,pancakes6,hanoi,sheepandwolf,othello'
).split(',');

function statesPerSecond<S>(reasoner: Reasoner<S>): number {
  const start = reasoner.initialState();
  reasoner.playouts(start, { count: 20, seed: 0 });
  let states = 0;
  let seed = 1;
  const began = performance.now();
  while (performance.now() - began < seconds * 1000)
    states += reasoner.playouts(start, { count: 20, seed: seed++ }).states;
  return states / ((performance.now() - began) / 1000);
}

describe.runIf(enabled)('benchmark', () => {
  it('measures build and random playouts', () => {
    const rows: string[] = [
      '| game | ground ms | optimise ms | gates before → after | wires before → after | IR KiB | wasm build ms | wasm KiB | TS states/s | WASM states/s |',
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ];
    for (const name of games) {
      const game = corpusGame(`${name}.kif`);
      const { ir, stats } = buildPropnetWithStats(game);
      const ts = statesPerSecond(new PropnetReasoner(game, ir));
      const t = performance.now();
      const wasmReasoner = new PropnetWasmReasoner(game, ir);
      const wasmMs = performance.now() - t;
      const wasm = statesPerSecond(wasmReasoner);
      expect(ts).toBeGreaterThan(0);
      expect(wasm).toBeGreaterThan(0);
      const kib = (b: number) => (b / 1024).toFixed(0);
      rows.push(
        `| ${name} | ${stats.groundMs.toFixed(0)} | ${stats.optimiseMs.toFixed(0)} | ${stats.before.gates} → ${stats.after.gates} | ${stats.before.edges} → ${stats.after.edges} | ${kib(stats.irBytes)} | ${wasmMs.toFixed(0)} | ${kib(wasmReasoner.binarySize)} | ${Math.round(ts).toLocaleString('en')} | ${Math.round(wasm).toLocaleString('en')} |`,
      );
    }
    console.log(rows.join('\n'));
  }, 600_000);
});
