// Issue 20's speed target, measured side by side in one process: per game, with the backend `auto` picks,
// (1) random playouts per CPU-second through `Reasoner.playouts` (what `gdlkit perf` counts), (2) policy
// simulations per CPU-second through `Reasoner.simulate` (64 starts per call), (3) the player's search —
// decoupled UCT with its default settings — simulations per CPU-second, and the share of (3)'s time spent in
// the engine's `simulate` (the rest is the tree: selection, expansion, backup).
//
// Each of `--variants` measures (2) and (3) on the same reasoner: `engine` as the backend provides them,
// `generic` with core's TypeScript tables through core's generic loop and the batch the player chose for it
// (1). `--before DIR` runs every measurement first with the built packages of another checkout (e.g. the
// main branch), then with this one's, game by game: before and after side by side in one run.
//
//   node apps/player/experiments/search-speed.mjs [--seconds 3] [--policy nst] [--leaf N] [--batch N]
//        [--backend auto] [--variants engine,generic] [--before DIR] GAME.kif ...
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '3' },
    policy: { type: 'string', default: 'nst' },
    leaf: { type: 'string' },
    batch: { type: 'string' },
    backend: { type: 'string', default: 'auto' },
    variants: { type: 'string', default: 'engine' },
    before: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * Runs `step` until SECONDS of CPU time have passed; returns [units, CPU seconds]. The CPU clock (a system
 * call) is read every 20 ms of wall time, not after every step: read per step it cost tictactoe's search 18 %.
 */
function timed(step) {
  const start = cpu();
  let units = 0;
  let checked = performance.now();
  for (;;) {
    units += step();
    const now = performance.now();
    if (now - checked < 20) continue;
    checked = now;
    if (cpu() - start >= SECONDS) break;
  }
  return [units, cpu() - start];
}

/** The packages of the checkout at `root` (its built dist files). */
async function checkout(root, label) {
  const entry = (path) => import(pathToFileURL(resolve(root, path, 'dist/index.js')).href);
  const [backends, core, player] = await Promise.all([
    entry('packages/backends'),
    entry('packages/core'),
    entry('apps/player'),
  ]);
  // The corpus helpers moved to @gdlkit/core/corpus (issue 23); an older checkout has them in core's main entry.
  const corpusEntry = resolve(root, 'packages/core/dist/corpus.js');
  const corpus = existsSync(corpusEntry) ? await import(pathToFileURL(corpusEntry).href) : core;
  const registry = backends.createDefaultRegistry();
  const backend =
    values.backend === 'auto' ? backends.createAutoBackend(registry) : registry.get(values.backend);
  return { label, backend, core, corpus, player };
}

const here = resolve(import.meta.dirname, '../../..');
const checkouts = [
  ...(values.before ? [await checkout(values.before, 'before')] : []),
  await checkout(here, values.before ? 'after' : 'this'),
];

/** Measures (1)–(3) for `file` with the packages of `co`, one line per variant. */
async function measure(co, file) {
  const { createPolicyTable } = co.core;
  const { loadCorpusGame } = co.corpus;
  const { createPolicy, UctSearch } = co.player;
  const reasoner = await co.backend.create(loadCorpusGame(file));
  const name = reasoner.backend;
  const start = reasoner.initialState();
  let seed = 1;
  const [playouts, playoutCpu] = timed(() => reasoner.playouts(start, { count: 64, seed: seed++ }).playouts);
  for (const variant of values.variants.split(',')) {
    const generic = variant === 'generic';
    if (generic) reasoner.createPolicy = (spec) => createPolicyTable(spec, reasoner.roles.length);
    const policy = createPolicy(reasoner, { policy: values.policy });
    const starts = new Array(64).fill(start);
    const batch = (s) => ({
      starts,
      prefixMoves: new Int32Array(0),
      prefixOffsets: new Int32Array(65),
      seed: s,
      maxDepth: 400,
    });
    const table = policy.table ?? reasoner.createPolicy({ kind: 'uniform' });
    const [simulations, simulateCpu] = timed(() => reasoner.simulate(batch(seed++), table).count);
    // The search, with the (wall) time inside the engine's simulate measured on the side.
    const batchSize = values.batch ? Number(values.batch) : generic ? 1 : undefined;
    const search = new UctSearch(reasoner, start, 0, createPolicy(reasoner, { policy: values.policy }), {
      seed: 7,
      ...(values.leaf ? { leafPlayouts: Number(values.leaf) } : {}),
      ...(batchSize ? { batch: batchSize } : {}),
    });
    let engineWall = 0;
    const simulate = reasoner.simulate.bind(reasoner);
    reasoner.simulate = (b, p) => {
      const t = performance.now();
      const result = simulate(b, p);
      engineWall += performance.now() - t;
      return result;
    };
    const began = performance.now();
    const [sims, searchCpu] = timed(() => {
      const before = search.iterations;
      search.iterate(Number.POSITIVE_INFINITY);
      return search.iterations - before;
    });
    const searchWall = performance.now() - began;
    delete reasoner.simulate;
    delete reasoner.createPolicy;
    const rate = (n, s) => Math.round(n / s);
    console.log(
      [
        file,
        co.label,
        name,
        variant,
        rate(playouts, playoutCpu),
        rate(simulations, simulateCpu),
        rate(sims, searchCpu),
        (sims / searchCpu / (playouts / playoutCpu)).toFixed(2),
        `${Math.round((100 * engineWall) / searchWall)} %`,
        search.treeSize,
      ].join(' | '),
    );
  }
  reasoner.dispose();
}

console.log(
  'game | checkout | backend | variant | random playouts/CPU-s | policy simulations/CPU-s | search sims/CPU-s | ratio | engine share of search | tree nodes',
);
for (const file of positionals) {
  for (const co of checkouts) await measure(co, file);
}
