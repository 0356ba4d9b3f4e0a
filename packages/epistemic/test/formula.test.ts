import { describe, expect, it } from 'vitest';
import {
  FormulaSyntaxError,
  namedProperty,
  PROPERTY_NAMES,
  parseFormula,
  printFormula,
  Verifier,
} from '../src/index.js';
import { gameFile } from './helpers.js';

describe('formula syntax', () => {
  it('prints what it reads, with the same structure', async () => {
    const texts = [
      'A F terminal',
      'A G (not terminal -> (legal candidate (choose 1)) or (legal candidate noop))',
      'G (terminal -> K[candidate] terminal)',
      'E (not (goal candidate 0) U (true (step 3)))',
      'K[xplayer] not (true (cell 1 1 b)) and not K[xplayer] K[oplayer] terminal',
      '(a -> b) -> c'.replace(/a|b|c/g, 'terminal'),
      'X X (does random (hide_car 2)) <-> false',
      'E (terminal U terminal U true)',
    ];
    for (const text of texts) {
      const f = parseFormula(text);
      expect(printFormula(f)).toBe(text);
      expect(parseFormula(printFormula(f))).toEqual(f);
    }
  });

  it('reads the alternative operator spellings and canonical atom terms', async () => {
    expect(printFormula(parseFormula('!terminal & ( legal  xplayer (mark 1   2) ) | true'))).toBe(
      'not terminal and (legal xplayer (mark 1 2)) or true',
    );
  });

  it('names the column of a syntax error', async () => {
    const bad: [string, RegExp][] = [
      ['A F', /column 4: expected a formula at the end/],
      ['G (terminal', /expected '\)' at the end/],
      ['K[candidate terminal', /column 13: expected '\]'/],
      ['(legal candidate)', /column 1: legal takes 2 argument/],
      ['(goal candidate high)', /a goal value is an integer/],
      ['(true (cell ?x 1 b))', /must be ground/],
      ['terminal terminal', /column 10: unexpected 'terminal'/],
      ['', /empty formula/],
    ];
    for (const [text, message] of bad) {
      expect(() => parseFormula(text)).toThrow(FormulaSyntaxError);
      expect(() => parseFormula(text)).toThrow(message);
    }
  });

  it('expands the six named properties over a game and prints them readably', async () => {
    const verifier = Verifier.create(gameFile('montyhall.kif'));
    const texts = PROPERTY_NAMES.map((name) => printFormula(namedProperty(name, verifier.vocabulary())));
    expect(texts[0]).toBe('A F terminal');
    expect(texts[2]).toBe('not A G not (goal candidate 100)');
    expect(texts[3]).toBe('G (terminal -> K[candidate] terminal)');
    expect(texts[4]).toContain(
      'K[candidate] (legal candidate switch) or K[candidate] not (legal candidate switch)',
    );
    for (const text of texts) expect(printFormula(parseFormula(text))).toBe(text);
  });
});
