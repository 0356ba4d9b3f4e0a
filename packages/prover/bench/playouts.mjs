// Random-playout throughput of the built prover: `pnpm --filter @gdlkit/prover build && node bench/playouts.mjs
// [seconds] [game ...]`. Counts every visited state (the gdl-perf count) after one second of warm-up. Reports
// states per second of wall-clock time and per second of this process's CPU time: on a machine shared with
// other jobs the second is the steadier figure.
import { readFileSync } from 'node:fs';
import { loadGame } from '@gdlkit/core';
import { createProver } from '../dist/index.js';

const DEFAULT_GAMES = [
  'tictactoe',
  'connectfour',
  'breakthrough',
  'pancakes6',
  'hanoi',
  'sheepandwolf',
  'nim1',
  'chinesecheckers4',
  'othello-comp2007',
];
const seconds = Number(process.argv[2] ?? 5);
const games = process.argv.length > 3 ? process.argv.slice(3) : DEFAULT_GAMES;

function run(reasoner, start, budgetMs, seed) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let states = 0;
  let playouts = 0;
  while (performance.now() - t0 < budgetMs) {
    const stats = reasoner.playouts(start, { count: 1, seed: seed + playouts });
    states += stats.states;
    playouts++;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { states, playouts, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

for (const name of games) {
  const file = new URL(`../../../games/${name}.kif`, import.meta.url);
  const game = loadGame(readFileSync(file, 'utf8'), `${name}.kif`);
  const reasoner = createProver(game);
  const start = reasoner.initialState();
  run(reasoner, start, 1000, 1);
  const { states, playouts, ms, cpuMs } = run(reasoner, start, seconds * 1000, 1000);
  const rate = (n, t) => ((n / t) * 1000).toFixed(0).padStart(8);
  console.log(
    `${name.padEnd(20)} ${rate(states, ms)} states/s ${rate(states, cpuMs)} states/cpu-s ${rate(playouts, cpuMs)} playouts/cpu-s`,
  );
}
