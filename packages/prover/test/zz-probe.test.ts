import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { loadGame, playRandomMatch } from '@gdlkit/core';
import { it } from 'vitest';
import { createProver } from '../src/index.js';

const GAMES = new URL('../../../games/', import.meta.url);
it('probe', () => {
  const files = [
    ...readdirSync(GAMES).filter((f) => f.endsWith('.kif')),
    ...readdirSync(new URL('tests/compliance/', GAMES))
      .filter((f) => f.endsWith('.kif'))
      .map((f) => `tests/compliance/${f}`),
  ].sort();
  for (const file of files) {
    const t0 = performance.now();
    let result = 'ok';
    try {
      const game = loadGame(readFileSync(new URL(file, GAMES), 'utf8'), file);
      const prover = createProver(game);
      const m = playRandomMatch(prover, { seed: 1, maxSteps: 20 });
      result = `ok steps=${m.steps.length}`;
    } catch (e) {
      result = `ERR ${(e as Error).name}: ${(e as Error).message.split('\n')[0]}`;
    }
    appendFileSync('/tmp/probe/out.txt', `${file}\t${(performance.now() - t0).toFixed(0)}ms\t${result}\n`);
  }
}, 3600_000);
