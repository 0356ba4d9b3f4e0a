// The per-game module cache (module-cache.ts): a hit serves the module and choice a build stored, without
// binaryen; any bad entry is rebuilt with one warning. Every test uses a folder of its own under the system's
// temporary folder, never the user's cache.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNode } from '@gdlkit/vitest-config/child';
import { describe, expect, it, vi } from 'vitest';
import { buildPropnet } from '../src/index.js';
import { PropnetWasmReasoner, propnetWasmBackend } from '../src/index.wasm.js';
import {
  CACHE_FORMAT,
  CACHE_KIND,
  cacheConfig,
  codeIdentity,
  decodeEntry,
  encodeEntry,
  moduleKey,
} from '../src/wasm/module-cache.js';
import { cacheTestFolder, corpusGame } from './helpers.js';

const temp = cacheTestFolder('gdlkit-wasm-cache-test-');

const entries = () => {
  const folder = join(temp.root, CACHE_KIND);
  return existsSync(folder) ? readdirSync(folder) : [];
};

async function build(name: string, cache: string | false = temp.root) {
  const game = corpusGame(`${name}.kif`);
  return PropnetWasmReasoner.create(game, buildPropnet(game), { cache });
}

const playouts = (r: PropnetWasmReasoner) => r.playouts(r.initialState(), { count: 30, seed: 11 });

describe('the module cache', () => {
  it('serves a later build of the same game the module and choice an earlier one stored', async () => {
    for (const name of ['tictactoe', 'connectfour']) {
      const fresh = await build(name);
      expect(fresh.origin.cached).toBe(false);
      expect(Object.keys(fresh.origin.rates).length).toBeGreaterThan(1);
      const hit = await build(name);
      expect(hit.origin).toEqual({ irCached: false, cached: true, rates: fresh.origin.rates });
      expect(hit.propagation).toBe(fresh.propagation);
      expect(hit.binarySize).toBe(fresh.binarySize);
      expect(playouts(hit)).toEqual(playouts(fresh));
      expect(hit.perft(hit.initialState(), 3)).toBe(fresh.perft(fresh.initialState(), 3));
    }
    expect(entries()).toHaveLength(2);
    expect(temp.warnings).toEqual([]);
  });

  it('keys each net and each emitter apart, and the same net alike', () => {
    const tictactoe = buildPropnet(corpusGame('tictactoe.kif'));
    const key = moduleKey(tictactoe);
    expect(moduleKey(buildPropnet(corpusGame('tictactoe.kif')))).toBe(key);
    expect(moduleKey(buildPropnet(corpusGame('connectfour.kif')))).not.toBe(key);
    const terminal = tictactoe.terminalGate === 2 ? 3 : 2;
    expect(moduleKey({ ...tictactoe, terminalGate: terminal })).not.toBe(key);
    const fanin = tictactoe.fanin.slice();
    fanin[0] = fanin[0]! + 1;
    expect(moduleKey({ ...tictactoe, fanin })).not.toBe(key);
    expect(moduleKey(tictactoe, `${codeIdentity()} changed`)).not.toBe(key);
  });

  it('rebuilds and overwrites a truncated, garbled, outdated or uncompilable entry, warning once each', async () => {
    const fresh = await build('tictactoe');
    const [file] = entries();
    const path = join(temp.root, CACHE_KIND, file!);
    const good = readFileSync(path);
    // `<tag>-<key>.module` (cache-entries.ts).
    const key = file!.replace(/^[0-9a-f]+-/, '').replace(/\.module$/, '');
    const entry = decodeEntry(good, key);
    const outdated = Uint8Array.from(good);
    new DataView(outdated.buffer).setUint32(4, CACHE_FORMAT + 1, true);
    const bad: [string, Uint8Array][] = [
      ['truncated', good.subarray(0, good.byteLength - 7)],
      ['truncated', good.subarray(0, 20)],
      ['not a module cache entry', new TextEncoder().encode('garbage, not a cache entry')],
      [`format ${CACHE_FORMAT + 1}`, outdated],
      [
        'does not compile',
        encodeEntry(key, { ...entry, binary: new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]) }),
      ],
      ['another key', encodeEntry('0'.repeat(64), entry)],
    ];
    for (const [why, data] of bad) {
      writeFileSync(path, data);
      temp.warnings.length = 0;
      const rebuilt = await build('tictactoe');
      expect(rebuilt.origin.cached, why).toBe(false);
      expect(temp.warnings, why).toHaveLength(1);
      expect(temp.warnings[0], why).toContain(why);
      expect(playouts(rebuilt)).toEqual(playouts(fresh));
      expect((await build('tictactoe')).origin.cached, why).toBe(true);
    }
  });

  // Regression: the IR cache and the module cache each warned about the same folder.
  it('builds without storing when the folder cannot be written, warning once per process', async () => {
    const blocked = join(temp.root, 'a-file');
    writeFileSync(blocked, 'not a folder');
    for (const name of ['tictactoe', 'connectfour']) {
      const reasoner = (await propnetWasmBackend.create(corpusGame(`${name}.kif`), {
        wasmCache: blocked,
      })) as PropnetWasmReasoner;
      expect(reasoner.origin).toMatchObject({ irCached: false, cached: false });
      expect(playouts(reasoner).playouts).toBe(30);
    }
    expect(temp.warnings).toHaveLength(1);
    expect(temp.warnings[0]).toContain(`cannot use the cache folder ${join(blocked, CACHE_KIND)} (ENOTDIR`);
    expect(temp.warnings[0]).toContain('GDLKIT_WASM_CACHE=off');
  });

  it('writes nothing when turned off by the option or the environment', async () => {
    expect((await build('tictactoe', false)).origin.cached).toBe(false);
    vi.stubEnv('GDLKIT_CACHE_DIR', temp.root);
    vi.stubEnv('GDLKIT_WASM_CACHE', 'off');
    const game = corpusGame('tictactoe.kif');
    await propnetWasmBackend.create(game);
    expect(entries()).toEqual([]);
    vi.stubEnv('GDLKIT_WASM_CACHE', '');
    await propnetWasmBackend.create(game);
    expect(
      entries()
        .map((file) => file.split('.').at(-1))
        .sort(),
    ).toEqual(['ir', 'module']);
    expect(cacheConfig(undefined, { XDG_CACHE_HOME: '/x' })?.folder).toBe(join('/x', 'gdlkit', CACHE_KIND));
    expect(cacheConfig(undefined, { GDLKIT_CACHE_DIR: '/y', XDG_CACHE_HOME: '/x' })?.folder).toBe(
      join('/y', CACHE_KIND),
    );
    vi.unstubAllEnvs();
  });

  // The package's test setup loads binaryen in this process; the built package in a child process does not.
  const child = async () => {
    const bench = fileURLToPath(new URL('../bench/wasm-build-time.mjs', import.meta.url));
    const dist = fileURLToPath(new URL('../dist', import.meta.url));
    const args = ['--child', dist, '--game', 'tictactoe', '--seconds', '0', '--cache', temp.root];
    const run = await runNode([bench, ...args]);
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as {
      irCached: boolean;
      cached: boolean;
      binaryenLoaded: boolean;
      propagation: string;
      simulated: { goals: number[]; depths: number[] };
    };
  };

  it('loads no binaryen on a hit, in a fresh process as a player meets it', async () => {
    const cold = await child();
    expect(cold).toMatchObject({ irCached: false, cached: false, binaryenLoaded: true });
    // Regression: the policies' simulations need the simulation adapter, which a hit once had to emit with the
    // binaryen it never loaded ("binaryen used before loadBinaryen() resolved" in every player test after it).
    expect(await child()).toMatchObject({
      irCached: true,
      cached: true,
      binaryenLoaded: false,
      propagation: cold.propagation,
      simulated: cold.simulated,
    });
  });

  it('leaves one whole entry when several processes build the same game at once', async () => {
    // Each child read no partial entry (it would have warned on stderr) and left no temporary file behind.
    await Promise.all([child(), child(), child()]);
    expect(entries()).toHaveLength(2);
    expect(await child()).toMatchObject({ irCached: true, cached: true, binaryenLoaded: false });
  });
});
