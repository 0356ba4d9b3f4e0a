// The built site keeps binaryen out of every chunk loaded up front: it is reached only through a dynamic
// import, fetched when a WebAssembly propnet is first built (issue 23: a bundle 14.4 MB, almost all binaryen).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const assets = new URL('../dist/assets/', import.meta.url).pathname;

it('imports binaryen only dynamically', () => {
  expect(existsSync(assets), 'run pnpm --filter @gdlkit/playground build first').toBe(true);
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const chunk = files.find((f) => f.startsWith('binaryen-'));
  expect(chunk).toBeDefined();
  const importers = files.filter((f) => readFileSync(join(assets, f), 'utf8').includes(chunk!));
  expect(importers.length).toBeGreaterThan(0);
  for (const file of importers) {
    const text = readFileSync(join(assets, file), 'utf8');
    const references = text.match(new RegExp(`.{0,16}${chunk!.replace('.', '\\.')}`, 'g')) ?? [];
    for (const reference of references) expect(reference).toMatch(/import\(\s*[`'"]\.\/binaryen-/);
  }
});
