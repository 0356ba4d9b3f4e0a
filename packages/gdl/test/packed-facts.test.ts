import { describe, expect, it } from 'vitest';
import type { SourceSpan, Term } from '../src/index.js';
import { parseKif } from '../src/index.js';

// Issue 25: ground one-line facts are kept packed and rebuilt on each read; readers must not see a difference.

function spans(term: Term, out: [string, SourceSpan][] = []): [string, SourceSpan][] {
  out.push([term.kind === 'var' ? `?${term.name}` : term.name, term.span]);
  if (term.kind === 'compound') for (const arg of term.args) spans(arg, out);
  return out;
}

describe('packed facts', () => {
  const text = '(role x)\n\n   (CELL 1 (f a (g)) "b c")\n(p ?x)\n(q\n  a)\n(<= (r a) (q a))\n';
  const { description, diagnostics } = parseKif(text, 'packed.kif');

  it('rebuild every node with its name and exact span', () => {
    expect(diagnostics).toEqual([]);
    const cell = description.rules[1]!;
    expect(cell.kind).toBe('rule');
    expect(cell.body).toEqual([]);
    expect(cell.span).toEqual({ file: 'packed.kif', line: 3, column: 4, offset: 13, length: 24 });
    const nodes = spans(cell.head);
    expect(nodes.map(([name]) => name)).toEqual(['cell', '1', 'f', 'a', 'g', '"b c"']);
    const sources = ['(cell 1 (f a (g)) "b c")', '1', '(f a (g))', 'a', '(g)', '"b c"'];
    nodes.forEach(([, span], i) => {
      expect(span.line).toBe(3);
      expect(span.column).toBe(span.offset - 9);
      expect(text.slice(span.offset, span.offset + span.length).toLowerCase()).toBe(sources[i]);
    });
    expect(cell.head).toMatchObject({
      kind: 'compound',
      args: [{ kind: 'const' }, { kind: 'compound' }, {}],
    });
    expect(
      (cell.head.kind === 'compound' &&
        cell.head.args[1]?.kind === 'compound' &&
        cell.head.args[1].args[1]) ||
        undefined,
    ).toMatchObject({ kind: 'const', name: 'g' });
  });

  it('leave facts with variables, facts over several lines and rules as trees with equal content', () => {
    const [, , variable, multiLine, rule] = description.rules;
    expect(variable!.head).toMatchObject({ args: [{ kind: 'var', name: 'x' }] });
    expect(multiLine!.head).toMatchObject({ name: 'q', args: [{ name: 'a', span: { line: 6, column: 3 } }] });
    expect(rule!.body).toHaveLength(1);
  });

  it('serialise to JSON as the plain rule', () => {
    const cell = description.rules[1]!;
    expect(JSON.parse(JSON.stringify(cell))).toEqual({
      kind: 'rule',
      head: cell.head,
      body: [],
      span: cell.span,
    });
  });

  it('keep thousands of facts apart', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `(fact${i % 7} n${i} (s n${i + 1}))`).join('\n');
    const rules = parseKif(many, 'many.kif').description.rules;
    expect(rules).toHaveLength(5000);
    for (const i of [0, 1, 4095, 4096, 4999]) {
      const head = rules[i]!.head;
      expect(head).toMatchObject({
        name: `fact${i % 7}`,
        args: [{ name: `n${i}` }, { name: 's', args: [{ name: `n${i + 1}` }] }],
      });
      expect(rules[i]!.span.line).toBe(i + 1);
    }
  });
});
