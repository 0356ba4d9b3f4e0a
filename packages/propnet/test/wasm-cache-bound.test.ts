// The bounded cache folder (cache-entries.ts): a build that stores an entry removes other codes' entries unused
// for an hour and then the least recently used entries beyond the bound, and nothing that is not the cache's.

import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Game, loadGame } from '@gdlkit/core';
import { runNode } from '@gdlkit/vitest-config/child';
import { describe, expect, it } from 'vitest';
import { type CacheSetting, type PropnetWasmReasoner, propnetWasmBackend } from '../src/index.wasm.js';
import { clearCache, DEFAULT_MAX_MIB, listCache, MIB, UNUSED_MS } from '../src/wasm/cache-entries.js';
import { CACHE_KIND, cacheConfig, identityTag } from '../src/wasm/module-cache.js';
import { cacheTestFolder, corpusGame } from './helpers.js';

const temp = cacheTestFolder('gdlkit-wasm-cache-bound-test-');
const folder = () => join(temp.root, CACHE_KIND);
const names = () => (existsSync(folder()) ? readdirSync(folder()).sort() : []);
const bytesOf = (list: readonly string[]) => list.reduce((n, f) => n + statSync(join(folder(), f)).size, 0);

async function build(game: Game, setting: CacheSetting = temp.root) {
  return (await propnetWasmBackend.create(game, { wasmCache: setting })) as PropnetWasmReasoner;
}

/** The files a build of `game` adds to the folder. */
async function added(game: Game, setting?: CacheSetting): Promise<string[]> {
  const before = new Set(names());
  await build(game, setting);
  return names().filter((f) => !before.has(f));
}

/** Sets the files' mtimes `secondsAgo` in the past. */
function age(files: readonly string[], secondsAgo: number) {
  const then = Date.now() / 1000 - secondsAgo;
  for (const f of files) utimesSync(join(folder(), f), then, then);
}

/** tictactoe with another goal value: another IR and module of about tictactoe's size. */
function tictactoeVariant(): Game {
  const text = readFileSync(new URL('../../../games/tictactoe.kif', import.meta.url), 'utf8');
  return loadGame(text.replace('(goal xplayer 100)', '(goal xplayer 99)'), 'variant.kif');
}

/** The tag of another code, named `code` (codeIdentity is a SHA-256 in hex). */
const tagOf = (code: string) => identityTag(createHash('sha256').update(code).digest('hex'));

const TAGGED = /^([0-9a-f]{16})-([0-9a-f]{64}\.(?:module|ir))$/;

/** The tag of the entries in the folder: the code that built them (the dist's in a child process). */
const tagOfEntries = () => TAGGED.exec(names().find((f) => TAGGED.test(f))!)![1]!;

/**
 * The entries of the code tagged `from` as the code `code` would name them, and its first module as gdlkit
 * named it before the cache was bounded (untagged): real entries' bytes under stale names.
 */
function writeStale(from: string, code: string): string[] {
  const tag = tagOf(code);
  const copies: [string, string][] = [];
  for (const name of names()) {
    const match = TAGGED.exec(name);
    if (match?.[1] === from) copies.push([name, `${tag}-${match[2]}`]);
  }
  const module = copies.find(([name]) => name.endsWith('.module'))!;
  copies.push([module[0], `${tag.repeat(4)}.module`]);
  for (const [name, copy] of copies) writeFileSync(join(folder(), copy), readFileSync(join(folder(), name)));
  return copies.map(([, copy]) => copy).sort();
}

describe('the bounded cache folder', () => {
  it("removes other codes' entries unused for an hour when a build stores one, and nothing that is not ours", async () => {
    await build(corpusGame('tictactoe.kif'));
    const own = names();
    expect(own).toHaveLength(2);
    const old = writeStale(tagOfEntries(), 'an older code');
    age(old, UNUSED_MS / 1000 + 60);
    // Another version running beside this one: its entries are in use.
    const inUse = writeStale(tagOfEntries(), 'a code in use elsewhere');
    const tag = tagOf('a code in use elsewhere');
    const ownModule = own.find((f) => f.endsWith('.module'))!;
    const foreign = [
      'notes.txt',
      `${tag}-${'a'.repeat(64)}.module`, // our name, not our envelope
      `${tag}-${'b'.repeat(64)}.ir`, // a symbolic link to an entry outside the folder
      `${tag}-${'c'.repeat(64)}.ir`, // a folder
      `${ownModule}.77.0123abcd.tmp`, // a write in progress
    ];
    writeFileSync(join(folder(), foreign[0]!), 'a user file');
    writeFileSync(join(folder(), foreign[1]!), 'not an entry');
    const outside = join(temp.root, 'outside.ir');
    writeFileSync(outside, readFileSync(join(folder(), own.find((f) => f.endsWith('.ir'))!)));
    symlinkSync(outside, join(folder(), foreign[2]!));
    mkdirSync(join(folder(), foreign[3]!));
    writeFileSync(join(folder(), foreign[4]!), 'GKWM');
    const orphan = `${ownModule}.78.4567cdef.tmp`;
    writeFileSync(join(folder(), orphan), 'GKWM');
    age([...foreign.filter((f) => !f.includes('bbbb')), orphan], UNUSED_MS / 1000 + 60);
    age(foreign.slice(4), 10);

    const connectfour = await added(corpusGame('connectfour.kif'));
    expect(connectfour).toHaveLength(2);
    expect(names()).toEqual([...own, ...inUse, ...foreign, ...connectfour].sort());
    expect(existsSync(outside)).toBe(true);
    expect((await build(corpusGame('tictactoe.kif'))).origin).toMatchObject({ irCached: true, cached: true });
    expect(temp.warnings).toEqual([]);
  });

  it('removes the least recently used entries beyond the bound, a hit counting as a use', async () => {
    const tictactoe = await added(corpusGame('tictactoe.kif'));
    const connectfour = await added(corpusGame('connectfour.kif'));
    const montyhall = await added(corpusGame('montyhall.kif'));
    age(tictactoe, 3000);
    age(connectfour, 2000);
    age(montyhall, 1000);
    // tictactoe, written first, is used last.
    expect((await build(corpusGame('tictactoe.kif'))).origin).toMatchObject({ irCached: true, cached: true });
    // Room for tictactoe, montyhall and a game of about tictactoe's size, not for connectfour besides.
    const bound = bytesOf(tictactoe) * 2.1 + bytesOf(montyhall);
    expect(bound).toBeLessThan(bytesOf([...tictactoe, ...connectfour, ...montyhall]));
    const variant = await added(tictactoeVariant(), { root: temp.root, maxMiB: bound / MIB });
    expect(variant).toHaveLength(2);
    expect(names()).toEqual([...tictactoe, ...montyhall, ...variant].sort());
    expect(bytesOf(names())).toBeLessThanOrEqual(bound);
    expect(temp.warnings).toEqual([]);
  });

  it('keeps the entry just written even when it alone is over the bound', async () => {
    const files = await added(corpusGame('tictactoe.kif'), { root: temp.root, maxMiB: 0 });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.module$/);
  });

  it('reads the bound from the option, else GDLKIT_WASM_CACHE_MAX_MIB, else the default', () => {
    expect(cacheConfig({ root: '/r', maxMiB: 1.5 }, {})).toEqual({
      folder: join('/r', CACHE_KIND),
      maxBytes: 1.5 * MIB,
    });
    expect(cacheConfig('/r', { GDLKIT_WASM_CACHE_MAX_MIB: '64' })?.maxBytes).toBe(64 * MIB);
    expect(cacheConfig(true, { GDLKIT_CACHE_DIR: '/r' })?.maxBytes).toBe(DEFAULT_MAX_MIB * MIB);
    expect(cacheConfig({ maxMiB: 1 }, { GDLKIT_WASM_CACHE: 'off' })).toBeUndefined();
    expect(() => cacheConfig({ root: '/r', maxMiB: -1 })).toThrow(
      /maxMiB must be a number of MiB ≥ 0, got -1/,
    );
    for (let i = 0; i < 2; i++) {
      expect(cacheConfig('/r', { GDLKIT_WASM_CACHE_MAX_MIB: 'lots' })?.maxBytes).toBe(DEFAULT_MAX_MIB * MIB);
    }
    expect(temp.warnings).toEqual([
      `gdlkit propnet-wasm cache: ignoring GDLKIT_WASM_CACHE_MAX_MIB='lots' (not a number of MiB ≥ 0); the bound is ${DEFAULT_MAX_MIB} MiB`,
    ]);
  });

  it('clears every entry of any code, and leaves writes in progress and files not ours', async () => {
    await build(corpusGame('tictactoe.kif'));
    const stale = writeStale(tagOfEntries(), 'an older code');
    const kept = ['notes.txt', `${names()[0]}.77.0123abcd.tmp`];
    for (const f of kept) writeFileSync(join(folder(), f), 'GKIR');
    const removal = clearCache(folder(), tagOfEntries());
    expect(removal).toMatchObject({ removedFiles: 2 + stale.length, keptFiles: 1 });
    expect(names()).toEqual(kept.sort());
    expect(listCache(folder(), 'any tag').map((f) => f.state)).toEqual(['temporary']);
  });

  // The package's test setup loads binaryen in this process; the built package runs in the children.
  const child = async (game: string, maxMiB: number) => {
    const bench = fileURLToPath(new URL('../bench/wasm-build-time.mjs', import.meta.url));
    const dist = fileURLToPath(new URL('../dist', import.meta.url));
    const run = await runNode(
      [bench, '--child', dist, '--game', game, '--seconds', '0', '--cache', temp.root],
      {
        env: { ...process.env, GDLKIT_WASM_CACHE_MAX_MIB: String(maxMiB) },
      },
    );
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as { irCached: boolean; cached: boolean };
  };

  it('stays within the bound, without a warning, when two processes store, prune and read at once', async () => {
    // Stale entries: real ones, built here into another root, under another code's names.
    const elsewhere = join(temp.root, 'elsewhere');
    await build(corpusGame('tictactoe.kif'), elsewhere);
    mkdirSync(folder());
    const tag = tagOf('an older code');
    const stale = readdirSync(join(elsewhere, CACHE_KIND)).map((name) => {
      const copy = `${tag}-${TAGGED.exec(name)![2]}`;
      copyFileSync(join(elsewhere, CACHE_KIND, name), join(folder(), copy));
      return copy;
    });
    age(stale, UNUSED_MS / 1000 + 60);
    // Room for about one small game: each process's writes remove the least recent entries, the other's among them.
    const bound = bytesOf(stale);
    const stored = await Promise.all([child('buttons', bound / MIB), child('3pttc', bound / MIB)]);
    expect(stored.map((r) => r.cached)).toEqual([false, false]);
    expect(names().length).toBeLessThan(4);
    expect(bytesOf(names())).toBeLessThanOrEqual(bound);
    const current = tagOfEntries();
    expect(listCache(folder(), current).every((f) => f.state === 'current')).toBe(true);
    // Readers (hits) and writers (misses) beside each other's prunes: each reads a whole entry or none.
    await Promise.all([child('buttons', bound / MIB), child('3pttc', bound / MIB)]);
    expect(names().every((f) => f.startsWith(current) && !f.endsWith('.tmp'))).toBe(true);
  });
});
