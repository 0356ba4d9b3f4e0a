// End to end in a real browser: Debian's Chromium driven by playwright-core against the built site (dist/) on a
// loopback port. Skipped, with a plain SKIPPED: line, where no Chromium is installed.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticSite, serveStatic } from './static-server.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const shots = join(root, 'screenshots');
const executable = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => p !== undefined && existsSync(p),
);
if (!executable) console.log('SKIPPED: apps/playground browser test: no Chromium (apt-get install chromium)');

describe.skipIf(!executable)('the playground in Chromium', () => {
  let site: StaticSite;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(join(dist, 'index.html'))) {
      throw new Error('apps/playground/dist is missing: run pnpm --filter @gdlkit/playground build');
    }
    mkdirSync(shots, { recursive: true });
    site = await serveStatic(dist);
    browser = await chromium.launch({ executablePath: executable, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(game: string, backend?: string): Promise<void> {
    await page.goto(`${site.url}?game=${game}`);
    await page.locator('#status', { hasText: 'built in' }).waitFor();
    if (backend) {
      await page.selectOption('#backend', backend);
      await page.click('#load');
      await page.locator('#status', { hasText: `${backend} built in` }).waitFor();
    }
  }

  it('opens on tictactoe and shows the site size loaded before the first interaction', async () => {
    site.served.clear();
    await open('tictactoe');
    await expect.poll(() => page.locator('table.board td').count()).toBe(9);
    let raw = 0;
    let gzipped = 0;
    for (const path of site.served.keys()) {
      if (!/\.(js|wasm|css|html)$/.test(path) && path !== '/') continue;
      const bytes = readFileSync(join(dist, path === '/' ? 'index.html' : path));
      raw += bytes.byteLength;
      gzipped += gzipSync(bytes, { level: 9 }).byteLength;
    }
    console.log(`site loaded before first interaction: ${raw} bytes, ${gzipped} gzipped`);
    await page.screenshot({ path: join(shots, '1-tictactoe.png') });
  });

  it('shows a diagnostic for a broken rule at its line as the author types', async () => {
    await open('tictactoe');
    const lines = readFileSync(join(dist, 'games', 'tictactoe.kif'), 'utf8').split('\n').length;
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n(<= (broken ?x) (role ?y))');
    const brokenLine = lines + 1;
    const item = page.locator('#diagnostics li.error').first();
    await item.waitFor();
    expect(await item.textContent()).toMatch(new RegExp(`^${brokenLine}:\\d+ error\\[`));
    await page.locator('.cm-lintRange-error').first().waitFor();
    await page.screenshot({ path: join(shots, '2-diagnostic.png') });
  });

  it("plays a full match against the player's search and shows the result", async () => {
    await open('tictactoe', 'propnet-wasm');
    await page.fill('#move-ms', '150');
    const outcome = page.locator('#outcome');
    for (let turn = 0; turn < 10; turn++) {
      if ((await outcome.textContent())?.startsWith('Match over')) break;
      const before = await outcome.textContent();
      await page.locator('tr[data-role="xplayer"] button.move:not([disabled])').first().click();
      // Until the player has answered: the match is over, or it is x's turn again (more than noop).
      await page.waitForFunction(
        (text) =>
          document.querySelector('#outcome')?.textContent !== text &&
          (document.querySelector('#outcome')?.textContent?.startsWith('Match over') ||
            document.querySelectorAll('tr[data-role="xplayer"] button.move').length > 1),
        before,
      );
    }
    await expect
      .poll(() => outcome.textContent())
      .toMatch(/^Match over after \d+ steps: xplayer \d+, oplayer \d+/);
    expect(await page.locator('#search-rate').textContent()).toMatch(/ran \d+ simulations, \d+ per second/);
    await page.screenshot({ path: join(shots, '3-match.png') });

    // The match saved as a record, loaded again and replayed move by move to the same result.
    const result = await outcome.textContent();
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-record')]);
    const record = join(tmpdir(), `gdlkit-playground-${process.pid}.jsonl`);
    await download.saveAs(record);
    const steps = readFileSync(record, 'utf8').trim().split('\n').length - 2;
    await page.setInputFiles('#record', record);
    await expect.poll(() => outcome.textContent()).toBe(`Step 0 — ${steps} recorded moves ahead (Redo)`);
    for (let i = 0; i < steps; i++) await page.click('#redo');
    await expect.poll(() => outcome.textContent()).toBe(result);
  });

  it('runs the throughput panel on every browser backend', async () => {
    await open('tictactoe');
    await page.click('#throughput-panel summary');
    await page.fill('#throughput-seconds', '0.4');
    await page.click('#throughput-run');
    await page.locator('#status', { hasText: 'throughput measured' }).waitFor();
    for (const backend of ['propnet-wasm', 'propnet', 'forward', 'prover']) {
      const rate = await page.locator(`#throughput tr[data-backend="${backend}"] td`).nth(1).textContent();
      expect(Number(rate?.replace(/,/g, ''))).toBeGreaterThan(0);
    }
    await page.screenshot({ path: join(shots, '4-throughput.png') });
  });

  it('shows the human only their percepts and knowledge in a GDL-II game until the end', async () => {
    await open('montyhall', 'prover');
    expect(await page.locator('#fluents').textContent()).toContain('hidden until the end');
    expect(await page.locator('tr[data-role="random"]').textContent()).toContain('moves hidden');
    const outcome = page.locator('#outcome');
    for (let turn = 0; turn < 6; turn++) {
      if ((await outcome.textContent())?.startsWith('Match over')) break;
      expect(await page.locator('table.board').count()).toBe(0);
      const step = await outcome.textContent();
      await page.locator('tr[data-role="candidate"] button.move').first().click();
      await page.waitForFunction(
        (before) => document.querySelector('#outcome')?.textContent !== before,
        step,
      );
      if (turn === 1) await page.screenshot({ path: join(shots, '5-gdl2-knowledge.png') });
    }
    await expect.poll(() => outcome.textContent()).toMatch(/^Match over/);
    expect(await page.locator('#percepts-1').count()).toBe(1);
    expect(await page.locator('#fluents li').count()).toBeGreaterThan(0);
  });
});
