// The player's search in two checkouts doing the same work: the search is deterministic, so with the same
// seed and the same number of simulations both build the same tree, and their CPU times compare a change to the
// tree without the noise of a rate measured over a fixed time. Runs alternate (A B, B A, …) so that a drift
// in the machine's load favours neither. Per run: CPU seconds, simulations per CPU-second and the wall time
// outside the engine's `simulate` per simulation ("tree µs"); at the end, whether both checkouts' root
// statistics are identical (a change meant to keep every choice and draw must print "identical").
//
//   node apps/player/experiments/search-cost.mjs --before DIR [--simulations 250000] [--pairs 4] GAME.kif
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    before: { type: 'string' },
    simulations: { type: 'string', default: '250000' },
    pairs: { type: 'string', default: '4' },
  },
});
if (!values.before || positionals.length !== 1) {
  console.error('usage: search-cost.mjs --before DIR [--simulations N] [--pairs N] GAME.kif');
  process.exit(2);
}
const SIMULATIONS = Number(values.simulations);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** The built packages of the checkout at `root`. */
async function checkout(root, label) {
  const entry = (path) => import(pathToFileURL(resolve(root, path, 'dist/index.js')).href);
  const [backends, player] = await Promise.all([entry('packages/backends'), entry('apps/player')]);
  const corpus = await import(pathToFileURL(resolve(root, 'packages/core/dist/corpus.js')).href);
  return { label, backends, player, corpus, cpu: [], fingerprint: null };
}

const checkouts = [
  await checkout(values.before, 'before'),
  await checkout(resolve(import.meta.dirname, '../../..'), 'after'),
];

/** One run of `co`'s search for SIMULATIONS simulations, with the player's defaults and seed 7. */
async function run(co) {
  const registry = co.backends.createDefaultRegistry();
  const game = co.corpus.loadCorpusGame(positionals[0]);
  const reasoner = await co.backends.createAutoBackend(registry).create(game);
  const policy = co.player.createPolicy(reasoner);
  const search = new co.player.UctSearch(reasoner, reasoner.initialState(), 0, policy, { seed: 7 });
  let engine = 0;
  const simulate = reasoner.simulate.bind(reasoner);
  reasoner.simulate = (batch, table) => {
    const t = performance.now();
    const result = simulate(batch, table);
    engine += performance.now() - t;
    return result;
  };
  const cpuStart = cpu();
  const wallStart = performance.now();
  while (search.iterations < SIMULATIONS) search.iterate(Number.POSITIVE_INFINITY);
  const seconds = cpu() - cpuStart;
  const wall = performance.now() - wallStart;
  const root = search.root;
  const fingerprint = JSON.stringify(
    root.legal.map((_, r) => [Array.from(root.moveVisits[r]), Array.from(root.moveSums[r])]),
  );
  console.log(
    [
      positionals[0],
      co.label,
      seconds.toFixed(3),
      Math.round(search.iterations / seconds),
      ((1000 * (wall - engine)) / search.iterations).toFixed(2),
      search.treeSize,
    ].join(' | '),
  );
  co.cpu.push(seconds);
  co.fingerprint = fingerprint;
  reasoner.dispose();
}

console.log('game | checkout | CPU-s | search sims/CPU-s | tree µs/sim | tree nodes');
for (let pair = 0; pair < Number(values.pairs); pair++) {
  for (const i of pair % 2 === 0 ? [0, 1] : [1, 0]) await run(checkouts[i]);
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const [before, after] = checkouts.map((co) => mean(co.cpu));
const faster = checkouts[0].cpu.filter((b, i) => checkouts[1].cpu[i] < b).length;
const change = ((100 * (after - before)) / before).toFixed(1);
const same = checkouts[0].fingerprint === checkouts[1].fingerprint;
console.log(
  `mean CPU-s before ${before.toFixed(3)}, after ${after.toFixed(3)} (${change} %); ` +
    `after faster in ${faster} of ${checkouts[0].cpu.length} pairs; root statistics ${same ? 'identical' : 'DIFFER'}`,
);
