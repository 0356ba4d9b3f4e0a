// Issue 26's side-by-side measurement: per game, states per CPU-second of the native batch (64 lanes, one
// thread), of one playout per call (the mode a tree search uses) with each scalar propagation, the cost of one
// legalMoves and one nextState call, and optionally an external engine's rate (ggplib), all interleaved round
// by round so every ratio is measured under the same load. Needs built packages (pnpm build). Run:
//   node packages/native/bench/single-playout.mjs [--games a,b] [--seconds S] [--rounds R] [--peer 'CMD ARGS']
// --peer: a command run once per game as `CMD ARGS GAME_FILE`, started before the rounds (so its build runs
// beside ours): it prints one JSON line {"ready": true, "build_s": s, "build_cpu_s": s} when built, then
// answers every line `SECONDS` on its stdin with {"states": n, "cpu_s": s} (states counted as here: every
// visited state, each playout's first included). A peer that fails, or is not ready within --peer-wait
// seconds (default 1800), is reported as "—".
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { gamesDirectory, loadCorpusGame, Rng } from '@gdlkit/core';
import { buildPropnetWithStats } from '@gdlkit/propnet';
import { NativeReasoner, requireNative } from '../dist/index.js';

const { values } = parseArgs({
  options: {
    games: {
      type: 'string',
      default: 'tictactoe,connectfour,breakthrough,reversi,speedchess,checkers,amazons,skirmish,hex',
    },
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
    peer: { type: 'string' },
    'peer-wait': { type: 'string', default: '1800' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const binding = requireNative();
const SCALAR = ['differential', 'incremental', 'levelled'];

/** States per CPU-second of `run()` (returning states) called until `seconds` of wall time have passed. */
function rate(run) {
  run();
  let states = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  while (performance.now() - t0 < seconds * 1000) states += run();
  const cpu = process.cpuUsage(c0);
  return (states / (cpu.user + cpu.system)) * 1e6;
}

/** Nanoseconds of CPU per call of `f(i)`, over about a quarter of the time budget. */
function perCall(f) {
  let calls = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  while (performance.now() - t0 < seconds * 250) {
    for (let i = 0; i < 256; i++) f(calls++);
  }
  const cpu = process.cpuUsage(c0);
  return ((cpu.user + cpu.system) * 1000) / calls;
}

/** The states and joint moves of a few random matches, for the per-call costs. */
function sampleSteps(reasoner) {
  const rng = new Rng(5);
  const steps = [];
  for (let m = 0; m < 4; m++) {
    let s = reasoner.initialState();
    while (!reasoner.isTerminal(s) && steps.length < 400) {
      const move = reasoner.roles.map((_, r) => {
        const legal = reasoner.legalMoves(s, r);
        return legal[rng.nextInt(legal.length)];
      });
      steps.push({ state: s, move });
      s = reasoner.nextState(s, move);
    }
  }
  return steps;
}

/** A peer process for `file`: `ready` resolves with its build report, `measure()` with states per CPU-second. */
function startPeer(file) {
  const [command, ...args] = values.peer.split(' ');
  const child = spawn(command, [...args, file], { stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = [];
  let failed = false;
  const fail = () => {
    failed = true;
    for (const w of waiting.splice(0)) w(null);
  };
  child.on('error', fail);
  child.on('exit', fail);
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      waiting.shift()?.(JSON.parse(line));
    } catch {
      fail();
    }
  });
  const next = () => (failed ? Promise.resolve(null) : new Promise((resolve) => waiting.push(resolve)));
  const timer = setTimeout(() => child.kill(), Number(values['peer-wait']) * 1000);
  return {
    ready: next().finally(() => clearTimeout(timer)),
    async measure() {
      if (failed) return Number.NaN;
      const reply = next();
      child.stdin.write(`${Math.max(1, Math.round(seconds))}\n`);
      const r = await reply;
      return r ? r.states / r.cpu_s : Number.NaN;
    },
    stop: () => child.kill(),
  };
}

const setups = [];
for (const name of values.games.split(',')) {
  const game = loadCorpusGame(`${name}.kif`);
  const t0 = performance.now();
  const { ir } = buildPropnetWithStats(game);
  const buildMs = performance.now() - t0;
  const make = (options) => new NativeReasoner(game, ir, binding, { threads: 1, ...options });
  const auto = make({});
  const exact = make({ playoutMode: 'exact' });
  const scalar = Object.fromEntries(SCALAR.map((p) => [p, make({ propagation: p })]));
  const steps = sampleSteps(auto);
  const peer = values.peer ? startPeer(join(gamesDirectory(), `${name}.kif`)) : undefined;
  setups.push({ name, gates: ir.gateCount, buildMs, auto, exact, scalar, steps, peer });
  console.error(`${name}: ${ir.gateCount} gates, built in ${buildMs.toFixed(0)} ms, auto: ${auto.net.propagation}`);
}

for (const s of setups) {
  s.peerBuild = s.peer ? await s.peer.ready : undefined;
  console.error(`${s.name}: peer ${JSON.stringify(s.peerBuild)}`);
}
const rows = new Map(setups.map((s) => [s.name, []]));
for (let round = 0; round < rounds; round++) {
  for (const s of setups) {
    const start = s.auto.initialState();
    let seed = 1;
    const r = { load: loadavg()[0] };
    r.batch = rate(() => s.auto.playouts(start, { count: 1024, seed: seed++ }).states);
    r.auto = rate(() => s.auto.playouts(start, { count: 1, seed: seed++ }).states);
    r.exact = rate(() => s.exact.playouts(start, { count: 64, seed: seed++ }).states);
    for (const p of SCALAR) {
      r[p] = rate(() => s.scalar[p].playouts(start, { count: 1, seed: seed++ }).states);
    }
    const engine = s.scalar.incremental;
    r.legalNs = perCall((i) => engine.legalMoves(s.steps[i % s.steps.length].state, 0));
    r.nextNs = perCall((i) => {
      const step = s.steps[i % s.steps.length];
      return engine.nextState(step.state, step.move);
    });
    if (s.peer) r.peer = await s.peer.measure();
    rows.get(s.name).push(r);
    console.error(`round ${round + 1} ${s.name}: ${JSON.stringify(r)}`);
  }
}

const k = (x) => (Number.isNaN(x) ? '—' : x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${(x / 1e3).toFixed(1)} k`);
const span = (list, key, f = k) => {
  const xs = list.map((r) => r[key]);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi || list.length === 1 ? f(lo) : `${f(lo)}–${f(hi)}`;
};
const ratio = (list, key) => span(list.map((r) => ({ x: r[key] / r.peer })), 'x', (x) => `${x.toFixed(2)}×`);
console.log(
  `${new Date().toISOString()}, Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; ` +
    `${rounds} rounds of ${seconds} s per engine and game; states per CPU-second.\n`,
);
const peer = values.peer
  ? ' | peer build s | peer | batch / peer | one at a time / peer | one per call / peer'
  : '';
console.log(
  `| game | gates | build s | auto's scalar path | batch (64 lanes) | one at a time, 64 per call | one per call: auto | differential (split) | incremental | levelled | legalMoves ns | nextState ns${peer} | load |`,
);
console.log(`| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${values.peer ? ' ---: | ---: | ---: | ---: | ---: |' : ''} ---: |`);
for (const s of setups) {
  const list = rows.get(s.name);
  const ns = (x) => x.toFixed(0);
  const cells = [
    s.name,
    s.gates,
    (s.buildMs / 1000).toFixed(1),
    s.auto.net.propagation,
    span(list, 'batch'),
    span(list, 'exact'),
    span(list, 'auto'),
    span(list, 'differential'),
    span(list, 'incremental'),
    span(list, 'levelled'),
    span(list, 'legalNs', ns),
    span(list, 'nextNs', ns),
  ];
  if (values.peer) {
    cells.push(s.peerBuild ? s.peerBuild.build_s.toFixed(1) : '—', span(list, 'peer'), ratio(list, 'batch'), ratio(list, 'exact'), ratio(list, 'auto'));
  }
  cells.push(span(list, 'load', (x) => x.toFixed(1)));
  console.log(`| ${cells.join(' | ')} |`);
  s.peer?.stop();
}
