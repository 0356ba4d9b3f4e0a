// `gdlkit cache`: the propnet-wasm cache's folder, entries and bound; --prune and --clear; run as a user would,
// on a cache folder of the test's own filled by a real build.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '@gdlkit/vitest-config/child';
import { afterAll, describe, expect, it } from 'vitest';
import { games, repo } from './run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'gdlkit-cli-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = join(root, 'propnet-wasm');
const main = join(import.meta.dirname, '../dist/main.js');

const gdlkit = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runNode([main, ...args], { cwd: repo, env: { ...process.env, GDLKIT_CACHE_DIR: root, ...env } });

describe('gdlkit cache', () => {
  it('shows, prunes and clears the entries a build stored', async () => {
    const empty = await gdlkit(['cache']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain(`propnet-wasm cache: ${folder}\n`);
    expect(empty.stdout).toContain("this version's entries: 0 (0 modules, 0 IRs)");
    expect(empty.stdout).toContain('bound: 256.0 MiB');
    const play = await gdlkit([
      'play',
      join(games, 'tictactoe.kif'),
      '--backend',
      'propnet-wasm',
      '--seed',
      '1',
    ]);
    expect(play.code).toBe(0);
    const full = await gdlkit(['cache'], { GDLKIT_WASM_CACHE_MAX_MIB: '8' });
    expect(full.stdout).toContain("this version's entries: 2 (1 module, 1 IR)");
    expect(full.stdout).toContain('bound: 8.0 MiB');
    const pruned = await gdlkit(['cache', '--prune']);
    expect(pruned.stdout).toContain(`removed 0 files (0.0 KiB) from ${folder}\n`);
    expect(readdirSync(folder)).toHaveLength(2);
    const cleared = await gdlkit(['cache', '--clear']);
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toMatch(/^removed 2 files \([\d.]+ KiB\) from /);
    expect(cleared.stdout).toContain("this version's entries: 0 (0 modules, 0 IRs)");
    expect(readdirSync(folder)).toEqual([]);
    expect(cleared.stderr).toBe('');
  });

  it('says when the cache is off', async () => {
    const off = await gdlkit(['cache', '--clear'], { GDLKIT_WASM_CACHE: 'off' });
    expect(off.code).toBe(0);
    expect(off.stdout).toBe('propnet-wasm cache: off (GDLKIT_WASM_CACHE is off, 0 or false)\n');
  });

  it('exits 2 on bad usage', async () => {
    for (const args of [
      ['cache', 'now'],
      ['cache', '--clear', '--prune'],
      ['cache', '--all'],
    ]) {
      const r = await gdlkit(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('usage: gdlkit cache [--clear | --prune]');
    }
  });
});
