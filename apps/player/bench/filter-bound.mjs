// What bounding the hypergames by the filter's knowledge costs and saves (issue 21): the same random matches,
// each round taken into two bags of the same seed, one whose candidates that explain the percepts are also
// checked against (B+, B0), one without; side by side in one process, alternating which goes first.
//   node bench/filter-bound.mjs GAME ROLE [--matches 10] [--hypergames 16] [--backend prover]
// against the built packages (pnpm --filter @gdlkit/player build).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createDefaultRegistry } from '@gdlkit/backends';
import { loadGame, Rng } from '@gdlkit/core';
import { createFilter } from '@gdlkit/filter';
import { HyperPlayer, RandomPolicy } from '@gdlkit/player';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    matches: { type: 'string', default: '10' },
    hypergames: { type: 'string', default: '16' },
    backend: { type: 'string', default: 'prover' },
  },
});
const [file, roleName] = positionals;
if (!file || !roleName) {
  process.stderr.write('usage: node bench/filter-bound.mjs GAME ROLE [--matches K] [--hypergames H] [--backend B]\n');
  process.exit(2);
}
const game = loadGame(readFileSync(file, 'utf8'), file);
const role = game.roles.findIndex((r) => game.store.toKif(r) === roleName);
if (role < 0) {
  process.stderr.write(`${roleName} is not a role of ${file}\n`);
  process.exit(1);
}
const registry = createDefaultRegistry();
const truth = await registry.get('prover').create(game);
const reasoner = await registry.get(values.backend).create(game);
const hypergames = Number(values.hypergames);
const totals = { bound: { ms: 0 }, free: { ms: 0 } };
const add = (into, stats) => {
  for (const [k, v] of Object.entries(stats)) into[k] = (into[k] ?? 0) + v;
};
let rounds = 0;
for (let m = 0; m < Number(values.matches); m++) {
  const rng = new Rng(1000 + m);
  const filter = createFilter(game, { role, updateBudgetMs: 2000 });
  let knowledge = filter.initialState();
  const player = (seed) =>
    new HyperPlayer(game, reasoner, role, new RandomPolicy(), {
      resources: { hypergames, simulations: 1, innerHypergames: 1, innerSimulations: 1 },
      seed,
      maxPlayoutDepth: 400,
    });
  const bags = { bound: player(m), free: player(m) };
  let state = truth.initialState();
  while (!truth.isTerminal(state)) {
    const joint = truth.roles.map((_, r) => {
      const legal = truth.legalMoves(state, r);
      return legal[rng.nextInt(legal.length)];
    });
    const percepts = truth.sees(state, joint, role);
    knowledge = filter.update(knowledge, joint[role], percepts).state;
    const order = rounds % 2 === 0 ? ['bound', 'free'] : ['free', 'bound'];
    for (const which of order) {
      const began = performance.now();
      bags[which].update(joint[role], percepts, which === 'bound' ? knowledge : null, Number.POSITIVE_INFINITY);
      totals[which].ms += performance.now() - began;
    }
    state = truth.nextState(state, joint);
    rounds++;
  }
  add(totals.bound, bags.bound.bag.stats);
  add(totals.free, bags.free.bag.stats);
}
process.stdout.write(
  `${JSON.stringify({ game: file, role: roleName, backend: values.backend, matches: Number(values.matches), rounds, hypergames, ...totals })}\n`,
);
