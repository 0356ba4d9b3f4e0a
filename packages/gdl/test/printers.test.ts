import { describe, expect, it } from 'vitest';
import { parseInfix, parseKif, printInfix, printKif } from '../src/index.js';

describe('printKif', () => {
  it('prints canonical KIF: lowercase, single spaces, one rule per line', () => {
    const { description } = parseKif(
      '; comment\n(ROLE  Robot)\n(<=   (Legal ?P (Move ?X))\n   (TRUE (cell ?x)) (not (p ?X)) (or (q) (and r s)))',
      't.kif',
    );
    expect(printKif(description)).toBe(
      '(role robot)\n(<= (legal ?p (move ?x)) (true (cell ?x)) (not (p ?x)) (or q (and r s)))\n',
    );
  });

  it('keeps infix variables that differ only in case apart', () => {
    const { description } = parseInfix('p(Ab, AB) :- q(Ab, AB).', 't.pl');
    expect(printKif(description)).toBe('(<= (p ?ab ?ab_2) (q ?ab ?ab_2))\n');
  });
});

describe('printInfix', () => {
  it('capitalises KIF variables and quotes names that are not plain identifiers', () => {
    const { description } = parseKif(
      '(<= (next (index++ ?n++)) (true (count ?n)) (map+ ?n ?n++) (distinct ?n not) (not (or a b)))',
      't.kif',
    );
    expect(printInfix(description)).toBe(
      "next('index++'(N__)) :- true(count(N)) & 'map+'(N, N__) & distinct(N, 'not') & ~(a | b).\n",
    );
  });
});
