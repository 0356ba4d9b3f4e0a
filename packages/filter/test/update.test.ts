// The update procedure of "A Basic Update Method" (Thielscher 2013) on Monty Hall, step by step.
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createFilter } from '../src/index.js';
import { corpusGame, kif } from './helpers.js';

describe('Monty Hall of Figure 1 from the candidate', () => {
  const game = corpusGame('tests/filter/figure1-montyhall.kif');
  const filter = createFilter(game, { role: 'candidate' });
  const t = (s: string) => game.parseTerm(s);

  it('step 1: complete knowledge of the initial state', () => {
    const s = filter.initialState();
    expect(kif(game, filter.stateToFacts(s))).toEqual(['(closed 1)', '(closed 2)', '(closed 3)', '(step 1)']);
    expect(filter.possibleFacts(s)).toEqual([]);
  });

  it('round 1: where the car is becomes possible for each door, nothing else is uncertain', () => {
    const s0 = filter.initialState();
    expect(kif(game, filter.possibleLegalMoves(s0, 0))).toEqual([
      '(hide_car 1)',
      '(hide_car 2)',
      '(hide_car 3)',
    ]);
    const { state: s1 } = filter.update(s0, t('(choose 1)'), []);
    expect(kif(game, filter.stateToFacts(s1))).toEqual([
      '(chosen 1)',
      '(closed 1)',
      '(closed 2)',
      '(closed 3)',
      '(step 2)',
    ]);
    expect(kif(game, filter.possibleFacts(s1))).toEqual(['(car 1)', '(car 2)', '(car 3)']);
    expect(filter.knowsLegalMoves(s1)).toBe(true);
    expect(kif(game, filter.legalMoves(s1, 1))).toEqual(['noop']);
  });

  // The filter learns does(monty, open_door(3)) (Example 3) but not that the car is not behind door 3: that
  // follows only from the legality of Monty's move, which filtering through sees does not use (incompleteness).
  it('round 2: seeing door 3 opened closes door 3; the car stays possible behind every door', () => {
    const { state: s1 } = filter.update(filter.initialState(), t('(choose 1)'), []);
    const { state: s2 } = filter.update(s1, t('noop'), [t('3')]);
    expect(kif(game, filter.stateToFacts(s2))).toEqual([
      '(chosen 1)',
      '(closed 1)',
      '(closed 2)',
      '(step 3)',
    ]);
    expect(kif(game, filter.possibleFacts(s2))).toEqual(['(car 1)', '(car 2)', '(car 3)']);
    expect(filter.terminalKnowledge(s2)).toBe('not terminal');
  });

  it('round 3 and step 3: after switching and seeing the car, termination and the goal are known', () => {
    const { state: s1 } = filter.update(filter.initialState(), t('(choose 1)'), []);
    const { state: s2 } = filter.update(s1, t('noop'), [t('3')]);
    const { state: s3 } = filter.update(s2, t('switch'), [t('2')]);
    expect(kif(game, filter.stateToFacts(s3))).toContain('(car 2)');
    expect(kif(game, filter.stateToFacts(s3))).toContain('(chosen 2)');
    expect(filter.isTerminal(s3)).toBe(true);
    expect(filter.goal(s3, 1)).toBe(100);
  });

  it('rejects an own move that cannot be legal and percepts no model allows', () => {
    const s0 = filter.initialState();
    expect(() => filter.update(s0, t('switch'), [])).toThrow(/illegal move/);
    const { state: s1 } = filter.update(s0, t('(choose 1)'), []);
    expect(() => filter.update(s1, t('noop'), [t('1')])).toThrow(/contradicts/);
  });
});

describe('Monty Hall of Figure 1 from Monty, who sees every move', () => {
  const game = corpusGame('tests/filter/figure1-montyhall.kif');
  const filter = createFilter(game, { role: 'monty' });
  const t = (s: string) => game.parseTerm(s);

  it('keeps complete knowledge: B0 stays empty and B+ is the true state', () => {
    const truth = createProver(game);
    let truthState = truth.initialState();
    let s = filter.initialState();
    const rounds = [
      ['(hide_car 2)', '(choose 1)'],
      ['(open_door 3)', 'noop'],
      ['noop', 'switch'],
    ];
    for (const [m, c] of rounds) {
      const move = [t(m!), t(c!)];
      const percepts = truth.sees(truthState, move, 0);
      s = filter.update(s, move[0]!, percepts).state;
      truthState = truth.nextState(truthState, move);
      expect(filter.possibleFacts(s)).toEqual([]);
      expect(kif(game, filter.stateToFacts(s))).toEqual(kif(game, truth.stateToFacts(truthState)));
    }
    expect(filter.goal(s, 0)).toBe(0);
  });
});
