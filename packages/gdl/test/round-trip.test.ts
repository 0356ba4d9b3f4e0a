import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInfix, parseKif, printInfix, printKif } from '../src/index.js';
import { gameShape } from './ast-shape.js';

const gamesDir = join(import.meta.dirname, '../../../games');
const corpus = [
  ...readdirSync(gamesDir).map((f) => join(gamesDir, f)),
  ...readdirSync(join(gamesDir, 'tests/compliance')).map((f) => join(gamesDir, 'tests/compliance', f)),
].filter((f) => f.endsWith('.kif'));

describe('printers round-trip every corpus file', () => {
  it.each(corpus.map((f) => [f.slice(gamesDir.length + 1), f]))('%s', (_name, path) => {
    const original = parseKif(readFileSync(path, 'utf8'), path).description;
    const shape = gameShape(original);

    const kif = printKif(original);
    const fromKif = parseKif(kif, 'printed.kif');
    expect(fromKif.diagnostics).toEqual([]);
    expect(gameShape(fromKif.description)).toEqual(shape);
    expect(printKif(fromKif.description)).toBe(kif);

    const infix = printInfix(original);
    const fromInfix = parseInfix(infix, 'printed.pl');
    expect(fromInfix.diagnostics).toEqual([]);
    expect(gameShape(fromInfix.description)).toEqual(shape);
    expect(printInfix(fromInfix.description)).toBe(infix);
    expect(gameShape(parseKif(printKif(fromInfix.description), 'again.kif').description)).toEqual(shape);
  });
});
