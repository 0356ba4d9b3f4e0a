import { GdlkitError, IllegalMoveError, sortCanonical } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnetWithStats, GateKind, PropnetReasoner } from '../src/index.js';
import { corpusGame } from './helpers.js';

describe('buildPropnet on tictactoe', () => {
  const game = corpusGame('tictactoe.kif');
  const { ir, stats } = buildPropnetWithStats(game);
  const reasoner = new PropnetReasoner(game, ir);
  const text = (terms: readonly number[]) => sortCanonical(game.store, terms).map((t) => game.store.toKif(t));

  it('has one base per reachable fluent and one input per legal move', () => {
    expect(ir.baseGate.length).toBe(29);
    expect(ir.inputGate.length).toBe(20);
    expect(ir.legalStart[1]! - ir.legalStart[0]!).toBe(10);
  });

  it('optimisation shrinks the net and reports counts before and after', () => {
    expect(stats.after.gates).toBeLessThan(stats.before.gates);
    expect(stats.after.edges).toBeLessThan(stats.before.edges);
    expect(stats.after.bases).toBe(stats.before.bases);
    // No single-input AND/OR survives.
    for (let g = ir.firstLogic; g < ir.gateCount; g++) {
      const kind = ir.gateKind[g];
      if (kind === GateKind.And || kind === GateKind.Or) {
        expect(ir.faninStart[g + 1]! - ir.faninStart[g]!).toBeGreaterThan(1);
      }
    }
  });

  it('numbers gates in topological order with state-only gates first', () => {
    for (let g = ir.firstLogic; g < ir.gateCount; g++) {
      for (let e = ir.faninStart[g]!; e < ir.faninStart[g + 1]!; e++) {
        const input = ir.fanin[e]!;
        expect(input < g || (ir.cycleOf[g]! >= 0 && ir.cycleOf[input] === ir.cycleOf[g])).toBe(true);
        if (g < ir.phaseSplit) expect(ir.gateKind[input]).not.toBe(GateKind.Input);
      }
    }
  });

  it('answers the initial state, legal moves, next state, goals and terminal', () => {
    const s0 = reasoner.initialState();
    expect(text(reasoner.stateToFacts(s0))).toContain('(control xplayer)');
    expect(reasoner.stateToFacts(s0)).toHaveLength(10);
    expect(text(reasoner.legalMoves(s0, 0))).toHaveLength(9);
    expect(text(reasoner.legalMoves(s0, 1))).toEqual(['noop']);
    expect(reasoner.isTerminal(s0)).toBe(false);
    const s1 = reasoner.nextState(s0, [game.parseTerm('(mark 2 2)'), game.parseTerm('noop')]);
    expect(text(reasoner.stateToFacts(s1))).toContain('(cell 2 2 x)');
    expect(text(reasoner.legalMoves(s1, 1))).not.toContain('(mark 2 2)');
    // x wins along the diagonal.
    let s = s1;
    const play = (x: string, o: string) => {
      s = reasoner.nextState(s, [game.parseTerm(x), game.parseTerm(o)]);
    };
    play('noop', '(mark 1 2)');
    play('(mark 1 1)', 'noop');
    play('noop', '(mark 1 3)');
    play('(mark 3 3)', 'noop');
    expect(reasoner.isTerminal(s)).toBe(true);
    expect(reasoner.goals(s)).toEqual([100, 0]);
  });

  it('throws IllegalMoveError for an illegal move and a typed error for an unknown fluent', () => {
    const s0 = reasoner.initialState();
    expect(() => reasoner.nextState(s0, [game.parseTerm('noop'), game.parseTerm('noop')])).toThrow(
      IllegalMoveError,
    );
    expect(() => reasoner.stateFromFacts([game.parseTerm('(cell 9 9 x)')])).toThrow(GdlkitError);
  });

  it('round-trips states through facts', () => {
    const s0 = reasoner.initialState();
    expect(reasoner.stateFromFacts(reasoner.stateToFacts(s0))).toEqual(s0);
  });
});
