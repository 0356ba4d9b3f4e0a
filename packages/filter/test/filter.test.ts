import { SupportProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { filterObservations, InconsistentObservationError, KnowledgeState } from '../src/index.js';
import { corpusGame, kif, terms } from './helpers.js';

describe('Example 4: B+ = {}, B0 = {b(1), b(2)}, possible observation obs', () => {
  const game = corpusGame('tests/filter/example2.kif');
  const prover = new SupportProver(game);
  const start = new KnowledgeState([], terms(game, ['(b 1)', '(b 2)']));
  const obs = game.parseTerm('obs');

  it('observing obs empties B0 (B+ stays empty): only the model {} is left', () => {
    const after = filterObservations(prover, start, [obs], []);
    expect(kif(game, after.bPlus)).toEqual([]);
    expect(kif(game, after.bZero)).toEqual([]);
    expect(after.represents([])).toBe(true);
  });

  it('then p is skeptically entailed and q is not even credulously', () => {
    const after = filterObservations(prover, start, [obs], []);
    expect(prover.skeptical(game.parseTerm('p'), after.bPlus, after.bZero)).toEqual([game.parseTerm('p')]);
    expect(prover.credulous(game.parseTerm('q'), after.bPlus, after.bZero)).toEqual([]);
  });

  it('not observing obs learns nothing: B+ and B0 are unchanged', () => {
    const after = filterObservations(prover, start, [], [obs]);
    expect(kif(game, after.bPlus)).toEqual([]);
    expect(kif(game, after.bZero)).toEqual(['(b 1)', '(b 2)']);
  });

  it('the filter is correct but incomplete: after not observing obs the model {} is still represented', () => {
    const after = filterObservations(prover, start, [], [obs]);
    for (const model of [[], ['(b 1)'], ['(b 2)'], ['(b 1)', '(b 2)']]) {
      expect(after.represents(terms(game, model)), model.join(' ')).toBe(true);
    }
  });

  it('an observation no model entails is an inconsistency, reported as such', () => {
    const known = new KnowledgeState(terms(game, ['(b 1)']), []);
    expect(() => filterObservations(prover, known, [obs], [])).toThrow(InconsistentObservationError);
  });
});

describe('Example 3: Monty Hall of Figure 1, the candidate observes door 3 opened', () => {
  const game = corpusGame('tests/filter/figure1-montyhall.kif');
  const prover = new SupportProver(game);
  const start = new KnowledgeState(
    terms(game, [
      '(true (closed 1))',
      '(true (closed 2))',
      '(true (closed 3))',
      '(true (chosen 1))',
      '(true (step 1))',
      '(does candidate noop)',
    ]),
    terms(game, ['(does monty (open_door 2))', '(does monty (open_door 3))']),
  );

  it('does(monty, open_door(3)) becomes known and does(monty, open_door(2)) known false', () => {
    const after = filterObservations(
      prover,
      start,
      [game.parseTerm('(sees candidate 3)')],
      [game.parseTerm('(sees candidate 2)')],
    );
    expect(after.bPlus.has(game.parseTerm('(does monty (open_door 3))'))).toBe(true);
    expect(kif(game, after.bZero)).toEqual([]);
  });

  it('so next(closed(1)) and next(closed(2)) are skeptical, next(closed(3)) not even credulous', () => {
    const after = filterObservations(
      prover,
      start,
      [game.parseTerm('(sees candidate 3)')],
      [game.parseTerm('(sees candidate 2)')],
    );
    const next = (t: string) => game.parseTerm(t);
    expect(prover.skeptical(next('(next (closed 1))'), after.bPlus, after.bZero)).toHaveLength(1);
    expect(prover.skeptical(next('(next (closed 2))'), after.bPlus, after.bZero)).toHaveLength(1);
    expect(prover.credulous(next('(next (closed 3))'), after.bPlus, after.bZero)).toHaveLength(0);
  });
});
