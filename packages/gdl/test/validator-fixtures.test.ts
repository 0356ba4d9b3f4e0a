import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosticsGolden } from './golden.js';

// Each games/tests/validator/<case>.kif has a sidecar <case>.expected.txt: adding a case is adding a file.
const dir = join(import.meta.dirname, '../../../games/tests/validator');
const cases = readdirSync(dir).filter((f) => f.endsWith('.kif'));

describe('validator fixtures', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(20));

  it.each(cases)('%s', async (name) => {
    const golden = diagnosticsGolden(readFileSync(join(dir, name), 'utf8'), name);
    await expect(golden).toMatchFileSnapshot(join(dir, name.replace(/\.kif$/, '.expected.txt')));
  });
});
