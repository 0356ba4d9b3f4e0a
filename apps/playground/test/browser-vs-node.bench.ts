// Browser vs Node random playouts per second of propnet-wasm and forward, side by side in one run on the same
// machine: per game, rounds alternate Node (this process) and Chromium (the built site's throughput panel, which
// runs the same measurePlayouts in its worker), each backend built afresh; the best round of each side counts,
// which damps the load of a shared machine.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame } from '@gdlkit/core';
import { forwardBackend } from '@gdlkit/forward';
import { propnetWasmBackend } from '@gdlkit/propnet/wasm';
import { chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { measurePlayouts } from '../src/throughput.js';
import { serveStatic } from './static-server.js';

const root = new URL('..', import.meta.url).pathname;
const GAMES = ['tictactoe', 'connectfour', 'breakthrough'];
const BACKENDS = [propnetWasmBackend, forwardBackend];
const SECONDS = Number(process.env.GDLKIT_BENCH_SECONDS ?? 2);
const ROUNDS = 2;
const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function inBrowser(page: Page): Promise<Record<string, number>> {
  await page.fill('#throughput-seconds', String(SECONDS));
  await page.click('#throughput-run');
  await page.locator('#status', { hasText: 'throughput measured' }).waitFor({ timeout: 300_000 });
  const rates: Record<string, number> = {};
  for (const { name } of BACKENDS) {
    const cell = await page.locator(`#throughput tr[data-backend="${name}"] td`).nth(1).textContent();
    rates[name] = Number(cell?.replace(/,/g, ''));
  }
  await page.locator('#status').evaluate((e) => {
    e.textContent = '';
  });
  return rates;
}

it('measures browser vs Node playouts per second', async () => {
  expect(existsSync(executable), `no Chromium at ${executable}`).toBe(true);
  const site = await serveStatic(join(root, 'dist'));
  const browser = await chromium.launch({ executablePath: executable, args: ['--no-sandbox'] });
  const page = await browser.newPage();
  const version = browser.version();
  const rows: string[] = [];
  try {
    for (const name of GAMES) {
      const file = `${name}.kif`;
      const game = loadGame(readFileSync(join(root, '..', '..', 'games', file), 'utf8'), file);
      await page.goto(`${site.url}?game=${name}`);
      await page.locator('#status', { hasText: 'built in' }).waitFor({ timeout: 120_000 });
      await page.click('#throughput-panel summary');
      for (const other of ['propnet', 'prover']) await page.uncheck(`#throughput-${other}`);
      const node: Record<string, number> = {};
      const web: Record<string, number> = {};
      for (let round = 0; round < ROUNDS; round++) {
        for (const backend of BACKENDS) {
          const reasoner = await backend.create(game);
          const rate = measurePlayouts(reasoner, SECONDS).playoutsPerSecond;
          node[backend.name] = Math.max(node[backend.name] ?? 0, rate);
          reasoner.dispose();
        }
        for (const [backend, rate] of Object.entries(await inBrowser(page))) {
          web[backend] = Math.max(web[backend] ?? 0, rate);
        }
      }
      for (const { name: backend } of BACKENDS) {
        const n = node[backend]!;
        const b = web[backend]!;
        const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
        rows.push(`| ${name} | ${backend} | ${fmt(n)} | ${fmt(b)} | ${(b / n).toFixed(2)} |`);
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
  console.log(
    [
      `Node ${process.version} vs Chromium ${version}, ${SECONDS} s per measurement, best of ${ROUNDS} rounds`,
      '| game | backend | Node playouts/s | Chromium playouts/s | browser/Node |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
});
