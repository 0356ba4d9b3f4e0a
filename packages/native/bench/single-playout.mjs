// Issue 26's side-by-side measurement: per game, states per CPU-second of the native batch (64 lanes, one
// thread), of one playout per call (the mode a tree search uses) with each scalar propagation, the cost of one
// legalMoves and one nextState call, and optionally an external engine's rate (ggplib), all interleaved round
// by round so every ratio is measured under the same load; also propnet-wasm's module (random playouts in the
// module, its timed choice of propagation) beside them. Needs built packages (pnpm build). Run:
//   node packages/native/bench/single-playout.mjs [--games a,b] [--seconds S] [--rounds R] [--peer 'CMD ARGS']
// --peer: a command run once per game as `CMD ARGS GAME_FILE`, started before the rounds (so its build runs
// beside ours): it prints one JSON line {"ready": true, "build_s": s, "build_cpu_s": s} when built, then
// answers every line `SECONDS` on its stdin with {"states": n, "cpu_s": s} (states counted as here: every
// visited state, each playout's first included). A peer that fails, or is not ready within --peer-wait
// seconds (default 1800), is reported as "—". propnet-wasm's module comes through its per-game module cache
// (GDLKIT_CACHE_DIR or the default folder): "WASM build s" says whether this process's build was cold or cached;
// then a fresh process builds the game again through the module and IR caches, timed as ggplib's cached build
// is, after its imports: from the parsed game, as propnetWasmBackend.create(game) builds it (the IR from the IR
// cache on a hit, else grounded), CPU-s in brackets, the parse apart (packages/propnet/bench/wasm-build-time.mjs
// --child). --json FILE saves the per-round rates, --svg FILE draws them
// (log scale); --chart-from FILE --svg OUT only draws a saved run.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng } from '@gdlkit/core';
import { gamesDirectory, loadCorpusGame } from '@gdlkit/core/corpus';
import { buildPropnetWithStats } from '@gdlkit/propnet';
import { PropnetWasmReasoner } from '@gdlkit/propnet/wasm';
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
    'build-seconds': { type: 'string', default: '300' },
    svg: { type: 'string' },
    json: { type: 'string' },
    'chart-from': { type: 'string' },
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

if (values['chart-from']) {
  // Only draws the chart of a run saved with --json.
  const { names, rows } = JSON.parse(readFileSync(values['chart-from'], 'utf8'));
  writeFileSync(values.svg ?? 'single-playout.svg', `${chart(names, rows)}\n`);
  process.exit(0);
}

/** A build of `name` through the caches in a fresh process: {parse, build: {wall, cpu} ms, irCached, cached}. */
function freshProcessBuild(name) {
  const bench = fileURLToPath(new URL('../../propnet/bench/wasm-build-time.mjs', import.meta.url));
  const dist = fileURLToPath(new URL('../../propnet/dist', import.meta.url));
  const out = execFileSync(process.execPath, [bench, '--child', dist, '--game', name, '--seconds', '0'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

const setups = [];
for (const name of values.games.split(',')) {
  const game = loadCorpusGame(`${name}.kif`);
  const t0 = performance.now();
  let ir;
  try {
    ({ ir } = buildPropnetWithStats(game, { timeMs: Number(values['build-seconds']) * 1000 }));
  } catch (e) {
    console.error(`${name}: not built: ${e.message}`);
    continue;
  }
  const buildMs = performance.now() - t0;
  const make = (options) => new NativeReasoner(game, ir, binding, { threads: 1, ...options });
  const auto = make({});
  const exact = make({ playoutMode: 'exact' });
  const scalar = Object.fromEntries(SCALAR.map((p) => [p, make({ propagation: p })]));
  const steps = sampleSteps(auto);
  const w0 = performance.now();
  let wasm;
  try {
    wasm = await PropnetWasmReasoner.create(game, ir);
  } catch (e) {
    console.error(`${name}: no WASM module: ${e.message}`);
  }
  const wasmMs = performance.now() - w0;
  // V8 compiles the module's hot functions again in background threads, whose CPU time this process's
  // CPU time includes: let that finish before any engine is timed.
  if (wasm) rate(() => wasm.playouts(wasm.initialState(), { count: 5, seed: 1 }).states);
  const wasmFresh = wasm ? freshProcessBuild(name) : undefined;
  setups.push({ name, gates: ir.gateCount, buildMs, wasmMs, wasmFresh, auto, exact, scalar, steps, wasm });
  console.error(`${name}: ${ir.gateCount} gates, built in ${buildMs.toFixed(0)} ms, auto: ${auto.net.propagation}`);
}
// The peers build after ours, all at once, so their builds do not slow ours.
for (const s of setups) {
  if (values.peer) s.peer = startPeer(join(gamesDirectory(), `${s.name}.kif`));
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
    r.wasm = s.wasm ? rate(() => s.wasm.playouts(start, { count: 5, seed: seed++ }).states) : Number.NaN;
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
  ? ' | peer build s | peer | batch / peer | one at a time / peer | one per call / peer | WASM / peer'
  : '';
console.log(
  `| game | gates | build s | auto's scalar path | batch (64 lanes) | one at a time, 64 per call | one per call: auto | differential (split) | incremental | levelled | legalMoves ns | nextState ns | WASM build s | WASM fresh-process build s (CPU-s) | its parse CPU-s | WASM module | WASM${peer} | load |`,
);
console.log(`| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |${values.peer ? ' ---: | ---: | ---: | ---: | ---: | ---: |' : ''} ---: |`);
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
    s.wasm ? `${(s.wasmMs / 1000).toFixed(2)} (${s.wasm.origin.cached ? 'cached' : 'cold'})` : '—',
    s.wasmFresh ? freshCell(s.wasmFresh) : '—',
    s.wasmFresh ? (s.wasmFresh.parse.cpu / 1000).toFixed(3) : '—',
    // The module the build's timed trial chose (choose-propagation.ts): runs compare only when it is the same.
    s.wasm?.propagation ?? '—',
    span(list, 'wasm'),
  ];
  if (values.peer) {
    cells.push(s.peerBuild ? `${s.peerBuild.build_s.toFixed(2)} (${s.peerBuild.build_cpu_s.toFixed(3)})` : '—', span(list, 'peer'), ratio(list, 'batch'), ratio(list, 'exact'), ratio(list, 'auto'), ratio(list, 'wasm'));
  }
  cells.push(span(list, 'load', (x) => x.toFixed(1)));
  console.log(`| ${cells.join(' | ')} |`);
  s.peer?.stop();
}

/** The build from the parsed game, wall s (CPU-s), and which of the IR and the module were not cached. */
function freshCell({ build, irCached, cached }) {
  const missed = [irCached ? '' : 'IR', cached ? '' : 'module'].filter(Boolean);
  const note = missed.length ? `, ${missed.join(' and ')} built` : '';
  return `${(build.wall / 1000).toFixed(3)} (${(build.cpu / 1000).toFixed(3)})${note}`;
}

/** A grouped bar chart on a log scale: per game, the median rate of each series (states per CPU-second). */
function chart(names, rows) {
  const series = [
    ['batch', 'native batch (64 lanes)', '#1f77b4'],
    ['exact', 'native one at a time (64 per call)', '#2ca02c'],
    ['auto', 'native one per call', '#98df8a'],
    ['wasm', 'propnet-wasm module', '#9467bd'],
    ['peer', 'ggplib (C++ propnet)', '#d62728'],
  ];
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const lo = 4;
  const hi = 8;
  const x = (v) => 200 + ((Math.log10(Math.max(v, 10 ** lo)) - lo) / (hi - lo)) * 560;
  const bar = 9;
  const group = series.length * bar + 12;
  const height = 40 + names.length * group + 54;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="${height}" font-family="sans-serif" font-size="11">`,
  ];
  for (let e = lo; e <= hi; e++) {
    out.push(`<line x1="${x(10 ** e)}" y1="30" x2="${x(10 ** e)}" y2="${height - 54}" stroke="#ddd"/>`);
    out.push(`<text x="${x(10 ** e)}" y="24" text-anchor="middle">10^${e}</text>`);
  }
  names.forEach((name, i) => {
    const y0 = 36 + i * group;
    out.push(`<text x="190" y="${y0 + group / 2}" text-anchor="end">${name}</text>`);
    series.forEach(([key, , color], j) => {
      const v = median(rows[name].map((r) => r[key] ?? Number.NaN).filter((v) => !Number.isNaN(v)));
      if (v === undefined) return;
      out.push(`<rect x="200" y="${y0 + j * bar}" width="${x(v) - 200}" height="${bar - 1}" fill="${color}"/>`);
    });
  });
  series.forEach(([, label, color], j) => {
    const [lx, ly] = [20 + (j % 3) * 260, height - 30 + Math.floor(j / 3) * 14];
    out.push(`<rect x="${lx}" y="${ly}" width="10" height="10" fill="${color}"/>`);
    out.push(`<text x="${lx + 14}" y="${ly + 9}">${label}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
const names = setups.map((s) => s.name);
const byGame = Object.fromEntries(rows);
if (values.json) writeFileSync(values.json, `${JSON.stringify({ names, rows: byGame }, null, 1)}\n`);
if (values.svg) writeFileSync(values.svg, `${chart(names, byGame)}\n`);
