import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText, formatDiagnostic } from '../src/index.js';
import { diagnosticsGolden } from './golden.js';

const gamesDir = join(import.meta.dirname, '../../../games');
const corpus = ['.', 'tests/compliance'].flatMap((sub) =>
  readdirSync(join(gamesDir, sub))
    .filter((f) => f.endsWith('.kif'))
    .map((f) => join(sub, f)),
);
const read = (name: string) => readFileSync(join(gamesDir, name), 'utf8');
const lenient = (name: string) =>
  checkText(read(name), name, { syntax: 'kif' }).diagnostics.map(formatDiagnostic);

describe('validation of the corpus', () => {
  it.each(corpus)('%s matches its golden', async (name) => {
    const golden = diagnosticsGolden(read(name), name);
    await expect(golden).toMatchFileSnapshot(`./__snapshots__/corpus/${name}.txt`);
  });

  it.each(['tictactoe.kif', 'connectfour.kif', 'breakthrough.kif', 'montyhall.kif'])(
    '%s is clean',
    (name) => {
      expect(lenient(name)).toEqual([]);
    },
  );

  it('reports differing function and relation arities in the invalid compliance cases', () => {
    expect(lenient('tests/compliance/test_invalid_function_arities_differ.kif')).toEqual([
      expect.stringMatching(
        /:8:15: warning\[function-arity\]: function a has 2 arguments here but 1 argument at line 7/,
      ),
    ]);
    expect(lenient('tests/compliance/test_invalid_sentence_arities_differ.kif')).toEqual([
      expect.stringMatching(
        /:13:1: warning\[relation-arity\]: relation foo has 2 arguments here but 1 argument/,
      ),
    ]);
  });
});
