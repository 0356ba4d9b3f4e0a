import { readFileSync } from 'node:fs';
import { loadGame, playRandomMatch } from '@gdlkit/core';
import { it } from 'vitest';
import { createProver } from '../src/index.js';

it('smoke', () => {
  for (const g of ['tictactoe', 'connectfour', 'breakthrough', 'montyhall']) {
    const game = loadGame(readFileSync(new URL(`../../../games/${g}.kif`, import.meta.url), 'utf8'), g);
    const r = createProver(game);
    const s = r.initialState();
    console.log(
      g,
      r.roles.map((_, i) =>
        r
          .legalMoves(s, i)
          .map((m) => game.store.toKif(m))
          .join(' '),
      ),
    );
    const t = playRandomMatch(r, { seed: 1 });
    console.log(t.steps.length, JSON.stringify(t.steps.at(-1)?.goals));
    const t0 = performance.now();
    const st = r.playouts(s, { count: 50, seed: 1 });
    console.log(g, (st.states / (performance.now() - t0)) * 1000, 'states/s');
  }
});
