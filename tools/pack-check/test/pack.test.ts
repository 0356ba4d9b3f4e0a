// Every published package as an npm user meets it (issue 23): packed with `pnpm pack`, linted with publint and
// are-the-types-wrong, installed with npm into scratch projects outside the repository (no workspace links), and
// used from ES modules, CommonJS, an esbuild browser bundle and the `gdlkit` command.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { problemAffectsResolutionKind } from '@arethetypeswrong/core/problems';
import { build } from 'esbuild';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installProject,
  makeScratch,
  packAll,
  publishedPackages,
  removeScratch,
  runCommand,
  runIn,
} from './published.js';

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

const scratch = makeScratch();
const packages = publishedPackages();
/** The libraries and apps, without the native binary's per-platform packages. */
const modules = packages.filter((p) => !p.name.startsWith('@gdlkit/native-'));
/** The packages with types (all but the command's, which has only a bin). */
const typed = modules.filter((p) => JSON.parse(readFileSync(join(p.dir, 'package.json'), 'utf8')).types);
/** Whether this machine built the native binary (a Rust toolchain): its platform package is then packed too. */
const nativeBuilt = packages.some((p) => p.name.startsWith('@gdlkit/native-'));
const tarball = (name: string) => packages.find((p) => p.name === name)!.tarball;
const tarballs = (...names: string[]) => names.map((n) => tarball(`@gdlkit/${n}`));

/** Every target an exports map names, through nested conditions. */
function exportTargets(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (entry === null || typeof entry !== 'object') return [];
  return Object.values(entry).flatMap(exportTargets);
}

/** The package's public entry points: its name and each subpath of its exports map but ./package.json. */
function entryPoints(name: string, project: string): string[] {
  const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'));
  if (manifest.exports === undefined) return [];
  return Object.keys(manifest.exports)
    .filter((k) => k !== './package.json')
    .map((k) => (k === '.' ? name : `${name}/${k.slice(2)}`));
}

let full: string;

beforeAll(async () => {
  const dest = join(scratch, 'tarballs');
  mkdirSync(dest);
  await packAll(packages, dest);
  // vitest is the optional peer of @gdlkit/core/testing.
  full = await installProject(join(scratch, 'full'), [...packages.map((p) => p.tarball), 'vitest@3']);
  writeFileSync(join(full, 'game.kif'), GAME);
}, 900_000);

afterAll(() => removeScratch(scratch));

describe('the tarballs', () => {
  it('cover every public workspace package', async () => {
    expect(modules.length).toBeGreaterThanOrEqual(15);
    if (!nativeBuilt)
      console.log('pack-check: no native binary built here (no cargo): its package is not checked');
  });

  it.each(modules.map((p) => p.name))(
    '%s holds dist, src, its README and every file its exports name',
    async (name) => {
      const listing = (await runCommand('tar', ['-tzf', tarball(name)], full))
        .split('\n')
        .filter(Boolean)
        .map((p) => p.replace(/^package\//, ''));
      const tops = new Set(listing.map((p) => p.split('/')[0]));
      const allowed = new Set(['dist', 'src', 'README.md', 'LICENSE', 'IR.md', 'package.json']);
      if (name === '@gdlkit/native') for (const f of ['binding.cjs', 'binding.d.cts']) allowed.add(f);
      expect([...tops].filter((t) => !allowed.has(t))).toEqual([]);
      expect(listing).toContain('README.md');
      expect(listing).toContain('LICENSE');
      const manifest = JSON.parse(readFileSync(join(full, 'node_modules', name, 'package.json'), 'utf8'));
      // The workspace's @gdlkit/source condition names src/*.ts: the tarball ships src, so it resolves there too.
      const named = [
        ...exportTargets(manifest.exports),
        manifest.types,
        ...Object.values(manifest.bin ?? {}),
      ];
      for (const target of named.filter(Boolean) as string[]) {
        expect(listing, `${name}: ${target}`).toContain(target.replace(/^\.\//, ''));
      }
    },
  );

  it.each(packages.map((p) => p.name))('%s passes publint', async (name) => {
    const data = readFileSync(tarball(name));
    const { messages, pkg } = await publint({
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
      level: 'warning',
    });
    expect(messages.map((m) => formatMessage(m, pkg))).toEqual([]);
  });

  // ES modules only (docs/decisions.md): are-the-types-wrong's esm-only profile leaves out the CommonJS and
  // node10 resolutions; require() of these packages is Node's require(esm), tested below.
  it.each(typed.map((p) => p.name))('%s passes are-the-types-wrong (esm-only)', async (name) => {
    const result = await checkPackage(
      createPackageFromTarballData(new Uint8Array(readFileSync(tarball(name)))),
    );
    expect(result.types).not.toBe(false);
    if (result.types === false) return;
    const problems = result.problems.filter((p) =>
      (['node16-esm', 'bundler'] as const).some((kind) => problemAffectsResolutionKind(p, kind, result)),
    );
    expect(problems).toEqual([]);
  });
});

describe('Node', () => {
  it('answers a query from an ES module', async () => {
    const out = await runIn(
      full,
      'query.mjs',
      `import { readFileSync } from 'node:fs';
import { loadGame } from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
const game = loadGame(readFileSync('game.kif', 'utf8'), 'game.kif');
const r = await proverBackend.create(game);
console.log(r.legalMoves(r.initialState(), 0).map((m) => game.store.toKif(m)).sort().join(' '));`,
    );
    expect(out).toBe('(mark 1) (mark 2)');
  });

  it('imports and requires every package and subpath (ESM only: require is Node >= 20.19 require(esm))', async () => {
    const names = modules.flatMap((p) => entryPoints(p.name, full));
    expect(names).toContain('@gdlkit/core/corpus');
    // The conformance kit imports vitest, which loads only inside a vitest run: it has a test of its own below.
    const plain = names.filter((n) => n !== '@gdlkit/core/testing');
    const esm = await runIn(
      full,
      'import-all.mjs',
      `for (const n of ${JSON.stringify(plain)}) await import(n);\nconsole.log('ok');`,
    );
    expect(esm).toBe('ok');
    const cjs = await runIn(
      full,
      'require-all.cjs',
      `for (const n of ${JSON.stringify(plain)}) require(n);\nconsole.log('ok');`,
    );
    expect(cjs).toBe('ok');
  });

  it('runs the conformance kit of @gdlkit/core/testing in a vitest project, imported and required', async () => {
    writeFileSync(
      join(full, 'kit.test.mjs'),
      `import { createRequire } from 'node:module';
import { proverBackend } from '@gdlkit/prover';
import { expect, it } from 'vitest';
import * as imported from '@gdlkit/core/testing';
const required = createRequire(import.meta.url)('@gdlkit/core/testing');
it('is one module for import and require', () => {
  expect(required.runConformanceSuite).toBe(imported.runConformanceSuite);
  expect(typeof proverBackend.create).toBe('function');
});`,
    );
    const out = await runCommand(join(full, 'node_modules', '.bin', 'vitest'), ['run', 'kit.test.mjs'], full);
    expect(out).toMatch(/1 passed/);
  });

  it('has one error class for ES module and CommonJS consumers', async () => {
    const out = await runIn(
      full,
      'identity.cjs',
      `const core = require('@gdlkit/core');
const game = core.loadGame(require('node:fs').readFileSync('game.kif', 'utf8'), 'game.kif');
import('@gdlkit/prover').then(async ({ proverBackend }) => {
  const esm = await import('@gdlkit/core');
  const r = await proverBackend.create(game);
  try {
    r.nextState(r.initialState(), []);
  } catch (e) {
    console.log(esm.GdlkitError === core.GdlkitError, e instanceof core.GdlkitError, e.code);
  }
});`,
    );
    expect(out).toBe('true true ILLEGAL_MOVE');
  });

  it.runIf(nativeBuilt)('runs the native backend from its per-platform package', async () => {
    const out = await runIn(
      full,
      'native.mjs',
      `import { readFileSync } from 'node:fs';
import { loadGame } from '@gdlkit/core';
import { nativeBackend } from '@gdlkit/native';
const game = loadGame(readFileSync('game.kif', 'utf8'), 'game.kif');
console.log(JSON.stringify(nativeBackend.availability()));
const r = await nativeBackend.create(game);
console.log(r.playouts(r.initialState(), { count: 10, seed: 1 }).playouts);`,
    );
    expect(out).toBe('{"available":true}\n10');
  });

  it('gives the gdlkit command, with help for a command and a check of a game', async () => {
    const bin = join(full, 'node_modules', '.bin', 'gdlkit');
    expect(await runCommand(bin, ['play', '--help'], full)).toMatch(/^usage: gdlkit play/);
    expect(await runCommand(bin, ['check', 'game.kif'], full)).toMatch(/game\.kif/);
  });
});

describe('smaller installs', () => {
  it('serve a propnet user with @gdlkit/core and @gdlkit/propnet (and what they depend on)', async () => {
    const project = await installProject(
      join(scratch, 'propnet'),
      tarballs('core', 'gdl', 'ground', 'propnet'),
    );
    writeFileSync(join(project, 'game.kif'), GAME);
    const out = await runIn(
      project,
      'propnet.mjs',
      `import { readFileSync } from 'node:fs';
import { loadGame } from '@gdlkit/core';
import { propnetBackend } from '@gdlkit/propnet';
import { propnetWasmBackend } from '@gdlkit/propnet/wasm';
const game = loadGame(readFileSync('game.kif', 'utf8'), 'game.kif');
for (const b of [propnetBackend, propnetWasmBackend]) {
  const r = await b.create(game);
  console.log(b.name, r.legalMoves(r.initialState(), 0).length);
}`,
    );
    expect(out).toBe('propnet 2\npropnet-wasm 2');
  });

  it('report a backend whose optional package is not installed as unavailable, with the install command', async () => {
    const project = await installProject(
      join(scratch, 'backends'),
      tarballs('backends', 'core', 'gdl', 'ground', 'prover', 'forward', 'filter'),
    );
    writeFileSync(join(project, 'game.kif'), GAME);
    // npm leaves optional peers out: no binaryen, no native binary.
    expect(readdirSync(join(project, 'node_modules', '@gdlkit')).sort()).toEqual([
      'backends',
      'core',
      'filter',
      'forward',
      'gdl',
      'ground',
      'prover',
    ]);
    expect(existsSync(join(project, 'node_modules', 'binaryen'))).toBe(false);
    const out = await runIn(
      project,
      'registry.mjs',
      `import { readFileSync } from 'node:fs';
import { createDefaultRegistry } from '@gdlkit/backends';
import { loadGame } from '@gdlkit/core';
const registry = createDefaultRegistry();
for (const b of registry.list()) console.log(b.name, JSON.stringify(b.availability()));
const r = await registry.get('auto').create(loadGame(readFileSync('game.kif', 'utf8'), 'game.kif'));
console.log('auto', r.backend);`,
    );
    const hint = (pkg: string) =>
      `{"available":false,"reason":"its package ${pkg} is not installed (npm install ${pkg})"}`;
    expect(out.split('\n')).toEqual([
      'prover {"available":true}',
      'forward {"available":true}',
      `propnet ${hint('@gdlkit/propnet')}`,
      `propnet-wasm ${hint('@gdlkit/propnet')}`,
      `native ${hint('@gdlkit/native')}`,
      'filter {"available":true}',
      'auto {"available":true}',
      'auto forward',
    ]);
  });

  it("tell an npm user without the platform's binary package which package to install", async () => {
    const project = await installProject(
      join(scratch, 'native'),
      tarballs('core', 'gdl', 'ground', 'propnet', 'native'),
      true,
    );
    const out = await runIn(
      project,
      'native.mjs',
      `import { loadGame } from '@gdlkit/core';
import { nativeBackend } from '@gdlkit/native';
console.log(JSON.stringify(nativeBackend.availability()));
try {
  await nativeBackend.create(loadGame('(role a) (init x) (legal a b) (goal a 0) (<= terminal x)', 'g.kif'));
} catch (e) {
  console.log(e.name, e.message, e.cause.errors.length > 0);
}`,
    );
    const [availability, thrown] = out.split('\n');
    expect(JSON.parse(availability!)).toEqual({
      available: false,
      reason: expect.stringMatching(
        /^no native binary for [\w-]+ could be loaded: .*npm install @gdlkit\/native-/,
      ),
    });
    expect(thrown).toMatch(
      /^BackendUnavailableError backend native is unavailable: no native binary .* true$/,
    );
    expect(thrown).not.toMatch(/pnpm|--filter|unavailable.*unavailable/);
  });
});

describe('browser bundles (esbuild)', () => {
  const bundle = async (code: string, splitting: boolean, external: string[] = []) => {
    writeFileSync(join(full, 'browser.mjs'), code);
    const result = await build({
      entryPoints: [join(full, 'browser.mjs')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      splitting,
      external,
      outdir: join(full, 'out'),
      write: false,
      logLevel: 'silent',
    });
    return result.outputFiles.map((f) => ({ path: f.path, text: f.text }));
  };
  const binaryen = /node_modules\/binaryen\//;
  const nodeBuiltin = /['"`]node:|GDLKIT_GAMES/;

  it('leave Node built-ins, the corpus helpers and binaryen out for a user of the other backends', async () => {
    const files = await bundle(
      `import { loadGame, playRandomMatch } from '@gdlkit/core';
import { forwardBackend } from '@gdlkit/forward';
import { propnetBackend } from '@gdlkit/propnet';
import { proverBackend } from '@gdlkit/prover';
export async function run(text) {
  const game = loadGame(text, 'game.kif');
  for (const b of [proverBackend, forwardBackend, propnetBackend]) playRandomMatch(await b.create(game), { seed: 1 });
}`,
      false,
    );
    expect(files).toHaveLength(1);
    expect(files[0]!.text).not.toMatch(nodeBuiltin);
    expect(files[0]!.text).not.toMatch(binaryen);
  });

  // binaryen itself imports node:module under Node only; esbuild needs it marked external (Vite does that itself).
  it('load binaryen in a chunk of its own, on demand, for a user of propnet-wasm through the registry', async () => {
    const files = await bundle(
      `import { createDefaultRegistry } from '@gdlkit/backends';
import { loadGame } from '@gdlkit/core';
export async function run(text) {
  return createDefaultRegistry().get('propnet-wasm').create(loadGame(text, 'game.kif'));
}`,
      true,
      ['node:module'],
    );
    const entry = files.find((f) => f.path.endsWith('browser.js'))!;
    expect(entry.text).not.toMatch(binaryen);
    expect(entry.text).not.toMatch(nodeBuiltin);
    const withBinaryen = files.filter((f) => binaryen.test(f.text));
    expect(withBinaryen).toHaveLength(1);
    // The only Node built-in anywhere is binaryen's own, in its chunk.
    expect(files.filter((f) => nodeBuiltin.test(f.text)).map((f) => f.path)).toEqual(
      withBinaryen.map((f) => f.path),
    );
  });
});
