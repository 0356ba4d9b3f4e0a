// One-at-a-time stepping on propnet-wasm as a tree search meets it: random walks from the initial state, each
// step the terminal test, every role's legal moves and the next state (each a `load` of a new state into the
// module, then a read), in states per CPU-second. Each measurement is a fresh `node` process (one build of the
// package per process: two in one process run the second's calls measurably slower), its module from the
// cache the first one filled, warmed up for a second before it is timed; the builds named by --dists take turns,
// round after round, so that load changes hit both alike, and the ratio of medians to the first is printed. Run:
//   node packages/propnet/bench/wasm-step-rate.mjs --games tictactoe,connectfour,breakthrough \
//     --dists before=/path/to/old/dist,after=packages/propnet/dist [--rounds 5] [--seconds 2] \
//     [--straight-line]
// The module is the one the build's timed trial chooses, which may differ between runs and builds (the line
// names it); --straight-line builds the straight-line module for every game instead (no cache).
// --child DIST --game NAME --cache DIR --seconds S is one measurement; it prints one JSON line.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: 'tictactoe,connectfour,breakthrough' },
    dists: { type: 'string', default: `this=${fileURLToPath(new URL('../dist', import.meta.url))}` },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '2' },
    child: { type: 'string' },
    game: { type: 'string' },
    cache: { type: 'string' },
    'straight-line': { type: 'boolean' },
  },
});

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** Random walks for `budgetMs` of CPU time; the number of states stepped to. */
function walk(reasoner, seed, budgetMs) {
  let rng = seed >>> 0;
  const pick = (n) => {
    rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
    return rng % n;
  };
  const roles = reasoner.roles.length;
  const end = cpuMs() + budgetMs;
  let states = 0;
  while (cpuMs() < end) {
    let state = reasoner.initialState();
    for (let depth = 0; depth < 500 && !reasoner.isTerminal(state); depth++) {
      const joint = [];
      for (let r = 0; r < roles; r++) {
        const legal = reasoner.legalMoves(state, r);
        joint.push(legal[pick(legal.length)]);
      }
      state = reasoner.nextState(state, joint);
      states++;
    }
  }
  return states;
}

if (values.child) {
  const { loadGame } = await import(pathToFileURL(join(repo, 'packages/core/dist/index.js')).href);
  const wasm = await import(pathToFileURL(join(values.child, 'index.wasm.js')).href);
  const text = readFileSync(join(repo, 'games', `${values.game}.kif`), 'utf8');
  const game = loadGame(text, `${values.game}.kif`);
  let reasoner;
  if (values['straight-line']) {
    const { buildPropnet } = await import(pathToFileURL(join(values.child, 'index.js')).href);
    await wasm.loadBinaryen();
    const ir = buildPropnet(game);
    reasoner = new wasm.PropnetWasmReasoner(game, ir, new wasm.WasmPropnet(ir));
  } else {
    reasoner = await wasm.propnetWasmBackend.create(game, { wasmCache: { root: values.cache } });
  }
  walk(reasoner, 1, 1000);
  const start = cpuMs();
  const states = walk(reasoner, 2, Number(values.seconds) * 1000);
  const rate = (states * 1000) / (cpuMs() - start);
  console.log(JSON.stringify({ rate, propagation: reasoner.propagation }));
} else {
  const dists = values.dists.split(',').map((entry) => {
    const [name, dir] = entry.split('=');
    return { name, dir: resolve(dir) };
  });
  const rounds = Number(values.rounds);
  const cache = mkdtempSync(join(tmpdir(), 'gdlkit-step-rate-'));
  const script = fileURLToPath(import.meta.url);
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(`# ${new Date().toISOString()} load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  try {
    for (const game of values.games.split(',')) {
      const runs = dists.map(() => ({ rates: [], propagation: '' }));
      for (let round = 0; round < rounds; round++) {
        const order = dists.map((_, i) => i);
        if (round % 2 === 1) order.reverse();
        for (const i of order) {
          const args = [script, '--child', dists[i].dir, '--game', game, '--cache', cache];
          if (values['straight-line']) args.push('--straight-line');
          const out = execFileSync(process.execPath, [...args, '--seconds', values.seconds], { encoding: 'utf8' });
          const { rate, propagation } = JSON.parse(out.trim().split('\n').pop());
          runs[i].rates.push(rate);
          runs[i].propagation = propagation;
        }
      }
      const base = median(runs[0].rates);
      dists.forEach((dist, i) => {
        const m = median(runs[i].rates);
        console.log(
          `${game}\t${dist.name}\t${runs[i].propagation}\t${Math.round(m)} states/CPU-s (median of ${rounds})\t` +
            `ratio ${(m / base).toFixed(3)}\t[${runs[i].rates.map((r) => Math.round(r)).join(' ')}]`,
        );
      });
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  console.log(`# ${new Date().toISOString()} load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}
