import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BudgetExceededError, IllegalMoveError, loadGame, sortCanonical } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { createForward } from '../src/index.js';

const games = join(import.meta.dirname, '../../../games');
const load = (file: string) => loadGame(readFileSync(join(games, file), 'utf8'), file);

describe('forward reasoner', () => {
  it('answers the tictactoe initial state', () => {
    const game = load('tictactoe.kif');
    const r = createForward(game);
    const s = r.initialState();
    const text = (ts: readonly number[]) => sortCanonical(game.store, ts).map((x) => game.store.toKif(x));
    expect(text(r.stateToFacts(s))).toContain('(control xplayer)');
    expect(r.stateToFacts(s)).toHaveLength(10);
    expect(text(r.legalMoves(s, 0))).toEqual([
      '(mark 1 1)',
      '(mark 1 2)',
      '(mark 1 3)',
      '(mark 2 1)',
      '(mark 2 2)',
      '(mark 2 3)',
      '(mark 3 1)',
      '(mark 3 2)',
      '(mark 3 3)',
    ]);
    expect(text(r.legalMoves(s, 1))).toEqual(['noop']);
    expect(r.isTerminal(s)).toBe(false);
    const next = r.nextState(s, [game.parseTerm('(mark 2 2)'), game.parseTerm('noop')]);
    expect(text(r.stateToFacts(next))).toContain('(cell 2 2 x)');
    expect(text(r.stateToFacts(next))).toContain('(control oplayer)');
    expect(r.legalMoves(next, 1)).toHaveLength(8);
    expect(() => r.nextState(s, [game.parseTerm('noop'), game.parseTerm('noop')])).toThrow(IllegalMoveError);
    const back = r.stateFromFacts(r.stateToFacts(next));
    expect(text(r.stateToFacts(back))).toEqual(text(r.stateToFacts(next)));
  });

  it('plays tictactoe playouts to terminal states with goals', () => {
    const r = createForward(load('tictactoe.kif'));
    const stats = r.playouts(r.initialState(), { count: 200, seed: 3 });
    expect(stats.playouts).toBe(200);
    expect(stats.minDepth).toBeGreaterThanOrEqual(5);
    expect(stats.maxDepth).toBeLessThanOrEqual(9);
    expect(stats.goalSums[0]! + stats.goalSums[1]!).toBeGreaterThan(0);
    expect(r.perft(r.initialState(), 2)).toBe(1 + 9 + 72);
  });

  // Regression: the build time budget was checked only while rules were reordered, so `ordering: 'source'`
  // (tables built in the program's constructor) ignored it.
  it('stops a build over buildTimeMs with BudgetExceededError in every ordering', () => {
    const game = load('connectfour.kif');
    for (const ordering of ['source', 'best'] as const) {
      expect(() => createForward(game, { ordering, buildTimeMs: 0 })).toThrow(BudgetExceededError);
    }
    expect(createForward(game, { ordering: 'source', buildTimeMs: 60_000 }).report.ordering).toBe('source');
  });

  // Regression: the argument domains (ground's permanent facts, naive over kalaha's arithmetic tables: minutes)
  // were computed before the first budget check, so a build could not be stopped there.
  it('stops a build over buildTimeMs while the argument domains are computed', () => {
    const game = load('kalaha_2009.kif');
    const t0 = performance.now();
    // The whole build takes about 350 ms on an idle machine since unused relations are left out, so the budget
    // must be well below that for the check to be reached whatever the machine (500 ms passed on idle CI).
    expect(() => createForward(game, { buildTimeMs: 50 })).toThrow(BudgetExceededError);
    expect(performance.now() - t0).toBeLessThan(60_000);
  });

  // Regression: the sampling deadline was checked between playouts only, so amazons.kif sampled one whole
  // playout of table-free derivations (18 s) before its tables were built. With no time, one state.
  it('stops sampling states at its deadline, within a playout', () => {
    const game = load('tictactoe.kif');
    expect(createForward(game, { sampleMs: 0 }).report.sampledStates).toBe(1);
    expect(createForward(game, { sampleMs: 60_000, sampleStates: 7 }).report.sampledStates).toBe(7);
  });
});
