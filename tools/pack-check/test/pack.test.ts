// `pnpm pack` the parser, the core and one backend, install the tarballs into a scratch project with npm (no
// workspace links), and run a query through the published entry points: ESM, CommonJS, and an esbuild bundle
// for browsers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'gdlkit-pack-'));
const tarballs = join(scratch, 'tarballs');
const app = join(scratch, 'app');

const GAME = `(role xplayer) (role oplayer)
(init (cell 1 b)) (init (cell 2 b)) (init (control xplayer))
(<= (legal ?p (mark ?c)) (true (cell ?c b)) (true (control ?p)))
(<= (legal oplayer noop) (true (control xplayer)))
(<= (legal xplayer noop) (true (control oplayer)))
(<= (next (cell ?c x)) (does xplayer (mark ?c)))
(<= (next (cell ?c b)) (true (cell ?c b)) (not (does xplayer (mark ?c))) (not (does oplayer (mark ?c))))
(<= (next (control oplayer)) (true (control xplayer)))
(<= (next (control xplayer)) (true (control oplayer)))
(<= terminal (not (true (cell 1 b))))
(goal xplayer 100) (goal oplayer 0)`;

describe('published packages', () => {
  beforeAll(() => {
    mkdirSync(tarballs);
    for (const name of ['gdl', 'core', 'prover']) {
      execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: join(repo, 'packages', name) });
    }
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{"name":"scratch","private":true,"type":"module"}');
    writeFileSync(join(app, 'game.kif'), GAME);
    const files = readdirSync(tarballs).map((f) => join(tarballs, f));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', ...files], { cwd: app });
  });

  it('contain only dist, README and LICENSE', () => {
    const listing = execFileSync('tar', ['-tzf', join(tarballs, 'gdlkit-core-0.1.0.tgz')], {
      encoding: 'utf8',
    });
    const tops = new Set(
      listing
        .split('\n')
        .filter(Boolean)
        .map((p) => p.split('/')[1]),
    );
    expect([...tops].sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json']);
  });

  it('answer a query from an ES module', () => {
    writeFileSync(
      join(app, 'query.mjs'),
      `import { readFileSync } from 'node:fs';
import { loadGame } from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
const game = loadGame(readFileSync('game.kif', 'utf8'), 'game.kif');
const r = await proverBackend.create(game);
const s = r.initialState();
console.log(r.legalMoves(s, 0).map((m) => game.store.toKif(m)).sort().join(' '));`,
    );
    const out = execFileSync(process.execPath, ['query.mjs'], { cwd: app, encoding: 'utf8' });
    expect(out.trim()).toBe('(mark 1) (mark 2)');
  });

  it('load from CommonJS', () => {
    writeFileSync(
      join(app, 'query.cjs'),
      `const { parseKif } = require('@gdlkit/gdl');
const { loadGame } = require('@gdlkit/core');
const game = loadGame(require('node:fs').readFileSync('game.kif', 'utf8'), 'game.kif');
console.log(parseKif('(role a)').description.rules.length, game.roles.length);`,
    );
    const out = execFileSync(process.execPath, ['query.cjs'], { cwd: app, encoding: 'utf8' });
    expect(out.trim()).toBe('1 2');
  });

  it('bundle for a browser without Node built-ins (core and backend through their browser entries)', async () => {
    writeFileSync(
      join(app, 'browser.mjs'),
      `import { loadGame, playRandomMatch } from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
export async function run(text) {
  return playRandomMatch(await proverBackend.create(loadGame(text, 'game.kif')), { seed: 1 });
}`,
    );
    const result = await build({
      entryPoints: [join(app, 'browser.mjs')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]!.text;
    expect(text).not.toMatch(/['"`]node:|GDLKIT_GAMES/);
  });
});
