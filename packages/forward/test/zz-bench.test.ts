import { readFileSync } from 'node:fs';
import { loadGame } from '@gdlkit/core';
import { it } from 'vitest';
import { createForward } from '../src/index.js';

it('bench', () => {
  const files = (process.env.GAMES ?? 'tictactoe').split(',');
  for (const f of files) {
    const t0 = performance.now();
    const text = readFileSync(`/work/main/games/${f}.kif`, 'utf8');
    const game = loadGame(text, f);
    const t1 = performance.now();
    const r = createForward(game, { ordering: (process.env.ORDER ?? 'best') as 'best' });
    const t2 = performance.now();
    const secs = Number(process.env.SECS ?? 2);
    let states = 0,
      playouts = 0;
    const start = performance.now();
    let seed = 1;
    while (performance.now() - start < secs * 1000) {
      const s = r.playouts(r.initialState(), { count: 10, seed: seed++ });
      states += s.states;
      playouts += s.playouts;
    }
    const el = (performance.now() - start) / 1000;
    console.log(
      `${f} parse=${(t1 - t0).toFixed(0)}ms build=${(t2 - t1).toFixed(0)}ms ground=${r.report.groundMs.toFixed(0)} opt=${r.report.optimiseMs.toFixed(0)} tables=${(r.report.referenceTableBytes / 1024).toFixed(0)}kB kb=${(r.report.knowledgeBaseBytes / 1024).toFixed(0)}kB fallback=${r.report.fallbackRules.length} reordered=${r.report.reorderedRules} kstates/s=${(states / el / 1000).toFixed(1)} playouts/30s=${(((playouts / el) * 30) / 1000).toFixed(2)}k`,
    );
  }
}, 600000);
