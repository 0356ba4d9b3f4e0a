import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseKif } from '../src/index.js';

const gamesDir = join(import.meta.dirname, '../../../games');

describe('parseKif', () => {
  it('parses rules, facts, negation, distinct and or with lowercase names', () => {
    const { description, diagnostics } = parseKif(
      '(ROLE Xplayer)\n(<= (Legal ?P (Mark ?X)) (True (cell ?x b)) (not (p ?x)) (distinct ?x 1) (or (q) r))',
      't.kif',
    );
    expect(diagnostics).toEqual([]);
    expect(description.rules).toHaveLength(2);
    const rule = description.rules[1]!;
    expect(rule.head).toMatchObject({
      kind: 'compound',
      name: 'legal',
      args: [{ kind: 'var', name: 'p' }, {}],
    });
    expect(rule.body.map((l) => l.kind)).toEqual(['atom', 'not', 'distinct', 'or']);
  });

  it('reports an unclosed parenthesis with its location', () => {
    const { diagnostics } = parseKif('(role x)\n  (<= (p ?x) (q ?x)', 'bad.kif');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', code: 'syntax', span: { line: 2, column: 3 } });
  });

  it('rejects a variable in relation position', () => {
    const { diagnostics } = parseKif('(<= (p ?x) (?x a))', 'v.kif');
    expect(diagnostics[0]?.message).toMatch(/relation or function position/);
  });

  // Issue 25: a term nested about 3,000 deep made the recursive reader throw RangeError.
  it('reports a term nested deeper than MAX_NESTING as a located error and keeps the other rules', () => {
    const nested = (depth: number) => `${'(f '.repeat(depth)}a${')'.repeat(depth)}`;
    const text = `(role x)\n(p ${nested(3000)})\n(q ${nested(MAX_NESTING - 1)})\n(r b)`;
    const { description, diagnostics } = parseKif(text, 'deep.kif');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'nesting-depth',
        span: expect.objectContaining({ line: 2, column: 4 + 3 * (MAX_NESTING - 1) }),
      }),
    ]);
    expect(description.rules.map((r) => r.head.name)).toEqual(['role', 'q', 'r']);
  });

  it('reports an unclosed form that was skipped for its depth', () => {
    const { diagnostics } = parseKif(`(role x)\n(p ${'(f '.repeat(400)}`, 'deep.kif');
    expect(diagnostics.map((d) => [d.code, d.span.line, d.span.column])).toEqual([
      ['nesting-depth', 2, 4 + 3 * (MAX_NESTING - 1)],
      ['syntax', 2, 1],
    ]);
  });

  it('parses every corpus file without syntax errors', () => {
    const files = readdirSync(gamesDir).filter((f) => f.endsWith('.kif'));
    expect(files.length).toBeGreaterThan(200);
    for (const f of files) {
      const { diagnostics, description } = parseKif(readFileSync(join(gamesDir, f), 'utf8'), f);
      expect(diagnostics, f).toEqual([]);
      expect(description.rules.length, f).toBeGreaterThan(0);
    }
  });
});
