// The backend reports a missing binary as unavailable with a typed error carrying every load error.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackendUnavailableError } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { describe, expect, it } from 'vitest';
import { platformName } from '../src/binding.js';
import { loadNativeFrom, nativeBackend } from '../src/index.js';
import { withoutRust } from './rust-toolchain.js';

describe('native binary loading', () => {
  it.skipIf(withoutRust)('is available when the binary was built', async () => {
    expect(nativeBackend.availability()).toEqual({ available: true });
    const reasoner = await nativeBackend.create(loadCorpusGame('tictactoe.kif'), { threads: 2 });
    expect(reasoner.backend).toBe('native');
  });

  it('turns a loader that finds no binary into BackendUnavailableError with every load error', () => {
    // A loader like napi-rs's: it tried two candidates and throws with the chain of their errors.
    const dir = mkdtempSync(join(tmpdir(), 'gdlkit-native-'));
    const loader = join(dir, 'binding.cjs');
    writeFileSync(
      loader,
      `const first = new Error('cannot find ./x.node');
       const second = new Error('cannot find @gdlkit/native-x', { cause: first });
       throw new Error('Cannot find native binding.', { cause: second });`,
    );
    const result = loadNativeFrom(loader);
    expect('error' in result).toBe(true);
    if (!('error' in result)) return;
    expect(result.error).toBeInstanceOf(BackendUnavailableError);
    expect(result.error.code).toBe('BACKEND_UNAVAILABLE');
    expect(result.error.message).toMatch(/backend native is unavailable: no native binary/);
    const cause = result.error.cause as AggregateError;
    expect(cause).toBeInstanceOf(AggregateError);
    expect(cause.errors.map((e: Error) => e.message)).toEqual([
      'Cannot find native binding.',
      'cannot find @gdlkit/native-x',
      'cannot find ./x.node',
    ]);
    expect(loadNativeFrom(join(dir, 'missing.cjs'))).toHaveProperty('error');
  });

  it("tells an npm user which package to install, and a checkout's developer how to build (issue 23)", () => {
    // Installed from npm: no crates/ two levels above the package; the reason names this platform's package once.
    const installed = loadNativeFrom(join(mkdtempSync(join(tmpdir(), 'gdlkit-native-')), 'binding.cjs'));
    if (!('error' in installed)) throw new Error('expected no binary');
    expect(installed.error.reason).toContain(`npm install @gdlkit/native-${platformName()}`);
    expect(installed.error.message).not.toMatch(/pnpm|--filter|unavailable.*unavailable/);
    // In this checkout the same failure says how to build the binary.
    const checkout = loadNativeFrom(join(import.meta.dirname, '..', 'missing-loader.cjs'));
    if (!('error' in checkout)) throw new Error('expected no binary');
    expect(checkout.error.reason).toMatch(/pnpm --filter @gdlkit\/native build/);
  });

  it('names the platform as napi-rs names its binary packages', () => {
    expect(platformName()).toMatch(
      /^(linux-(x64|arm64)-(gnu|musl)|darwin-(x64|arm64)|win32-(x64|arm64)-msvc)$/,
    );
  });

  it.skipIf(withoutRust)('rejects bad backend options with typed errors', async () => {
    const game = loadCorpusGame('tictactoe.kif');
    await expect(nativeBackend.create(game, { threads: 'many' })).rejects.toThrow(/threads option/);
    await expect(nativeBackend.create(game, { propagation: 'eager' })).rejects.toThrow(/propagation option/);
    await expect(nativeBackend.create(game, { threads: -1 })).rejects.toThrow(/non-negative integer/);
    await expect(nativeBackend.create(game, { playoutMode: 'fast' })).rejects.toThrow(/playoutMode option/);
  });
});
