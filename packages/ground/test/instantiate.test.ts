import { readFileSync } from 'node:fs';
import { BudgetExceededError, loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { GroundNegativeCycleError, groundGame, groundStrata } from '../src/index.js';

const corpus = (name: string) => {
  const file = new URL(`../../../games/${name}`, import.meta.url);
  return loadGame(readFileSync(file, 'utf8'), name);
};

const rulesOf = (program: ReturnType<typeof groundGame>, relation: number) => {
  let n = 0;
  for (let r = 0; r < program.ruleCount; r++)
    if (program.atomRelation[program.ruleHead[r]!] === relation) n++;
  return n;
};

describe('groundGame', () => {
  it('instantiates tictactoe over reachable atoms only', () => {
    const game = corpus('tictactoe.kif');
    const program = groundGame(game);
    const kw = game.keywords;
    // 27 cell fluents (3x3 cells x {x, o, b}) and 2 control fluents.
    expect(program.atoms(kw.true).length).toBe(29);
    // Each player may mark each of the 9 cells or noop.
    expect(program.atoms(kw.legal).length).toBe(20);
    expect(program.atoms(kw.does).length).toBe(20);
    // next: mark x (9) and o (9) on a blank cell, keep x or o (18), the 2 control rules, and keep a blank
    // when the move is in another row or another column. That frame rule is factored through its move side
    // (the does literal's own variables ?w and the other coordinate are projected away): one rule per cell
    // and other row (9 x 2) and one per cell and other column (9 x 2), instead of 144 over cells x moves.
    expect(rulesOf(program, kw.next)).toBe(9 + 9 + 18 + 2 + 18 + 18);
    const markX = game.atomTerm(kw.next, [game.parseTerm('(cell 1 1 x)')]);
    const markXId = program.atomOf(markX)!;
    const markXRules: string[] = [];
    for (let r = 0; r < program.ruleCount; r++) {
      if (program.ruleHead[r] !== markXId) continue;
      const body = [];
      for (let i = program.ruleBodyStart[r]!; i < program.ruleBodyStart[r + 1]!; i++) {
        body.push(
          (i >= program.ruleNegStart[r]! ? 'not ' : '') +
            game.store.toKif(program.atomTerm[program.ruleBody[i]!]!),
        );
      }
      markXRules.push(body.join(', '));
    }
    expect(markXRules.sort()).toEqual([
      '(does xplayer (mark 1 1)), (true (cell 1 1 b))',
      '(true (cell 1 1 x))',
    ]);
    // Static relations are evaluated at grounding time: their atoms are flagged and have no rules.
    const role = program.atoms(kw.role);
    expect([...role].every((a) => program.atomStatic[a] === 1)).toBe(true);
    expect(rulesOf(program, kw.role)).toBe(0);
  });

  it('drops negative literals over atoms that are never reachable', () => {
    const game = loadGame(
      `(role a) (init (p 1))
       (<= (legal a go) (true (p 1)) (not (q 5)))
       (<= (q ?x) (true (p ?x)))
       (<= (next (p 2)) (does a go))
       (<= terminal (true (p 2)))
       (<= (goal a 100) (true (p 2)))`,
      'inline.kif',
    );
    const program = groundGame(game);
    const legal = program.atomOf(
      game.atomTerm(game.keywords.legal, [game.parseTerm('a'), game.parseTerm('go')]),
    )!;
    const r = [...program.ruleHead].indexOf(legal);
    expect(program.ruleBodyStart[r + 1]! - program.ruleNegStart[r]!).toBe(0);
    expect(program.atomOf(game.parseTerm('(q 5)'))).toBeUndefined();
  });

  it('stratifies at the ground level when the predicate-level negative cycle vanishes', () => {
    const game = loadGame(
      `(role a) (init s)
       (<= (legal a go) (true s))
       (<= (next s) (true s))
       (<= terminal (true s))
       (<= (goal a 100) (true s))
       (<= (goal a 0) (not (goal a 100)))`,
      'inline.kif',
    );
    expect(game.analysis.negativeCycle[game.keywords.goal]).toBe(true);
    const program = groundGame(game);
    expect(() => groundStrata(program)).not.toThrow();
  });

  it('raises a typed error for recursion through negation among ground atoms', () => {
    const game = loadGame(
      `(role a) (init s)
       (<= (legal a go) (true s))
       (<= p (true s) (not q))
       (<= q (true s) (not p))
       (<= (next s) p)
       (<= terminal (true s))
       (<= (goal a 100) (true s))`,
      'inline.kif',
    );
    expect(() => groundStrata(groundGame(game))).toThrow(GroundNegativeCycleError);
  });

  it('fails with BudgetExceededError naming a relation when the time budget is exhausted', () => {
    const game = corpus('breakthrough.kif');
    let error: unknown;
    try {
      // A caller passes what is left of its own budget, a fraction of a millisecond here.
      groundGame(game, { timeMs: 1.2345678 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as BudgetExceededError).detail.relation).toMatch(/\/\d+$/);
    expect((error as Error).message).toMatch(/time budget of 1 ms while instantiating/);
  });

  // Issue 25: a state-dependent rule building ever deeper terms was instantiated until a Map overflowed (29 s,
  // 2.5 GB); the first atom nested past MAX_TERM_DEPTH now ends grounding with the relation's name.
  it('stops at the first atom nested deeper than the term depth limit', () => {
    const text = readFileSync(new URL('../../../games/tictactoe.kif', import.meta.url), 'utf8');
    const game = loadGame(
      `${text}
(<= (zzn (s ?x)) (zzn ?x) (true (control xplayer)))
(<= (zzn 0) (true (control xplayer)))
(<= (legal ?r zzmove) (role ?r) (zzn (s (s (s ?x)))))`,
      'tictactoe-unbounded.kif',
    );
    expect(() => groundGame(game)).toThrow(/zzn\/1 builds terms nested deeper than 12 levels/);
  });

  it('fails with BudgetExceededError when the memory budget is exhausted', () => {
    expect(() => groundGame(corpus('breakthrough.kif'), { memoryBytes: 100_000 })).toThrow(
      BudgetExceededError,
    );
  });

  // Timings belong in docs/benchmarks.md; this bound is generous enough for a loaded 2-core machine (issue 25)
  // and only catches a grounder that has become pathological on these games.
  it('grounds connectfour and chinese checkers without blowing up', () => {
    for (const name of ['connectfour.kif', 'chinesecheckers6.kif']) {
      const program = groundGame(corpus(name));
      expect(program.stats.milliseconds).toBeLessThan(60_000);
      expect(program.ruleCount).toBeGreaterThan(100);
    }
  });

  it('instantiates a relation used only with constant arguments just for those uses (demand)', () => {
    const text = (extra: string) =>
      `(role a) (init (p 1)) (init (p 2)) (num 1) (num 2) (num 3)
       (<= (pair ?x ?y) (true (p ?x)) (num ?y))
       (<= (legal a go) (pair 1 ?y))
       (<= (next (p 2)) (does a go))
       (<= terminal (not (pair 2 3)))
       (goal a 100) ${extra}`;
    const pairs = (source: string) => {
      const game = loadGame(source, 'demand.kif');
      const program = groundGame(game);
      const pair = game.relations.find((r) => r.key === 'pair/2')!.id;
      return [...program.atoms(pair)].map((a) => game.store.toKif(program.atomTerm[a]!)).sort();
    };
    // (pair 1 ?y) and (not (pair 2 3)) are the only uses: (pair 2 1) and (pair 2 2) are never needed.
    expect(pairs(text(''))).toEqual(['(pair 1 1)', '(pair 1 2)', '(pair 1 3)', '(pair 2 3)']);
    // A use with every argument open needs every instance.
    expect(pairs(text('(<= (sees a ?x) (pair ?x ?y))'))).toHaveLength(6);
  });

  it('grounds crisscross, whose count/6 is only used for two corner groups (regression: exceeded 30 s)', () => {
    const game = corpus('crisscross.kif');
    const program = groundGame(game, { timeMs: 20_000 });
    const count = game.relations.find((r) => r.key === 'count/6')!.id;
    const firsts = new Set([...program.atoms(count)].map((a) => game.store.toKif(program.atomArg(a, 0))));
    expect([...firsts].sort()).toEqual(['c5', 'e3']);
  });

  it('projects a move onto the variables its frame rule needs (regression: amazons.kif over budget on next/1)', () => {
    // A move of six coordinates, as in amazons.kif; the frame rule only needs the cell the piece leaves.
    const n = 5;
    const coords = Array.from({ length: n }, (_, i) => `(index ${i + 1})`).join(' ');
    const game = loadGame(
      `(role white) (init (location 1 1 white)) ${coords}
       (<= (cell ?x ?y) (index ?x) (index ?y))
       (<= (distinctCell ?x1 ?y1 ?x2 ?y2) (cell ?x1 ?y1) (cell ?x2 ?y2) (distinct ?x1 ?x2))
       (<= (distinctCell ?x1 ?y1 ?x2 ?y2) (cell ?x1 ?y1) (cell ?x2 ?y2) (distinct ?y1 ?y2))
       (<= (legal white (play ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)) (cell ?x1 ?y1) (cell ?x2 ?y2) (cell ?x3 ?y3))
       (<= (next (location ?x ?y ?state)) (true (location ?x ?y ?state))
           (does ?player (play ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)) (distinctCell ?x ?y ?x1 ?y1))
       (<= (next (location ?x2 ?y2 ?player)) (does ?player (play ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)))
       (<= terminal (true (location 5 5 white))) (goal white 100)`,
      'six-coordinates.kif',
    );
    const program = groundGame(game, { timeMs: 20_000 });
    const cells = n * n;
    const moves = cells ** 3;
    // The frame rule's move side grounds to moves + cells x cells; over cells x moves it was 375,000 rules.
    expect(program.ruleCount).toBeLessThan(3 * moves);
    // The frame rule still derives the piece staying put (the propnet's cross tests check the meaning).
    const stays = game.atomTerm(game.keywords.next, [game.parseTerm('(location 1 1 white)')]);
    expect(program.atomOf(stays)).toBeDefined();
  });
  it('splits a body by variable elimination (regression: gt_two_thirds_4p over the memory budget on total/1)', () => {
    // The sum of four guesses: instantiated whole it is guesses^4 rules; split, a few joins of two.
    const guesses = 12;
    const numbers = Array.from({ length: 4 * guesses }, (_, i) => `(number ${i})`).join(' ');
    const sums: string[] = [];
    for (let a = 0; a < 4 * guesses; a++)
      for (let b = 0; b < guesses && a + b < 4 * guesses; b++) sums.push(`(sum ${a} ${b} ${a + b})`);
    const game = loadGame(
      `(role p1) (role p2) (role p3) (role p4) ${numbers} ${sums.join(' ')}
       (<= (legal ?r (guess ?n)) (role ?r) (sum 0 ?n ?n))
       (<= (next (guessed ?r ?n)) (does ?r (guess ?n)))
       (<= (total ?t) (true (guessed p1 ?n1)) (true (guessed p2 ?n2)) (sum ?n1 ?n2 ?s1)
           (true (guessed p3 ?n3)) (sum ?s1 ?n3 ?s2) (true (guessed p4 ?n4)) (sum ?s2 ?n4 ?t))
       (<= terminal (total ?t)) (<= (goal ?r 100) (role ?r) (total ?t) (number ?t))`,
      'four-guesses.kif',
    );
    const program = groundGame(game, { timeMs: 20_000 });
    expect(program.ruleCount).toBeLessThan(guesses ** 4 / 2);
    // Every total is still derivable, each from one split rule per way of reaching it from the last guess.
    const total = game.relations.find((r) => r.key === 'total/1')!.id;
    expect([...program.atoms(total)]).toHaveLength(4 * (guesses - 1) + 1);
    expect(rulesOf(program, total)).toBeLessThan(4 * guesses * guesses);
  });
  it('restricts a recursive accumulator to the bindings asked for (regression: merrills over the memory budget on count_loop/6)', () => {
    // A count of white stones threaded along six squares; the number facts go far beyond what six squares reach.
    const numbers = 60;
    const succ = Array.from({ length: numbers }, (_, i) => `(succ ${i} ${i + 1}) (number ${i})`).join(' ');
    const squares = [1, 2, 3, 4, 5, 6];
    const game = loadGame(
      `(role p) ${succ} ${squares.map((q) => `(square ${q})`).join(' ')}
       ${squares
         .slice(0, -1)
         .map((q) => `(after ${q} ${q + 1})`)
         .join(' ')}
       ${squares.map((q) => `(init (stone ${q} black))`).join(' ')}
       (<= (legal p (paint ?q)) (square ?q))
       (<= (next (stone ?q white)) (does p (paint ?q)))
       (<= (next (stone ?q ?c)) (true (stone ?q ?c)) (does p (paint ?r)) (distinct ?q ?r))
       (<= (count_from 6 ?n ?n) (number ?n))
       (<= (count_from ?q ?n ?total) (true (stone ?q white)) (succ ?n ?m) (after ?q ?r) (count_from ?r ?m ?total))
       (<= (count_from ?q ?n ?total) (true (stone ?q black)) (after ?q ?r) (count_from ?r ?n ?total))
       (<= (whites ?total) (count_from 1 0 ?total))
       (<= terminal (whites 5)) (<= (goal p 100) (whites ?n))`,
      'accumulator.kif',
    );
    const program = groundGame(game, { timeMs: 20_000 });
    const countFrom = game.relations.find((r) => r.key === 'count_from/3')!.id;
    // Square q is reached with at most q - 1 whites counted and ends with at most 5 more: a few dozen atoms,
    // not squares x numbers x numbers.
    expect([...program.atoms(countFrom)].length).toBeLessThan(200);
    const whites = game.relations.find((r) => r.key === 'whites/1')!.id;
    expect([...program.atoms(whites)].map((a) => game.store.toKif(program.atomArg(a, 0))).sort()).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });
});
