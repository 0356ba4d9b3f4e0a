import { collectVariables } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/testing';
import { computeArgumentDomains } from '@gdlkit/ground';
import { describe, expect, it } from 'vitest';
import { mixedRadixDecode, relationLayouts } from '../src/index.js';
import { ShapeCells } from '../src/table-cells.js';
import { compatibleShapes, matchShape, UNBOUND } from '../src/term-match.js';
import { TupleInterner } from '../src/tuple-interner.js';

// The reference tables visit only the cells a bound row can match (table-cells.ts). Against brute force on
// real games' rules: every cell where the literal matches under some bindings must be visited, and on the
// whole the visited cells must be far fewer than the cells of the rows.
describe('candidate cells of a reference table row', () => {
  for (const path of ['tictactoe.kif', 'breakthrough.kif', 'connectfour.kif', 'sheepandwolf.kif']) {
    it(`${path}: visits every matching cell and skips most others`, () => {
      const game = loadCorpusGame(path);
      const store = game.store;
      const layouts = relationLayouts(game, computeArgumentDomains(game));
      let visitedTotal = 0;
      let cellsTotal = 0;
      let matchesTotal = 0;
      for (const rule of game.rules) {
        const bindings = new Int32Array(rule.variableCount);
        for (const literal of rule.body) {
          if (literal.kind !== 'pos') continue;
          const variables = [
            ...literal.atom.args.reduce((s, p) => collectVariables(p, s), new Set<number>()),
          ];
          for (const shape of compatibleShapes(store, layouts[literal.atom.relation]!, literal.atom)) {
            if (shape.size > 20_000) continue;
            const values = new Int32Array(shape.radices.length);
            const digits = new Int32Array(shape.radices.length);
            const decode = (cell: number) => {
              mixedRadixDecode(cell, shape.radices, digits);
              for (let k = 0; k < values.length; k++) values[k] = shape.slots[k]!.values[digits[k]!]!;
            };
            const cells = new ShapeCells(store, literal.atom, shape);
            // Bindings a row could hold: the match of some instance, restricted to a subset of the variables.
            for (let witness = 0; witness < shape.size; witness += 1 + Math.floor(shape.size / 7)) {
              decode(witness);
              bindings.fill(UNBOUND);
              if (!matchShape(store, literal.atom, shape, values, bindings, [])) continue;
              for (let mask = 0; mask < 1 << Math.min(variables.length, 3); mask++) {
                const row = Int32Array.from(bindings);
                variables.forEach((v, i) => {
                  if (i < 3 && !(mask & (1 << i))) row[v] = UNBOUND;
                });
                const visited: number[] = [];
                if (cells.bind(row)) {
                  const cellValues = new Int32Array(values.length);
                  cells.forEach(cellValues, (cell) => {
                    visited.push(cell);
                    decode(cell);
                    expect(cellValues).toEqual(values);
                  });
                }
                const expected: number[] = [];
                for (let cell = 0; cell < shape.size; cell++) {
                  decode(cell);
                  const b = Int32Array.from(row);
                  if (matchShape(store, literal.atom, shape, values, b, [])) expected.push(cell);
                }
                const seen = new Set(visited);
                expect(seen.size).toBe(visited.length);
                for (const cell of expected) expect(seen.has(cell)).toBe(true);
                visitedTotal += visited.length;
                cellsTotal += shape.size;
                matchesTotal += expected.length;
              }
            }
          }
        }
      }
      expect(matchesTotal).toBeGreaterThan(0);
      expect(visitedTotal).toBeLessThan(cellsTotal / 2);
    });
  }
});

describe('tuple interner (reference numbers)', () => {
  it('numbers distinct tuples in first-seen order, whatever the size of the term ids', () => {
    const interner = new TupleInterner(3);
    const reference = new Map<string, number>();
    const bindings = new Int32Array(5);
    const vars = [4, 0, 2];
    let x = 12345;
    for (let i = 0; i < 50_000; i++) {
      for (let v = 0; v < bindings.length; v++) {
        x = (Math.imul(x, 1103515245) + 12345) | 0;
        // Small values collide often; a few ids past 2^21 (interned function terms) mix in.
        bindings[v] = (x >>> 8) % 23 === 0 ? 2 ** 21 + ((x >>> 3) % 5) : (x >>> 8) % 17;
      }
      const key = vars.map((v) => bindings[v]).join(',');
      if (!reference.has(key)) reference.set(key, reference.size);
      expect(interner.intern(bindings, vars)).toBe(reference.get(key));
    }
    expect(interner.count).toBe(reference.size);
    const out = new Int32Array(5).fill(-1);
    for (const [key, r] of reference) {
      interner.load(r, out, vars);
      expect(vars.map((v) => out[v]).join(',')).toBe(key);
    }
  });
});
