// Shared vitest settings: tests import workspace siblings from src/ through the "@gdlkit/source" export
// condition, so the edit-test loop needs no build.
import { defineConfig } from 'vitest/config';

const conditions = ['@gdlkit/source', 'module', 'node', 'import', 'default'];

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
      reporters: ['default', 'json'],
      outputFile: { json: '.vitest-result.json' },
      ...test,
    },
  });
}
