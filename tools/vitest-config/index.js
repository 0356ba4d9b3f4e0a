// Shared vitest settings: tests import workspace siblings from src/ through the "@gdlkit/source" export
// condition, so the edit-test loop needs no build.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Writes how many errors vitest caught outside tests (unhandled errors, such as an onTaskUpdate timeout when a
 * test blocks its worker) to .vitest-errors.json beside the JSON report, whose `success` does not count them;
 * tools/scripts/test-summary.mjs reads both.
 */
function errorsOutsideTests() {
  let root = process.cwd();
  return {
    onInit(vitest) {
      root = vitest.config.root;
    },
    onFinished(_files, errors) {
      writeFileSync(
        join(root, '.vitest-errors.json'),
        `${JSON.stringify({ errors: errors?.length ?? 0 })}\n`,
      );
    },
  };
}

const conditions = ['@gdlkit/source', 'module', 'node', 'import', 'default'];

/**
 * A cache root of this run's own for the backends that cache built modules (propnet-wasm's module cache): tests
 * never read or fill the user's cache, and each game's first build in a run is a real build (docs/decisions.md).
 */
function temporaryCacheRoot() {
  const root = mkdtempSync(join(tmpdir(), 'gdlkit-test-cache-'));
  process.on('exit', () => rmSync(root, { recursive: true, force: true }));
  return root;
}

/** @param {import('vitest/config').ViteUserConfig['test']} [test] */
export function gdlkitVitest(test = {}) {
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: conditions } },
    test: {
      include: ['test/**/*.test.ts'],
      testTimeout: 300_000,
      hookTimeout: 120_000,
      pool: 'forks',
      // The JSON report feeds the workspace-wide "N passed, N failed" line (tools/scripts/test-summary.mjs).
      reporters: ['default', 'json', errorsOutsideTests()],
      outputFile: { json: '.vitest-result.json' },
      ...test,
      env: { GDLKIT_CACHE_DIR: temporaryCacheRoot(), ...test.env },
    },
  });
}
