// Straight-line against differential WASM module, side by side in one process (issue 26):
// GDLKIT_BENCH=1 GDLKIT_BENCH_GAMES=reversi,speedchess npx vitest run --root packages/propnet test/bench-propagation
// Random playouts from the initial state in states per CPU-second (the modules alternate, GDLKIT_BENCH_SECONDS
// per round, two rounds), then the per-call cost of legalMoves (all roles) and nextState along random matches.
import { Rng } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnetWithStats } from '../src/index.js';
import { PropnetWasmReasoner, WasmPropnet } from '../src/index.wasm.js';
import { chooseWasmCore } from '../src/wasm/choose-propagation.js';
import { supportsDifferential } from '../src/wasm/differential-lower.js';
import { DifferentialWasmPropnet } from '../src/wasm/differential-runtime.js';
import type { WasmCore } from '../src/wasm/wasm-core.js';
import { corpusGame } from './helpers.js';

const enabled = process.env.GDLKIT_BENCH === '1';
const seconds = Number(process.env.GDLKIT_BENCH_SECONDS ?? 3);
const games = (
  process.env.GDLKIT_BENCH_GAMES ?? 'tictactoe,connectfour,breakthrough,reversi,speedchess'
).split(',');

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

function statesPerCpuSecond(core: WasmCore, start: Uint32Array): number {
  let states = 0;
  let seed = 1;
  const began = cpuSeconds();
  while (cpuSeconds() - began < seconds) states += core.playouts(start, 5, seed++, 10_000).states;
  return states / (cpuSeconds() - began);
}

/** CPU µs per legalMoves (all roles) and per nextState along random matches from the initial state. */
function perCall(reasoner: PropnetWasmReasoner): { legal: number; next: number } {
  const rng = new Rng(1);
  let legal = 0;
  let next = 0;
  let calls = 0;
  const until = cpuSeconds() + seconds / 2;
  while (cpuSeconds() < until) {
    let state = reasoner.initialState();
    for (let depth = 0; depth < 200 && !reasoner.isTerminal(state); depth++) {
      let t = cpuSeconds();
      const moves = reasoner.game.roles.map((_, role) => reasoner.legalMoves(state, role));
      legal += cpuSeconds() - t;
      const joint = moves.map((m) => m[rng.nextInt(m.length)]!);
      t = cpuSeconds();
      state = reasoner.nextState(state, joint);
      next += cpuSeconds() - t;
      calls++;
    }
  }
  return { legal: (legal / calls) * 1e6, next: (next / calls) * 1e6 };
}

describe.runIf(enabled)('straight-line vs differential WASM module', () => {
  it('prints the table header', () => {
    console.log(
      '| game | gates | wires | straight-line states/CPU-s | differential states/CPU-s | chosen | legalMoves µs (s / d) | nextState µs (s / d) |\n|---|--:|--:|--:|--:|---|--:|--:|',
    );
  });

  // One test per game: a single test running for minutes starves vitest's worker RPC (onTaskUpdate timeout).
  for (const name of games) {
    it(name, () => {
      const game = corpusGame(`${name}.kif`);
      const { ir } = buildPropnetWithStats(game, { timeMs: 120_000 });
      if (!supportsDifferential(ir)) {
        console.log(
          `| ${name} | ${ir.gateCount} | ${ir.fanin.length} | cyclic net: straight-line only | | | | |`,
        );
        return;
      }
      const cores = [new WasmPropnet(ir), new DifferentialWasmPropnet(ir)];
      const reasoners = cores.map((core) => new PropnetWasmReasoner(game, ir, core));
      const start = reasoners[0]!.initialState();
      const rates: number[][] = [[], []];
      for (let round = 0; round < 2; round++) {
        for (const [k, core] of cores.entries()) rates[k]!.push(statesPerCpuSecond(core, start));
      }
      const calls = reasoners.map(perCall);
      const chosen = chooseWasmCore(ir).propagation;
      expect(Math.min(...rates.flat())).toBeGreaterThan(0);
      const n = (x: number) => Math.round(x).toLocaleString('en');
      console.log(
        `| ${name} | ${ir.gateCount} | ${ir.fanin.length} | ${rates[0]!.map(n).join(', ')} | ${rates[1]!.map(n).join(', ')} | ${chosen} | ${calls.map((c) => c.legal.toFixed(1)).join(' / ')} | ${calls.map((c) => c.next.toFixed(1)).join(' / ')} |`,
      );
    }, 600_000);
  }
});
