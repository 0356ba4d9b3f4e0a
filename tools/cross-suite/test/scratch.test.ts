import { BackendRegistry } from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
import { it } from 'vitest';
import { CI_SETTINGS, checkGame, ciCrossGames, suiteBackends } from '../src/index.js';

it('scratch', async () => {
  const registry = new BackendRegistry().register(proverBackend);
  const backends = await suiteBackends(registry);
  for (const g of ciCrossGames()) {
    const t0 = performance.now();
    const r = await checkGame(g, backends, CI_SETTINGS);
    console.log(
      g,
      Math.round(performance.now() - t0),
      r.cells.map((c) => `${c.status} ${c.reason ?? ''} ${c.perft.join(';')}`).join(' | '),
      r.notes.join(';'),
    );
  }
}, 600_000);
