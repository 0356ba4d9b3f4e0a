import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKif } from '../src/index.js';

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
