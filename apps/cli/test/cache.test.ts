// `gdlkit cache`: the propnet-wasm cache's folder, entries and bound; --prune and --clear; run as a user would,
// on a cache folder of the test's own filled by a real build.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runNode } from '@gdlkit/vitest-config/child';
import { afterAll, describe, expect, it } from 'vitest';
import { games, repo } from './run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'gdlkit-cli-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = join(root, 'propnet-wasm');
const main = join(import.meta.dirname, '../dist/main.js');

const gdlkit = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runNode([main, ...args], { cwd: repo, env: { ...process.env, GDLKIT_CACHE_DIR: root, ...env } });

/** A build that fills the cache: one module and one IR. */
const PLAY_TICTACTOE = ['play', join(games, 'tictactoe.kif'), '--backend', 'propnet-wasm', '--seed', '1'];

describe('gdlkit cache', () => {
  it('shows, prunes and clears the entries a build stored', async () => {
    const empty = await gdlkit(['cache']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain(`propnet-wasm cache: ${folder}\n`);
    expect(empty.stdout).toContain("this version's entries: 0 (0 modules, 0 IRs)");
    expect(empty.stdout).toContain('bound: 256.0 MiB');
    const play = await gdlkit(PLAY_TICTACTOE);
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

  it('exits 1 naming each entry the system refuses to remove, and removes the rest', async (context) => {
    const locked = lockedRoot();
    if (typeof locked === 'string') return context.skip(locked);
    try {
      const run = (args: string[]) => gdlkit(args, { GDLKIT_CACHE_DIR: locked.root });
      const play = await run(PLAY_TICTACTOE);
      expect(play.code).toBe(0);
      const built = readdirSync(locked.folder).map((f) => join(locked.folder, f));
      expect(built).toHaveLength(2);
      const unremovable = locked.lock(12);
      // Where only the whole folder can be locked (not as root), this code's entries cannot go either.
      const stuck = locked.perFile ? unremovable : [...unremovable, ...built];
      const refused = (files: readonly string[]) => {
        const lines = [...files]
          .sort()
          .slice(0, 10)
          .map((f) => `gdlkit cache: cannot remove ${f}: ${locked.reason}\n`);
        return `${lines.join('')}gdlkit cache: and ${files.length - 10} more files not removed\n`;
      };
      // --prune tries the stale entries only (this code's fit in the bound); --clear every entry.
      for (const [args, files] of [
        [['cache', '--prune'], unremovable],
        [['cache', '--clear'], stuck],
      ] as const) {
        const r = await run([...args]);
        expect(r.code, args.join(' ')).toBe(1);
        expect(r.stderr, args.join(' ')).toBe(refused(files));
      }
      expect(readdirSync(locked.folder).sort()).toEqual(stuck.map((f) => basename(f)).sort());
      locked.unlock();
      const cleared = await run(['cache', '--clear']);
      expect(cleared.code).toBe(0);
      expect(cleared.stdout).toMatch(new RegExp(`^removed ${stuck.length} files `));
      expect(readdirSync(locked.folder)).toEqual([]);
    } finally {
      locked.unlock();
      rmSync(locked.root, { recursive: true, force: true });
    }
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

/**
 * A cache root whose entries written by `lock` the system refuses to unlink, or why this machine has none. Root
 * ignores permissions, so there the entries are made immutable (chattr +i: EPERM even for root, on ext4, xfs,
 * btrfs); another user's folder is made read-only (EACCES).
 */
function lockedRoot():
  | {
      root: string;
      folder: string;
      /** Whether single files are locked (as root), or the whole folder. */
      perFile: boolean;
      reason: string;
      lock(n: number): string[];
      unlock(): void;
    }
  | string {
  if (process.platform === 'win32') return 'no way to refuse an unlink to a test on Windows';
  const root = mkdtempSync(join(tmpdir(), 'gdlkit-cli-cache-locked-'));
  const folder = join(root, 'propnet-wasm');
  mkdirSync(folder);
  const asRoot = process.getuid?.() === 0;
  const chattr = (flag: string, files: string[]) =>
    files.length === 0 || spawnSync('chattr', [flag, ...files], { encoding: 'utf8' }).status === 0;
  if (asRoot) {
    const probe = join(root, 'probe');
    writeFileSync(probe, '');
    const immutable = chattr('+i', [probe]);
    chattr('-i', [probe]);
    if (!immutable) {
      rmSync(root, { recursive: true, force: true });
      return 'running as root, where only an immutable file refuses an unlink, and chattr +i fails here';
    }
  }
  let locked: string[] = [];
  const hoursAgo = (Date.now() - 2 * 3600_000) / 1000;
  return {
    root,
    folder,
    perFile: asRoot,
    reason: asRoot ? 'EPERM: operation not permitted' : 'EACCES: permission denied',
    lock(n) {
      // Another (older) code's entries, unused for two hours: both --prune and --clear remove them.
      locked = Array.from({ length: n }, (_, i) => join(folder, `${i.toString(16).padStart(64, '0')}.ir`));
      for (const file of locked) {
        writeFileSync(file, 'GKIR');
        utimesSync(file, hoursAgo, hoursAgo);
      }
      if (asRoot) expect(chattr('+i', locked)).toBe(true);
      else chmodSync(folder, 0o555);
      return locked;
    },
    unlock() {
      if (asRoot) chattr('-i', locked);
      else chmodSync(folder, 0o755);
    },
  };
}
