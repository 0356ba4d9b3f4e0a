// Issue 20's speed target, measured side by side in one process: per game, with the backend `auto` picks,
// (1) random playouts per CPU-second through `Reasoner.playouts` (what `gdlkit perf` counts), (2) policy
// simulations per CPU-second through `Reasoner.simulate` (64 starts per call), (3) the player's search —
// decoupled UCT with its default settings — simulations per CPU-second, and the share of (3)'s time spent in
// the engine's `simulate` (the rest is the tree: selection, expansion, backup).
//
//   node apps/player/experiments/search-speed.mjs [--seconds 3] [--policy nst] [--leaf N] [--batch N]
//        [--backend auto] GAME.kif ...
import { parseArgs } from 'node:util';
import { createAutoBackend, createDefaultRegistry } from '@gdlkit/backends';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { createPolicy, UctSearch } from '@gdlkit/player';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '3' },
    policy: { type: 'string', default: 'nst' },
    leaf: { type: 'string' },
    batch: { type: 'string' },
    backend: { type: 'string', default: 'auto' },
  },
});
const SECONDS = Number(values.seconds);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Runs `step` until SECONDS of CPU time have passed; returns [units, CPU seconds]. */
function timed(step) {
  const start = cpu();
  let units = 0;
  while (cpu() - start < SECONDS) units += step();
  return [units, cpu() - start];
}

const registry = createDefaultRegistry();
const backend = values.backend === 'auto' ? createAutoBackend(registry) : registry.get(values.backend);
console.log('game | backend | random playouts/CPU-s | policy simulations/CPU-s | search sims/CPU-s | ratio | engine share of search');
for (const file of positionals) {
  const reasoner = await backend.create(loadCorpusGame(file));
  const name = reasoner.backend;
  const start = reasoner.initialState();
  let seed = 1;
  const [playouts, playoutCpu] = timed(() => reasoner.playouts(start, { count: 64, seed: seed++ }).playouts);
  const policy = createPolicy(reasoner, { policy: values.policy });
  const starts = new Array(64).fill(start);
  const batch = (s) => ({ starts, prefixMoves: new Int32Array(0), prefixOffsets: new Int32Array(65), seed: s, maxDepth: 400 });
  const table = policy.table ?? reasoner.createPolicy({ kind: 'uniform' });
  const [simulations, simulateCpu] = timed(() => reasoner.simulate(batch(seed++), table).count);
  // The search, with the time inside the engine's simulate measured on the side.
  const search = new UctSearch(reasoner, start, 0, createPolicy(reasoner, { policy: values.policy }), {
    seed: 7,
    ...(values.leaf ? { leafPlayouts: Number(values.leaf) } : {}),
    ...(values.batch ? { batch: Number(values.batch) } : {}),
  });
  let engineCpu = 0;
  const simulate = reasoner.simulate.bind(reasoner);
  reasoner.simulate = (b, p) => {
    const t = cpu();
    const result = simulate(b, p);
    engineCpu += cpu() - t;
    return result;
  };
  const [sims, searchCpu] = timed(() => {
    const before = search.iterations;
    search.iterate(Number.POSITIVE_INFINITY);
    return search.iterations - before;
  });
  reasoner.simulate = simulate;
  const rate = (n, s) => Math.round(n / s);
  console.log(
    [
      file,
      name,
      rate(playouts, playoutCpu),
      rate(simulations, simulateCpu),
      rate(sims, searchCpu),
      (sims / searchCpu / (playouts / playoutCpu)).toFixed(2),
      `${Math.round((100 * engineCpu) / searchCpu)} %`,
    ].join(' | '),
  );
  reasoner.dispose();
}
