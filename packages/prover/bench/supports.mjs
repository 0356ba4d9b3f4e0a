// Cost of support computation along seeded random matches of GDL-II games, as the filter uses it: in each
// state, B+ = the state's true facts plus the tracked role's own move, B0 = every legal move of the other
// roles; then Supp(sees(role, P)) and Supp(next(F)) are computed. `node bench/supports.mjs [matches] [game ...]`
// against the built package.
import { readFileSync } from 'node:fs';
import { loadGame, playRandomMatch } from '@gdlkit/core';
import { createProver, queryAtom, SupportProver } from '../dist/index.js';

const matches = Number(process.argv[2] ?? 20);
const games = process.argv.length > 3 ? process.argv.slice(3) : ['montyhall', 'kriegttt_5x5', 'blindbreakthrough'];

for (const name of games) {
  const game = loadGame(readFileSync(new URL(`../../../games/${name}.kif`, import.meta.url), 'utf8'), name);
  const prover = createProver(game);
  const supports = new SupportProver(game);
  const store = game.store;
  const trueSymbol = store.symbol('true');
  const doesSymbol = store.symbol('does');
  const role = game.roles.findIndex((_, i) => i !== game.randomRole);
  let steps = 0;
  let supportCount = 0;
  let ms = 0;
  for (let seed = 1; seed <= matches; seed++) {
    const match = playRandomMatch(prover, { seed, maxSteps: 40 });
    let state = prover.initialState();
    for (const line of match.steps) {
      if (!line.moves) break;
      const joint = game.roles.map((r) => game.parseTerm(line.moves[store.toKif(r)]));
      const bPlus = new Set(prover.stateToFacts(state).map((f) => store.compound(trueSymbol, [f])));
      bPlus.add(store.compound(doesSymbol, [game.roles[role], joint[role]]));
      const bZero = new Set();
      for (let r = 0; r < game.roles.length; r++) {
        if (r === role) continue;
        for (const m of prover.legalMoves(state, r)) bZero.add(store.compound(doesSymbol, [game.roles[r], m]));
      }
      const t0 = performance.now();
      const seen = supports.supports(queryAtom(game, 'sees', [game.roles[role], null]), bPlus, bZero);
      const next = supports.supports(queryAtom(game, 'next', [null]), bPlus, bZero);
      ms += performance.now() - t0;
      for (const a of [...seen, ...next]) supportCount += a.supports.length;
      steps++;
      state = prover.nextState(state, joint);
    }
  }
  console.log(
    `${name.padEnd(20)} ${(ms / steps).toFixed(2).padStart(8)} ms per step (sees + next supports), ${(supportCount / steps).toFixed(1)} supports per step, ${steps} steps`,
  );
}
