import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { legalShape } from '../src/search/legal-shapes.js';

describe('legal shapes shared by tree nodes', () => {
  it('gives states with equal legal lists one shape, and others their own', async () => {
    const reasoner = await proverBackend.create(loadCorpusGame('connectfour.kif'));
    const g = reasoner.game;
    const start = reasoner.initialState();
    const shape = legalShape(reasoner, start);
    const columns = reasoner.legalMoves(start, 0).length;
    expect(shape.legal.map((moves) => moves.length)).toEqual([columns, 1]);
    expect(Array.from(shape.offsets)).toEqual([0, columns, columns + 1]);
    expect(shape.size).toBe(columns + 1);
    // One drop each into the first column: the first role to move again with every column open.
    const drop = (state: unknown, mover: number) => {
      const move = reasoner.legalMoves(state, mover)[0]!;
      const noop = reasoner.legalMoves(state, 1 - mover)[0]!;
      return reasoner.nextState(state, mover === 0 ? [move, noop] : [noop, move]);
    };
    const once = drop(start, 0);
    const twice = drop(once, 1);
    expect(legalShape(reasoner, twice)).toBe(shape);
    const other = legalShape(reasoner, once);
    expect(other).not.toBe(shape);
    expect(other.legal.map((moves) => moves.map((m) => g.store.toKif(m)))).toEqual(
      reasoner.game.roles.map((_, r) => reasoner.legalMoves(once, r).map((m) => g.store.toKif(m))),
    );
  });
});
