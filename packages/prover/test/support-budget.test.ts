// The support prover's budget and its three-valued (Kleene) evaluation. Blind breakthrough with the whole
// initial board unknown is the explosion the filter met (issue #6): the countersupports of validmove-like
// negations over many unknown cells. A query past its deadline or support cap must throw core's
// BudgetExceededError and leave the prover usable; the Kleene prover must answer the same query at once and
// soundly: its skeptical answers are exact skeptical ones, its credulous answers include the exact ones.
import { BudgetExceededError, type Game, playRandomMatch, type TermId, UnsupportedError } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { createProver, queryAtom, SupportProver } from '../src/index.js';
import { corpusGame, kif, terms } from './helpers.js';

function trueAtoms(game: Game, fluents: readonly TermId[]): TermId[] {
  const symbol = game.store.symbol('true');
  return fluents.map((f) => game.store.compound(symbol, [f]));
}

function doesAtom(game: Game, role: number, move: TermId): TermId {
  return game.store.compound(game.store.symbol('does'), [game.roles[role]!, move]);
}

/**
 * Blind breakthrough with every cell possibly white, black or empty and both roles' possibly legal moves
 * (credulous legal from the Kleene prover) unknown: what a player knows after some rounds of hidden moves.
 */
function blindBreakthroughUnknown(): { game: Game; bZero: Set<TermId> } {
  const game = corpusGame('blindbreakthrough.kif');
  const bZero = new Set<TermId>();
  for (let x = 1; x <= 8; x++) {
    for (let y = 1; y <= 8; y++) {
      for (const colour of ['white', 'black'])
        bZero.add(game.parseTerm(`(true (cellholds ${x} ${y} ${colour}))`));
    }
  }
  bZero.add(game.parseTerm('(true (control white))'));
  bZero.add(game.parseTerm('(true (control black))'));
  const kleene = new SupportProver(game, { kleene: true });
  for (let r = 0; r < game.roles.length; r++) {
    for (const legal of kleene.credulous(
      queryAtom(game, 'legal', [game.roles[r]!, null]),
      new Set(),
      bZero,
    )) {
      bZero.add(doesAtom(game, r, game.store.arg(legal, 1)));
    }
  }
  return { game, bZero };
}

describe('budget', () => {
  const { game, bZero } = blindBreakthroughUnknown();
  const nextQuery = queryAtom(game, 'next', [null]);
  const none = new Set<TermId>();

  it('a query past its deadline throws BudgetExceededError soon, and the prover stays usable', () => {
    const prover = new SupportProver(game);
    const started = performance.now();
    let error: unknown;
    try {
      prover.supports(nextQuery, none, bZero, { deadline: started + 100 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as BudgetExceededError).detail.limit).toBe('deadline');
    // Generous for a loaded machine (issue 25): the point is that the query stops, not how fast.
    expect(performance.now() - started).toBeLessThan(30_000);

    const small = terms(game, ['(true (control white))']);
    const control = queryAtom(game, 'next', [game.parseTerm('(control black)')]);
    expect(kif(game, prover.skeptical(control, small, none))).toEqual(
      kif(game, new SupportProver(game).skeptical(control, small, none)),
    );
  });

  it('a support cap throws BudgetExceededError naming the limit', () => {
    const prover = new SupportProver(game);
    expect(() => prover.supports(nextQuery, none, bZero, { maxSupports: 8 })).toThrow(/exceeded 8 supports/);
  });

  it('the Kleene prover answers the same query quickly', () => {
    const kleene = new SupportProver(game, { kleene: true });
    const started = performance.now();
    const answers = kleene.entailed(nextQuery, none, bZero);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.skeptical)).toEqual([]);
    expect(() => kleene.supports(nextQuery, none, bZero)).toThrow(UnsupportedError);
  });
});

describe('Kleene evaluation on Example 2 (b(1), b(2) unknown)', () => {
  const game = corpusGame('tests/filter/example2.kif');
  const kleene = new SupportProver(game, { kleene: true });
  const none = new Set<TermId>();
  const bZero = terms(game, ['(b 1)', '(b 2)']);

  it('obs, p and q are possible but not known', () => {
    for (const name of ['obs', 'p', 'q']) {
      const atom = game.parseTerm(name);
      expect(kleene.entailed(atom, none, bZero), name).toEqual([{ answer: atom, skeptical: false }]);
    }
  });

  it('with b(1) known, q is known and obs impossible', () => {
    const known = terms(game, ['(b 1)']);
    const maybe = terms(game, ['(b 2)']);
    expect(kleene.skeptical(game.parseTerm('q'), known, maybe)).toEqual([game.parseTerm('q')]);
    expect(kleene.credulous(game.parseTerm('obs'), known, maybe)).toEqual([]);
  });
});

describe.each(['montyhall.kif', 'kriegttt_5x5.kif', 'blindbreakthrough.kif', 'mastermind.kif'])(
  '%s: Kleene against the exact supports along a seeded match',
  (path) => {
    it('exact when nothing is unknown; sound (skeptical ⊆ exact, credulous ⊇ exact) with the others unknown', () => {
      const game = corpusGame(path);
      const prover = createProver(game);
      const exact = new SupportProver(game);
      const kleene = new SupportProver(game, { kleene: true });
      const store = game.store;
      const match = playRandomMatch(prover, { seed: 5, maxSteps: 12 });
      const queries = [queryAtom(game, 'next', [null]), queryAtom(game, 'sees', [null, null])];
      const none = new Set<TermId>();
      let state = prover.initialState();
      let compared = 0;
      for (const line of match.steps) {
        if (!line.moves) break;
        const joint = game.roles.map((r) => game.parseTerm(line.moves![store.toKif(r)]!));
        const facts = trueAtoms(game, prover.stateToFacts(state));
        const closed = new Set([...facts, ...joint.map((m, r) => doesAtom(game, r, m))]);
        const known = new Set([...facts, doesAtom(game, 0, joint[0]!)]);
        const possible = new Set<TermId>();
        for (let r = 1; r < game.roles.length; r++) {
          for (const m of prover.legalMoves(state, r)) possible.add(doesAtom(game, r, m));
        }
        for (const query of queries) {
          expect(kif(game, kleene.skeptical(query, closed, none))).toEqual(
            kif(game, exact.skeptical(query, closed, none)),
          );
          expect(kif(game, kleene.credulous(query, closed, none))).toEqual(
            kif(game, exact.credulous(query, closed, none)),
          );
          const exactSkeptical = new Set(exact.skeptical(query, known, possible));
          for (const atom of kleene.skeptical(query, known, possible)) {
            expect(exactSkeptical.has(atom), store.toKif(atom)).toBe(true);
          }
          const kleeneCredulous = new Set(kleene.credulous(query, known, possible));
          for (const atom of exact.credulous(query, known, possible)) {
            expect(kleeneCredulous.has(atom), store.toKif(atom)).toBe(true);
            compared++;
          }
        }
        state = prover.nextState(state, joint);
      }
      expect(compared).toBeGreaterThan(0);
    });
  },
);
