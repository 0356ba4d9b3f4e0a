// Policy simulations per CPU-second of `Reasoner.simulate` (issue 20) beside the same backend's random
// `playouts` per CPU-second, side by side in one run, from each game's initial state. Run after a build:
//   node apps/bench/scripts/policy-rate.mjs [--seconds 2] [--batch 256] [--backends propnet,native] [games...]
// A backend `native:exact` is the native core in its exact mode (one playout/simulation at a time).
// The tables keep learning across batches (as in a search between two real moves); maxDepth is the player's 400.
import { parseArgs } from 'node:util';
import { createDefaultRegistry } from '@gdlkit/backends';
import { loadCorpusGame } from '@gdlkit/core/corpus';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '2' },
    batch: { type: 'string', default: '256' },
    backends: { type: 'string', default: 'propnet,native' },
  },
});
const games = positionals.length > 0 ? positionals : ['tictactoe', 'connectfour', 'breakthrough', 'othello'];
const seconds = Number(values.seconds);
const batch = Number(values.batch);
const MAX_DEPTH = 400;
const registry = createDefaultRegistry();

/** Runs `step` (returning how many simulations it did) for about `seconds`; simulations per CPU-second. */
function perCpuSecond(step) {
  step();
  let done = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  while (performance.now() - t0 < seconds * 1000) done += step();
  const cpu = process.cpuUsage(c0);
  return (done / (cpu.user + cpu.system)) * 1e6;
}

const rows = [];
for (const gameName of games) {
  const game = loadCorpusGame(`${gameName}.kif`);
  const sharedBuilds = new Map();
  for (const backendName of values.backends.split(',')) {
    const [name, mode] = backendName.split(':');
    const options = { sharedBuilds, buildTimeMs: 120_000, ...(mode ? { playoutMode: mode } : {}) };
    const reasoner = await registry.get(name).create(game, options);
    const start = reasoner.initialState();
    let seed = 1;
    const row = { game: gameName, backend: backendName };
    row.random = perCpuSecond(
      () => reasoner.playouts(start, { count: batch, seed: seed++, maxDepth: MAX_DEPTH }).playouts,
    );
    const starts = new Array(batch).fill(start);
    const prefixMoves = new Int32Array(0);
    const prefixOffsets = new Int32Array(batch + 1);
    for (const kind of ['uniform', 'mast', 'nst']) {
      const policy = reasoner.createPolicy({ kind, gamma: kind === 'nst' ? 0.6 : 0.2 });
      row[kind] = perCpuSecond(
        () =>
          reasoner.simulate({ starts, prefixMoves, prefixOffsets, seed: seed++, maxDepth: MAX_DEPTH }, policy)
            .count,
      );
      policy.dispose();
    }
    reasoner.dispose();
    rows.push(row);
    console.error(JSON.stringify(row));
  }
}

const k = (x) => (x >= 10_000 ? `${(x / 1000).toFixed(0)} k` : x >= 1000 ? `${(x / 1000).toFixed(1)} k` : x.toFixed(0));
const pct = (x, of) => `${((100 * x) / of).toFixed(0)} %`;
console.log('| game | backend | random playouts/s | uniform sims/s | MAST sims/s | NST sims/s | MAST / random | NST / random |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.game} | ${r.backend} | ${k(r.random)} | ${k(r.uniform)} | ${k(r.mast)} | ${k(r.nst)} | ${pct(r.mast, r.random)} | ${pct(r.nst, r.random)} |`,
  );
}
