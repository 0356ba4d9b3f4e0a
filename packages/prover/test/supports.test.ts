import { describe, expect, it } from 'vitest';
import { queryAtom, SupportProver } from '../src/index.js';
import { corpusGame, kif, showSupports, terms } from './helpers.js';

describe('Example 2 and 4: B+ = {}, B0 = {b(1), b(2)}', () => {
  const game = corpusGame('tests/filter/example2.kif');
  const prover = new SupportProver(game);
  const bPlus = terms(game, []);
  const bZero = terms(game, ['(b 1)', '(b 2)']);

  it('b(X) has the supports {b(1)} with X=1 and {b(2)} with X=2', () => {
    const answers = prover.supports(queryAtom(game, 'b', [null]), bPlus, bZero);
    const shown = answers.map((a) => [game.store.toKif(a.answer), showSupports(game, a.supports)]);
    expect(shown.sort()).toEqual([
      ['(b 1)', ['{(b 1)}']],
      ['(b 2)', ['{(b 2)}']],
    ]);
  });

  it('obs has exactly the support {¬b(1), ¬b(2)}', () => {
    const [answer, ...rest] = prover.supports(game.parseTerm('obs'), bPlus, bZero);
    expect(rest).toEqual([]);
    expect(showSupports(game, answer!.supports)).toEqual(['{~(b 1) ~(b 2)}']);
  });

  it('¬obs has the supports {b(1)} and {b(2)}', () => {
    const supports = prover.supportsOfNegation(game.parseTerm('obs'), bPlus, bZero);
    expect(showSupports(game, supports)).toEqual(['{(b 1)}', '{(b 2)}']);
  });

  it('obs, p and q are credulous but not skeptical consequences', () => {
    for (const name of ['obs', 'p', 'q']) {
      const atom = game.parseTerm(name);
      expect(prover.credulous(atom, bPlus, bZero), name).toEqual([atom]);
      expect(prover.skeptical(atom, bPlus, bZero), name).toEqual([]);
    }
  });

  it('with b(1) known, a and q are skeptical and obs has no support', () => {
    const known = terms(game, ['(b 1)']);
    const maybe = terms(game, ['(b 2)']);
    expect(prover.skeptical(game.parseTerm('q'), known, maybe)).toEqual([game.parseTerm('q')]);
    expect(prover.supports(game.parseTerm('obs'), known, maybe)).toEqual([]);
    expect(showSupports(game, prover.supportsOfNegation(game.parseTerm('obs'), known, maybe))).toEqual([
      '{}',
    ]);
  });
});

describe('Example 3: Monty Hall of Figure 1 after the first round', () => {
  const game = corpusGame('tests/filter/figure1-montyhall.kif');
  const prover = new SupportProver(game);
  const bPlus = terms(game, [
    '(true (closed 1))',
    '(true (closed 2))',
    '(true (closed 3))',
    '(true (chosen 1))',
    '(true (step 1))',
    '(does candidate noop)',
  ]);
  const bZero = terms(game, ['(does monty (open_door 2))', '(does monty (open_door 3))']);

  it('sees(candidate, 3) has the single support {does(monty, open_door(3))}', () => {
    const answers = prover.supports(game.parseTerm('(sees candidate 3)'), bPlus, bZero);
    expect(answers).toHaveLength(1);
    expect(showSupports(game, answers[0]!.supports)).toEqual(['{(does monty (open_door 3))}']);
  });

  it('¬sees(candidate, 2) has the single support {¬does(monty, open_door(2))}', () => {
    const supports = prover.supportsOfNegation(game.parseTerm('(sees candidate 2)'), bPlus, bZero);
    expect(showSupports(game, supports)).toEqual(['{~(does monty (open_door 2))}']);
  });

  it('the possible percepts of the candidate are doors 2 and 3, none of them known', () => {
    const query = queryAtom(game, 'sees', [game.parseTerm('candidate'), null]);
    expect(kif(game, prover.credulous(query, bPlus, bZero))).toEqual([
      '(sees candidate 2)',
      '(sees candidate 3)',
    ]);
    expect(prover.skeptical(query, bPlus, bZero)).toEqual([]);
  });

  it('next(closed(1)) is skeptical; next(closed(3)) needs door 3 to stay shut', () => {
    const query = queryAtom(game, 'next', [null]);
    const answers = prover.supports(query, bPlus, bZero);
    const byAtom = new Map(answers.map((a) => [game.store.toKif(a.answer), showSupports(game, a.supports)]));
    expect(byAtom.get('(next (closed 1))')).toEqual(['{}']);
    expect(byAtom.get('(next (closed 3))')).toEqual(['{~(does monty (open_door 3))}']);
    expect(byAtom.get('(next (step 2))')).toEqual(['{}']);
  });
});
