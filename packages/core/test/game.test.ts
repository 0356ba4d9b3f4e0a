import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidGameError, loadGame, TermStore } from '../src/index.js';

const games = join(import.meta.dirname, '../../../games');
const read = (f: string) => readFileSync(join(games, f), 'utf8');

describe('TermStore', () => {
  it('hash-conses terms and prints canonical KIF', () => {
    const s = new TermStore();
    const one = s.constant('1');
    const cell = s.symbol('cell');
    const a = s.compound(cell, [one, one, s.constant('b')]);
    const b = s.compound(cell, [s.constant('1'), one, s.constant('b')]);
    expect(a).toBe(b);
    expect(s.toKif(a)).toBe('(cell 1 1 b)');
    expect(s.find(cell, [one, one, one])).toBeUndefined();
    for (let i = 0; i < 10_000; i++) s.compound(cell, [s.constant(String(i))]);
    expect(s.find(cell, [s.constant('9999')])).toBeDefined();
    expect(s.toKif(s.compound(cell, [s.constant('42')]))).toBe('(cell 42)');
  });
});

describe('loadGame', () => {
  it('analyses tictactoe: roles, static and dynamic relations, strata', () => {
    const game = loadGame(read('tictactoe.kif'), 'tictactoe.kif');
    expect(game.roles.map((r) => game.store.toKif(r))).toEqual(['xplayer', 'oplayer']);
    expect(game.isGdl2).toBe(false);
    const rel = (key: string) => game.relations.find((r) => r.key === key)!.id;
    expect(game.analysis.dynamic[rel('index/1')]).toBe(false);
    expect(game.analysis.dynamic[rel('line/1')]).toBe(true);
    expect(game.analysis.dynamic[rel('legal/2')]).toBe(true);
    expect(game.analysis.dependsOnDoes[rel('next/1')]).toBe(true);
    expect(game.analysis.dependsOnDoes[rel('legal/2')]).toBe(false);
    expect(game.analysis.stratum[rel('terminal/0')]).toBeGreaterThan(game.analysis.stratum[rel('open/0')]!);
  });

  it('recognises GDL-II games', () => {
    const game = loadGame(read('montyhall.kif'), 'montyhall.kif');
    expect(game.isGdl2).toBe(true);
    expect(game.randomRole).toBeGreaterThanOrEqual(0);
  });

  it('gives unbound role arguments the roles as range and negation of unbound variables an auxiliary', () => {
    const game = loadGame(
      `(role a) (role b) (init (p 1)) (<= (legal ?r noop) (not (true (q ?r))))
       (<= (next (p ?x)) (true (p ?x)) (not (true (r ?x ?y))))
       (<= terminal (true (p 2))) (<= (goal ?r 0) (not terminal))`,
      'lenient.kif',
    );
    const legal = game.rulesByHead[game.keywords.legal]![0]!;
    expect(legal.body[0]).toMatchObject({ kind: 'pos', atom: { relation: game.keywords.role } });
    const next = game.rulesByHead[game.keywords.next]![0]!;
    const neg = next.body.find((l) => l.kind === 'neg')!;
    expect(neg.kind === 'neg' && game.relations[neg.atom.relation]!.auxiliary).toBe(true);
  });

  it('rejects an unsafe head variable with a located error', () => {
    expect(() => loadGame('(role a)\n(<= (p ?x) (q 1))\n(<= terminal (p 2))', 'unsafe.kif')).toThrow(
      InvalidGameError,
    );
    expect(() => loadGame('(role a)\n(<= (p ?x) (q 1))\n(<= terminal (p 2))', 'unsafe.kif')).toThrow(
      /unsafe\.kif:2:1/,
    );
  });

  it('ignores an unsafe rule that no game relation uses (compliance test_case_3b)', () => {
    const game = loadGame(read('tests/compliance/test_case_3b.kif'), 'test_case_3b.kif');
    expect(game.diagnostics.map((d) => d.code)).toContain('unused-unsafe-rule');
    expect(() => loadGame('(role a)\n(<= (p ?x) (q 1))\n(<= terminal (p 1))', 'used.kif')).toThrow(
      /unsafe-head-variable/,
    );
  });

  it('loads every corpus game', () => {
    const failures: string[] = [];
    const files = [
      ...readdirSync(games).filter((x) => x.endsWith('.kif')),
      ...readdirSync(join(games, 'tests/compliance')).map((x) => `tests/compliance/${x}`),
    ];
    for (const f of files) {
      try {
        loadGame(read(f), f);
      } catch (e) {
        failures.push(`${f}: ${(e as Error).message.split('\n').slice(0, 2).join(' ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
