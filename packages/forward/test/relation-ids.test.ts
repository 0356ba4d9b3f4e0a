import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame } from '@gdlkit/core';
import { computeArgumentDomains } from '@gdlkit/ground';
import { describe, expect, it } from 'vitest';
import {
  makeSlot,
  mixedRadixDecode,
  mixedRadixEncode,
  RelationLayout,
  relationLayouts,
} from '../src/index.js';

const games = join(import.meta.dirname, '../../../games');
const game = loadGame(readFileSync(join(games, 'tictactoe.kif'), 'utf8'), 'tictactoe.kif');
const store = game.store;
const t = (text: string) => game.parseTerm(text);

describe('relation ids (Definition 4)', () => {
  it('encodes (cell 3 1 o) as 11 with the domains ordered as in Example 4, and back', () => {
    const cell = store.symbol('cell');
    const domain = (names: string[]) => makeSlot(names.map((n) => store.constant(n)));
    const layout = new RelationLayout(store, game.keywords.true, [
      [{ functor: cell, slots: [domain(['1', '2', '3']), domain(['1', '2', '3']), domain(['x', 'o', 'b'])] }],
    ]);
    expect(layout.size).toBe(27);
    expect(layout.encode([t('(cell 3 1 o)')])).toBe(11);
    expect(store.toKif(layout.decode(11)[0]!)).toBe('(cell 3 1 o)');
    for (let id = 0; id < layout.size; id++) expect(layout.encode(layout.decode(id))).toBe(id);
    expect(layout.encode([t('(cell 4 1 o)')])).toBe(-1);
  });

  it('gives every tictactoe fluent a unique id from the computed domains', () => {
    const layouts = relationLayouts(game, computeArgumentDomains(game));
    const fluents = layouts[game.keywords.true]!;
    expect(fluents.shapes.map((s) => s.size).sort((a, b) => a - b)).toEqual([2, 27]);
    const seen = new Set<string>();
    for (let id = 0; id < fluents.size; id++) {
      const [term] = fluents.decode(id);
      seen.add(store.toKif(term!));
      expect(fluents.encode([term!])).toBe(id);
    }
    expect(seen.size).toBe(29);
    expect(seen.has('(control oplayer)')).toBe(true);
  });

  it('mixed-radix encoding is bijective', () => {
    const radices = [3, 1, 4, 2];
    const out = [0, 0, 0, 0];
    for (let id = 0; id < 24; id++) {
      mixedRadixDecode(id, radices, out);
      expect(mixedRadixEncode(out, radices)).toBe(id);
    }
  });
});
