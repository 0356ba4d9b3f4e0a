// Before/after measurement of two builds of the binding in one process: alternating rounds of batch playouts
// on each binary, states per second of CPU time, median of the rounds and the ratio second/first. Needs built
// packages; keep the first binary by copying gdlkit-native.<platform>.node aside before rebuilding:
//   node bench/compare-binaries.mjs before.node after.node   (GAMES=a,b SECONDS=s MODE=bitsliced|exact COUNT=n)
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { buildPropnet } from '@gdlkit/propnet';
import { NativeReasoner } from '../dist/index.js';

const require = createRequire(import.meta.url);
const binaries = process.argv.slice(2).map((path) => resolve(path));
if (binaries.length !== 2) throw new Error('usage: compare-binaries.mjs BEFORE.node AFTER.node');
const games = (process.env.GAMES ?? 'tictactoe,connectfour,breakthrough').split(',');
const seconds = Number(process.env.SECONDS ?? 0.7);
const playoutMode = process.env.MODE ?? 'bitsliced';
const count = Number(process.env.COUNT ?? 4096);
const rounds = 3;

function rate(reasoner) {
  const start = reasoner.initialState();
  let states = 0;
  let seed = 1;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) states += reasoner.playouts(start, { count, seed: seed++ }).states;
  const cpu = process.cpuUsage(c0);
  return (states / (cpu.user + cpu.system)) * 1e6;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const name of games) {
  const game = loadCorpusGame(`${name}.kif`);
  const ir = buildPropnet(game);
  const reasoners = binaries.map(
    (path) => new NativeReasoner(game, ir, { NativePropnet: require(path).NativePropnet }, { playoutMode }),
  );
  const rates = binaries.map(() => []);
  for (let round = 0; round < rounds; round++) reasoners.forEach((r, i) => rates[i].push(rate(r)));
  const [before, after] = rates.map(median);
  const k = (x) => `${(x / 1000).toFixed(0)}k`;
  console.log(`${name} ${playoutMode} count ${count}: ${k(before)} → ${k(after)} states/CPU-s, ${(after / before).toFixed(2)}×`);
}
