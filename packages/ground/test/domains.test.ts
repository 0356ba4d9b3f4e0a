import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BudgetExceededError, type Game, loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { computeArgumentDomains, type Domain } from '../src/index.js';

const games = join(import.meta.dirname, '../../../games');
const load = (file: string) => loadGame(readFileSync(join(games, file), 'utf8'), file);
const rel = (game: Game, key: string) => game.relations.find((r) => r.key === key)!.id;
const names = (game: Game, domain: Domain) => [...domain.constants].map((t) => game.store.toKif(t)).sort();

describe('argument domains (section 4.2)', () => {
  it('gives tictactoe cell the product domain of Example 4', () => {
    const game = load('tictactoe.kif');
    const { relations } = computeArgumentDomains(game);
    const fluents = relations[game.keywords.true]![0]!;
    const cell = [...fluents.functors.values()].find((f) => game.store.symbolName(f.symbol) === 'cell')!;
    expect(cell.args.map((a) => names(game, a))).toEqual([
      ['1', '2', '3'],
      ['1', '2', '3'],
      ['b', 'o', 'x'],
    ]);
    expect(fluents.size).toBe(27 + 2);
    // next and init share the fluent domain; does shares legal's.
    expect(relations[game.keywords.next]![0]).toBe(fluents);
    expect(relations[game.keywords.does]).toBe(relations[game.keywords.legal]);
    // Example 3: the first argument of legal ranges over the roles.
    expect(names(game, relations[game.keywords.legal]![0]!)).toEqual(['oplayer', 'xplayer']);
    const moves = relations[game.keywords.legal]![1]!;
    expect(moves.size).toBe(9 + 1);
    expect(names(game, relations[rel(game, 'row/2')]![1]!)).toEqual(['b', 'o', 'x']);
  });

  it('restricts head variables to the intersection of their positive occurrences', () => {
    const game = loadGame(
      `(role a) (init (p 1)) (init (p 2)) (init (p 3)) (q 2) (q 3) (q 4)
       (<= (both ?x) (true (p ?x)) (q ?x))
       (<= (onlyp ?x) (true (p ?x)) (not (q ?x)))
       (init (s 1)) (<= (legal a noop) (true (s 1)))
       (<= (next (s ?y)) (true (s ?x)) (both ?y)) (goal a 100) (<= terminal (true (s 3)))`,
      'inline.kif',
    );
    const { relations } = computeArgumentDomains(game);
    expect(names(game, relations[rel(game, 'both/1')]![0]!)).toEqual(['2', '3']);
    expect(names(game, relations[rel(game, 'onlyp/1')]![0]!)).toEqual(['1', '2', '3']);
    const fluents = relations[game.keywords.true]![0]!;
    const s = [...fluents.functors.values()].find((f) => game.store.symbolName(f.symbol) === 's')!;
    expect(names(game, s.args[0]!)).toEqual(['1', '2', '3']);
  });

  it('rejects unboundedly nested terms with a typed budget error', () => {
    const game = loadGame(
      `(role a) (num z) (<= (num (s ?x)) (num ?x)) (init (c z)) (<= (legal a noop) (num ?x))
       (<= (next (c ?x)) (true (c ?x))) (goal a 100) (<= terminal (true (c z)))`,
      'peano.kif',
    );
    expect(() => computeArgumentDomains(game)).toThrow(BudgetExceededError);
  });

  // A generous bound (issue 25: unit tests must pass on a loaded machine); timings go to docs/benchmarks.md.
  it('computes domains of larger corpus games without blowing up', () => {
    const started = Date.now();
    for (const file of [
      'breakthrough.kif',
      'connectfour.kif',
      'montyhall.kif',
      'hanoi.kif',
      'pancakes6.kif',
    ]) {
      const game = load(file);
      const { relations } = computeArgumentDomains(game);
      expect(relations[game.keywords.true]![0]!.size).toBeGreaterThan(0);
    }
    expect(Date.now() - started).toBeLessThan(120_000);
  });
});

describe('permanent facts', () => {
  it('evaluates state-independent relations exactly, keeping finite recursive extensions finite', () => {
    const game = loadGame(
      `(role you) (init (state 0)) (r 0 0) (q 0)
       (<= (r ?v1 (f ?v1)) (r ?v2 ?v1) (q ?v2))
       (<= (legal you proceed) (true (state 0)) (r (f 0) (f (f 0))))
       (<= (next (state 1)) (does you proceed)) (<= terminal (true (state 1))) (goal you 100)`,
      'recursion.kif',
    );
    const { permanent, relations } = computeArgumentDomains(game);
    const r = rel(game, 'r/2');
    expect(
      permanent
        .get(r)!
        .map((args) => args.map((a) => game.store.toKif(a)).join(' '))
        .sort(),
    ).toEqual(['(f 0) (f (f 0))', '0 (f 0)', '0 0']);
    expect(relations[r]![1]!.size).toBe(3);
    expect(permanent.has(game.keywords.legal)).toBe(false);
  });

  it('computes the recursive arithmetic tables of gt_two_thirds exactly (semi-naive, indexed)', () => {
    // Naive evaluation rescanned every fact in every one of the ~200 rounds: over a minute for these tables.
    const game = load('gt_two_thirds_2p.kif');
    const { permanent } = computeArgumentDomains(game);
    const facts = (key: string) =>
      new Set(permanent.get(rel(game, key))!.map((args) => args.map((a) => game.store.toKif(a)).join(' ')));
    // Numbers run 0..201 (anyNumber is 0 and every successor): x < y pairs, x + y = z with z <= 201,
    // |x - y| for every pair, and 3x = y for y <= 201.
    expect(facts('lt/2').size).toBe((202 * 201) / 2);
    expect(facts('sum/3').size).toBe((202 * 203) / 2);
    expect(facts('absdiff/3').size).toBe(202 * 202);
    expect(facts('times3/2').size).toBe(68);
    expect(facts('sum/3')).toContain('2 3 5');
    expect(facts('sum/3')).not.toContain('2 3 6');
    expect(facts('absdiff/3')).toContain('7 3 4');
    expect(facts('absdiff/3')).toContain('3 7 4');
    expect(facts('times3/2')).toContain('67 201');
  });

  it('gives the same tables to rules whose recursive literal comes first, last or twice', () => {
    const rules = (body: string) =>
      loadGame(
        `(role you) (init (state 0)) (n 0) (n 1) (n 2) (n 3) (n 4) (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
         (<= (path ?x ?x) (n ?x)) ${body}
         (<= (legal you proceed) (true (state 0))) (<= (next (state 1)) (does you proceed))
         (<= terminal (true (state 1))) (goal you 100)`,
        'paths.kif',
      );
    const paths = (game: Game) =>
      computeArgumentDomains(game)
        .permanent.get(rel(game, 'path/2'))!
        .map((args) => args.map((a) => game.store.toKif(a)).join(' '))
        .sort();
    const first = paths(rules('(<= (path ?x ?z) (path ?x ?y) (succ ?y ?z))'));
    expect(first).toHaveLength(15);
    expect(paths(rules('(<= (path ?x ?z) (succ ?x ?y) (path ?y ?z))'))).toEqual(first);
    expect(
      paths(rules('(<= (path ?x ?z) (n ?y) (path ?x ?y) (path ?y ?z)) (<= (path ?x ?y) (succ ?x ?y))')),
    ).toEqual(first);
  });
});
