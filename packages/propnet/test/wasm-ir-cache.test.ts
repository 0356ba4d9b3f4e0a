// The per-game IR cache (ir-cache.ts): a later build of the same rules reads the IR an earlier one stored, its
// terms re-interned into the new game's store, equal to a fresh build's; any bad entry is rebuilt with one
// warning. And the code identity both caches key on: a changed source never meets an old entry.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { type Game, loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnet, type PropnetIR, type PropnetReasoner, propnetBackend } from '../src/index.js';
import { type PropnetWasmReasoner, propnetWasmBackend } from '../src/index.wasm.js';
import { decodeIr, encodeIr, IR_CACHE_FORMAT, irKey, rulesText } from '../src/wasm/ir-cache.js';
import { CACHE_KIND, codeIdentity, IR_TERM_FIELDS, moduleKey } from '../src/wasm/module-cache.js';
import { hashSources, sourceIdentity } from '../src/wasm/source-identity.js';
import { cacheTestFolder, corpusGame } from './helpers.js';

const temp = cacheTestFolder('gdlkit-ir-cache-test-');

// tictactoe and connectfour, montyhall (GDL-II: random and sees), and a net with a positive cycle.
const GAMES = ['tictactoe.kif', 'connectfour.kif', 'montyhall.kif', 'tests/failure-classes/dense-cycle.kif'];

/** The IR with its term fields as text: ids differ between stores, the terms they name must not. */
function printable(ir: PropnetIR, game: Game): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(ir)) {
    out[name] = IR_TERM_FIELDS.has(name)
      ? Array.from(value as Int32Array, (t) => game.store.toKif(t))
      : value;
  }
  return out;
}

const create = async (game: Game) =>
  (await propnetWasmBackend.create(game, { wasmCache: temp.root })) as PropnetWasmReasoner;

const playouts = (r: PropnetWasmReasoner) => r.playouts(r.initialState(), { count: 30, seed: 5 });

const irFiles = () => readdirSync(join(temp.root, CACHE_KIND)).filter((f) => f.endsWith('.ir'));

describe('the IR cache', () => {
  it('reads back, into a newly parsed game, the IR a fresh build of the same rules makes', () => {
    const covered = { cycles: false, percepts: false };
    for (const name of GAMES) {
      const built = corpusGame(name);
      const ir = buildPropnet(built);
      const key = irKey(built);
      const data = encodeIr(key, ir, built.store);
      const game = corpusGame(name);
      expect(irKey(game), name).toBe(key);
      const loaded = decodeIr(data, key, game.store);
      const fresh = corpusGame(name);
      expect(printable(loaded, game), name).toEqual(printable(buildPropnet(fresh), fresh));
      expect(moduleKey(loaded), name).toBe(moduleKey(ir));
      covered.cycles ||= loaded.cycleRange.length > 0;
      covered.percepts ||= loaded.seesTerm.length > 0;
    }
    expect(covered).toEqual({ cycles: true, percepts: true });
  });

  it('reads the IR back as an object with fast properties, as a fresh build makes it', () => {
    // In V8's dictionary mode every field read of the runtimes' per-state loops was a hash lookup: one state at a
    // time, a module from the cache stepped 1.8× slower than a fresh build. V8's own predicate, enabled here.
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
    const built = corpusGame('connectfour.kif');
    const ir = buildPropnet(built);
    const key = irKey(built);
    const game = corpusGame('connectfour.kif');
    expect(hasFastProperties(ir)).toBe(true);
    expect(hasFastProperties(decodeIr(encodeIr(key, ir, built.store), key, game.store))).toBe(true);
  });

  it('refuses an entry that lacks a field of the IR', () => {
    const built = corpusGame('tictactoe.kif');
    const { seesTerm: _, ...partial } = buildPropnet(built);
    const key = irKey(built);
    const data = encodeIr(key, partial as unknown as PropnetIR, built.store);
    expect(() => decodeIr(data, key, corpusGame('tictactoe.kif').store)).toThrow('the IR has no seesTerm');
  });

  it('gives a later build the stored IR and the stored module, playing as the cold build did', async () => {
    for (const name of ['tictactoe.kif', 'montyhall.kif']) {
      const cold = await create(corpusGame(name));
      expect(cold.origin).toMatchObject({ irCached: false, cached: false });
      const hit = await create(corpusGame(name));
      expect(hit.origin).toMatchObject({ irCached: true, cached: true });
      expect(hit.propagation).toBe(cold.propagation);
      expect(hit.binarySize).toBe(cold.binarySize);
      expect(playouts(hit)).toEqual(playouts(cold));
      expect(hit.perft(hit.initialState(), 3)).toBe(cold.perft(cold.initialState(), 3));
    }
    expect(temp.warnings).toEqual([]);
  });

  it('leaves an IR from the cache to the other propnet backends of the same build (auto)', async () => {
    await create(corpusGame('tictactoe.kif'));
    const game = corpusGame('tictactoe.kif');
    const sharedBuilds = new Map<string, unknown>();
    const wasm = (await propnetWasmBackend.create(game, {
      wasmCache: temp.root,
      sharedBuilds,
    })) as PropnetWasmReasoner;
    expect(wasm.origin.irCached).toBe(true);
    // One millisecond cannot ground tictactoe (build-share.test.ts): the shared IR needs no grounding.
    const propnet = (await propnetBackend.create(game, { buildTimeMs: 1, sharedBuilds })) as PropnetReasoner;
    expect(propnet.ir).toBe(wasm.ir);
  });

  it('keys each game and each code apart, and the same rules alike', () => {
    const key = irKey(corpusGame('tictactoe.kif'));
    expect(irKey(corpusGame('connectfour.kif'))).not.toBe(key);
    expect(irKey(corpusGame('tictactoe.kif'), `${codeIdentity()} changed`)).not.toBe(key);
    const text = readFileSync(new URL('../../../games/tictactoe.kif', import.meta.url), 'utf8');
    // Comments and layout are no part of the rules; a changed goal value is.
    expect(irKey(loadGame(`; a comment\n${text.replaceAll('\n', '\n\n')}`, 'x.kif'))).toBe(key);
    const changed = loadGame(text.replace('(goal xplayer 100)', '(goal xplayer 99)'), 'x.kif');
    expect(rulesText(changed)).not.toBe(rulesText(corpusGame('tictactoe.kif')));
    expect(irKey(changed)).not.toBe(key);
  });

  it('rebuilds and overwrites a truncated, garbled, outdated or mislabelled entry, warning once each', async () => {
    const fresh = await create(corpusGame('tictactoe.kif'));
    const [file] = irFiles();
    const path = join(temp.root, CACHE_KIND, file!);
    const good = readFileSync(path);
    const outdated = Uint8Array.from(good);
    new DataView(outdated.buffer).setUint32(4, IR_CACHE_FORMAT + 1, true);
    const flipped = Uint8Array.from(good);
    flipped[flipped.byteLength - 5]! ^= 1;
    const game = corpusGame('tictactoe.kif');
    const otherKey = encodeIr('0'.repeat(64), buildPropnet(game), game.store);
    const bad: [string, Uint8Array][] = [
      ['truncated', good.subarray(0, good.byteLength - 8)],
      ['truncated', good.subarray(0, 20)],
      ['not an IR cache entry', new TextEncoder().encode('garbage, not a cache entry')],
      [`format ${IR_CACHE_FORMAT + 1}`, outdated],
      ["the IR's checksum differs", flipped],
      ['another key', otherKey],
    ];
    for (const [why, data] of bad) {
      writeFileSync(path, data);
      temp.warnings.length = 0;
      const rebuilt = await create(corpusGame('tictactoe.kif'));
      expect(rebuilt.origin.irCached, why).toBe(false);
      expect(temp.warnings, why).toHaveLength(1);
      expect(temp.warnings[0], why).toContain(why);
      expect(playouts(rebuilt)).toEqual(playouts(fresh));
      expect((await create(corpusGame('tictactoe.kif'))).origin.irCached, why).toBe(true);
    }
  });
});

describe('the code identity', () => {
  it('changes with any source of the package, an emitter among them', () => {
    const copy = join(temp.root, 'propnet');
    const pkg = fileURLToPath(new URL('..', import.meta.url));
    cpSync(join(pkg, 'src'), join(copy, 'src'), { recursive: true });
    const before = hashSources([copy]);
    expect(hashSources([copy])).toBe(before);
    const emitter = join(copy, 'src', 'wasm', 'emit.ts');
    writeFileSync(emitter, `${readFileSync(emitter, 'utf8')}\n// changed\n`);
    expect(hashSources([copy])).not.toBe(before);
  });

  it('covers the workspace packages the IR depends on (the grounder, the term store)', () => {
    const pkg = fileURLToPath(new URL('..', import.meta.url));
    const ground = fileURLToPath(new URL('../../ground', import.meta.url));
    const core = fileURLToPath(new URL('../../core', import.meta.url));
    const gdl = fileURLToPath(new URL('../../gdl', import.meta.url));
    expect(sourceIdentity(pkg)).toBe(hashSources([pkg, core, gdl, ground]));
  });
});
