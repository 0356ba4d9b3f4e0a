// Native (bit-sliced and exact playouts) vs. WebAssembly vs. TypeScript propnet: random-playout states per
// second on the same IR, one and all threads, plus the cost of one boundary crossing. Needs built packages (pnpm build); run with
// `pnpm --filter @gdlkit/native bench` (GAMES=a,b SECONDS=s to change the set and the time per engine).
import { availableParallelism, cpus } from 'node:os';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { buildPropnetWithStats, PropnetReasoner } from '@gdlkit/propnet';
import { PropnetWasmReasoner } from '@gdlkit/propnet/wasm';
import { NativeReasoner, requireNative } from '../dist/index.js';

const games = (process.env.GAMES ?? 'tictactoe,connectfour,breakthrough,sheepandwolf,8puzzle').split(',');
const seconds = Number(process.env.SECONDS ?? 3);
const cores = availableParallelism();
const binding = requireNative();

/**
 * States per second of batch playouts from the initial state, for about `seconds` of wall time: per second of
 * this process's CPU time (robust on a shared machine for one thread) and per second of wall time.
 */
function rate(reasoner, batch) {
  const start = reasoner.initialState();
  reasoner.playouts(start, { count: 1, seed: 0 });
  let states = 0;
  let seed = 1;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    states += reasoner.playouts(start, { count: batch, seed: seed++ }).states;
    elapsed = performance.now() - t0;
  }
  const cpu = process.cpuUsage(c0);
  return { cpu: (states / (cpu.user + cpu.system)) * 1e6, wall: (states / elapsed) * 1000 };
}

/** Nanoseconds per call of `f`, over enough calls to take about half a second. */
function perCall(f) {
  for (let i = 0; i < 1000; i++) f();
  let n = 1000;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f();
    const ms = performance.now() - t0;
    if (ms > 500) return (ms * 1e6) / n;
    n *= 4;
  }
}

const k = (x) => (x / 1000).toFixed(1);
const rows = [];
for (const name of games) {
  const game = loadCorpusGame(`${name}.kif`);
  const { ir, stats } = buildPropnetWithStats(game);
  const ts = new PropnetReasoner(game, ir);
  const wasm = new PropnetWasmReasoner(game, ir);
  const exact = new NativeReasoner(game, ir, binding, { threads: 1, playoutMode: 'exact' });
  const one = new NativeReasoner(game, ir, binding, { threads: 1 });
  const all = new NativeReasoner(game, ir, binding, { threads: 0 });
  // Batches long enough that the crossing is noise; the bit-sliced batch is 8 blocks of 64 lanes × 16
  // playouts (crates/propnet-core/src/parallel.rs BLOCK_PLAYOUTS), so every thread gets whole blocks.
  const batch = Math.max(8 * cores, Math.ceil(20_000 / Math.max(1, ir.gateCount)) * 8);
  const lanesBatch = 8 * 1024;
  const r = {
    name,
    gates: ir.gateCount,
    mode: one.net.propagation,
    buildMs: stats.groundMs + stats.buildMs + stats.optimiseMs + stats.freezeMs,
    ts: rate(ts, batch),
    wasm: rate(wasm, batch),
    exact: rate(exact, batch),
    native: rate(one, lanesBatch),
    threads: rate(all, lanesBatch),
  };
  rows.push(r);
  console.error(`${name}: ${JSON.stringify(r)}`);
}

const game = loadCorpusGame('tictactoe.kif');
const { ir } = buildPropnetWithStats(game);
const native = new NativeReasoner(game, ir, binding);
const ts = new PropnetReasoner(game, ir);
const s0 = native.initialState();
const crossing = {
  noop: perCall(() => native.net.noop()),
  legalNative: perCall(() => native.legalMoves(s0, 0)),
  legalTs: perCall(() => ts.legalMoves(s0, 0)),
  playoutNative: perCall(() => native.playouts(s0, { count: 1, seed: 1 })),
  playoutLanes: perCall(() => native.playouts(s0, { count: 64, seed: 1 })),
};

console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores; ${seconds} s per engine and game.\n`);
console.log('Single thread, thousands of states per second of CPU time:\n');
console.log('| game | gates | exact mode | TS | WASM | native exact | native bit-sliced | bit-sliced/WASM |');
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.gates} | ${r.mode} | ${k(r.ts.cpu)} | ${k(r.wasm.cpu)} | ${k(r.exact.cpu)} | ${k(r.native.cpu)} | ${(r.native.cpu / r.wasm.cpu).toFixed(2)}× |`,
  );
}
console.log(`\nNative bit-sliced on 1 and ${cores} threads, thousands of states per second of wall time and of CPU time:\n`);
console.log(`| game | 1 thread, wall | ${cores} threads, wall | wall scaling | ${cores} threads, CPU | CPU efficiency |`);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const scaling = (r.threads.wall / r.native.wall).toFixed(2);
  const efficiency = (r.threads.cpu / r.native.cpu).toFixed(2);
  console.log(
    `| ${r.name} | ${k(r.native.wall)} | ${k(r.threads.wall)} | ${scaling}× | ${k(r.threads.cpu)} | ${efficiency} |`,
  );
}
console.log('\n| boundary crossing (tictactoe) | ns per call |');
console.log('| --- | ---: |');
console.log(`| native no-op call | ${crossing.noop.toFixed(0)} |`);
console.log(`| native legalMoves (one crossing + array) | ${crossing.legalNative.toFixed(0)} |`);
console.log(`| TypeScript propnet legalMoves | ${crossing.legalTs.toFixed(0)} |`);
console.log(`| native playouts, count 1 | ${crossing.playoutNative.toFixed(0)} |`);
console.log(`| native playouts, count 64 (one block, one playout per lane) | ${crossing.playoutLanes.toFixed(0)} |`);
