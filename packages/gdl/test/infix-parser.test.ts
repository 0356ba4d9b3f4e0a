import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseInfix, printInfix, printKif } from '../src/index.js';

describe('parseInfix', () => {
  it('reads facts, rules, negation, distinct and disjunction into the KIF AST', () => {
    const { description, diagnostics } = parseInfix(
      [
        '% Tic-tac-toe fragment',
        'role(xplayer).',
        'legal(P, mark(X, Y)) :- true(cell(X, Y, b)) & ~r(X), not q(Y), \\+ s & distinct(X, Y).',
        'p(X) :- q(X) | r(X) ; s(X).',
        'terminal :- (a & b) | c.',
      ].join('\n'),
      'g.pl',
    );
    expect(diagnostics).toEqual([]);
    expect(printKif(description)).toBe(
      [
        '(role xplayer)',
        '(<= (legal ?p (mark ?x ?y)) (true (cell ?x ?y b)) (not (r ?x)) (not (q ?y)) (not s) (distinct ?x ?y))',
        '(<= (p ?x) (or (q ?x) (r ?x) (s ?x)))',
        '(<= terminal (or (and a b) c))',
        '',
      ].join('\n'),
    );
  });

  it('keeps variable spelling, lowercases constants, and locates terms', () => {
    const { description } = parseInfix('\n  goal(White, 100) :- Score(x).', 'g.pl');
    expect(description.rules).toEqual([]);
    const ok = parseInfix('\n  goal(Who, 100) :- score(Who, HIGH).', 'g.pl').description.rules[0]!;
    expect(ok.head).toMatchObject({
      name: 'goal',
      args: [
        { kind: 'var', name: 'Who', span: { line: 2, column: 8 } },
        { kind: 'const', name: '100' },
      ],
    });
    expect(ok.body[0]).toMatchObject({ atom: { args: [{}, { kind: 'var', name: 'HIGH' }] } });
    expect(parseInfix('Role(White).', 'g.pl').diagnostics[0]).toMatchObject({ code: 'variable-functor' });
  });

  it('reads quoted names verbatim and gives each anonymous variable its own name', () => {
    const { description, diagnostics } = parseInfix("p('map+', 'it''s') :- q(_, _1, _).", 'g.pl');
    expect(diagnostics).toEqual([]);
    expect(printKif(description)).toBe("(<= (p map+ it's) (q ?_2 ?_1 ?_3))\n");
    expect(printInfix(description)).toBe("p('map+', 'it''s') :- q(_2, _1, _3).\n");
  });

  it('reads a bare not as a zero-arity relation only where a literal ends', () => {
    const { description } = parseInfix('p :- not & not q.', 'g.pl');
    expect(printKif(description)).toBe('(<= p not (not q))\n');
  });

  it('reports each broken clause with its location and keeps parsing the next ones', () => {
    const { description, diagnostics } = parseInfix(
      'role(a).\np(X :- q(X).\nr(b).\ns :- t @ u.\nv',
      'bad.pl',
    );
    expect(description.rules.map((r) => r.head.name)).toEqual(['role', 'r']);
    expect(diagnostics.map((d) => [d.code, d.span.line, d.span.column])).toEqual([
      ['syntax', 2, 5],
      ['syntax', 4, 8],
      ['syntax', 4, 10],
      ['syntax', 5, 1],
    ]);
    expect(diagnostics[0]!.message).toMatch(/expected '\)'/);
  });

  // Issue 25: deep terms and long negation chains must not overflow the recursive descent.
  it('reports terms and literals nested deeper than MAX_NESTING as located errors', () => {
    const term = `p(${'f('.repeat(3000)}a${')'.repeat(3000)}).`;
    const negations = `q :- ${'~'.repeat(3000)}r.`;
    const fine = `s(${'f('.repeat(MAX_NESTING - 1)}a${')'.repeat(MAX_NESTING - 1)}).`;
    const { description, diagnostics } = parseInfix([term, negations, fine].join('\n'), 'deep.pl');
    expect(diagnostics.map((d) => [d.code, d.span.line, d.span.column])).toEqual([
      ['nesting-depth', 1, 3 + 2 * (MAX_NESTING - 1)],
      ['nesting-depth', 2, 6 + MAX_NESTING],
    ]);
    expect(description.rules.map((r) => r.head.name)).toEqual(['s']);
  });
});
