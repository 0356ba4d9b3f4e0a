// Rows of our Table 1 (README) that differ from Thielscher 2013's, checked on our game files so that the
// explanations stay true: Hold your Course II (paper: goal known) and Minesweeper's sweeper (paper: termination
// not known).

import { playRandomMatch, type TermId } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createFilter, FilterReasoner, type KnowledgeState, playFilteredMatch } from '../src/index.js';
import { corpusGame } from './helpers.js';

describe('Table 1 rows that differ from the paper', () => {
  it('holdyourcourseii: the player has no goal value even in the true terminal state, so none can be known', () => {
    // goal(player, S) :- score(S), true(terminal): no rule defines score/1 and no terminal fluent exists.
    const game = corpusGame('holdyourcourseii.kif');
    const truth = createProver(game);
    const filter = createFilter(game, { role: 'player' });
    for (let seed = 1; seed <= 3; seed++) {
      const match = playFilteredMatch(filter, truth, { seed });
      const last = match.steps[match.steps.length - 1]!;
      expect(last.terminal).toBe(true);
      expect(last.goals?.player ?? null).toBeNull();
      expect(match.summary).toMatchObject({ legalAlwaysKnown: true, terminalKnown: true, goalKnown: false });
      expect(filter.goalKnowledge(match.knowledge[match.knowledge.length - 1]!).possible).toEqual([]);
    }
  });

  it('minesweeper: random matches end by an explosion, which the sweeper perceives (kaboom)', () => {
    const game = corpusGame('minesweeper.kif');
    const truth = createProver(game);
    const filter = createFilter(game, { role: 'sweeper' });
    for (let seed = 1; seed <= 3; seed++) {
      const match = playFilteredMatch(filter, truth, { seed });
      const last = match.steps[match.steps.length - 1]!;
      expect(last.state).toContain('exploded');
      expect(match.steps.some((s) => s.percepts?.includes('kaboom'))).toBe(true);
      expect(last.known).toContain('exploded');
      expect(match.summary.terminalKnown).toBe(true);
    }
  });

  // The paper's column is "knew at the end that the game must have terminated" (step 3 of the update method on
  // the knowledge after the last round). Both minesweeper roles know it only through the last joint move's
  // percepts, so the paper's ✓ for the miner (role 1) shows that it, like us, asked after filtering them.
  it("minesweeper: termination is known only through the last round's percepts, for either role", () => {
    const game = corpusGame('minesweeper.kif');
    const truth = createProver(game);
    for (const role of ['miner', 'sweeper']) {
      const filter = createFilter(game, { role });
      const blind = createFilter(game, { role, observationsOnly: true });
      for (let seed = 1; seed <= 2; seed++) {
        const match = playFilteredMatch(filter, truth, { seed });
        expect(match.summary.terminalKnown).toBe(true);
        const beforeLast = match.knowledge[match.knowledge.length - 2]!;
        const lastMove = game.parseTerm(match.steps[match.steps.length - 2]!.moves![role]!);
        expect(filter.isTerminal(beforeLast)).toBe(false);
        expect(filter.isTerminal(blind.update(beforeLast, lastMove, []).state)).toBe(false);
      }
    }
  });

  it('minesweeper: the sweeper knows termination also when filtering only through observations made', () => {
    // So the paper's "no" cannot come from its observations-only simplification: kaboom is an observation made.
    const game = corpusGame('minesweeper.kif');
    const filter = createFilter(game, { role: 'sweeper', observationsOnly: true });
    for (let seed = 1; seed <= 3; seed++) {
      const { summary } = playFilteredMatch(filter, createProver(game), { seed });
      expect(summary).toMatchObject({ legalAlwaysKnown: true, terminalKnown: true, goalKnown: false });
    }
  });
});

describe('Table 1 legal column: exact "no" told apart from the budget fallback', () => {
  it('kriegttt_5x5: the legal moves are unknown by exact queries (the paper\'s "no")', () => {
    const game = corpusGame('kriegttt_5x5.kif');
    const filter = createFilter(game, { role: 'xplayer', updateBudgetMs: 60_000 });
    const { summary } = playFilteredMatch(filter, createProver(game), { seed: 1 });
    expect(summary.legalAlwaysKnown).toBe(false);
    expect(summary.legalUnknownExact).toBeGreaterThan(0);
    expect(summary.legalThreeValued).toBe(0);
    expect(summary.terminalKnown).toBeNull();
  });

  it('blackjack: the exact filter does not know player1\'s legal moves at round 4 of seed 1 (the paper\'s "no")', () => {
    // Not the fallback's "no": the four updates and the legal query are exact (none runs out of the budget).
    // The fifth update is the one whose exact queries explode, so the match is not played through.
    const game = corpusGame('blackjack.kif');
    const filter = createFilter(game, { role: 'player1', updateBudgetMs: 30_000 });
    const record = playRandomMatch(createProver(game), { seed: 1, maxSteps: 4 });
    let knowledge = filter.initialState();
    for (const line of record.steps.slice(0, 4)) {
      const percepts = (line.sees?.player1 ?? []).map((p) => game.parseTerm(p));
      const result = filter.update(knowledge, game.parseTerm(line.moves!.player1!), percepts);
      expect(result.fellBack).toBe(false);
      knowledge = result.state;
    }
    expect(filter.knowsLegalMoves(knowledge)).toBe(false);
    expect(filter.threeValuedQueries).toBe(0);
    expect(filter.legalMoves(knowledge, filter.role)).toEqual([]);
    expect(filter.possibleLegalMoves(knowledge, filter.role).length).toBeGreaterThan(1);
  }, 120_000);

  it('kriegttt_5x5: after an update fell back, an unknown legal move is no longer counted as the paper\'s "no"', () => {
    // The same real updates, only reported as fallbacks: the knowledge state is then not the exact filter's,
    // so even an exact legal query on it does not give the paper's verdict.
    class ReportsFallback extends FilterReasoner {
      override update(state: KnowledgeState, ownMove: TermId, percepts: readonly TermId[]) {
        return { ...super.update(state, ownMove, percepts), fellBack: true };
      }
    }
    const game = corpusGame('kriegttt_5x5.kif');
    const truth = createProver(game);
    const exact = playFilteredMatch(createFilter(game, { role: 'xplayer' }), truth, { seed: 1 }).summary;
    const reported = playFilteredMatch(new ReportsFallback(game, { role: 'xplayer' }), truth, {
      seed: 1,
    }).summary;
    expect(exact.legalUnknownExact).toBeGreaterThan(0);
    expect(reported).toMatchObject({ legalAlwaysKnown: false, legalUnknownExact: 0, legalThreeValued: 0 });
  });

  it('montyhall with every query out of time: the Kleene "no" for the goal is flagged, the exact run knows it', () => {
    const game = corpusGame('montyhall.kif');
    const truth = createProver(game);
    const fallback = createFilter(game, { role: 'candidate', updateBudgetMs: 0 });
    const approximate = playFilteredMatch(fallback, truth, { seed: 1 }).summary;
    expect(approximate).toMatchObject({ legalAlwaysKnown: true, legalUnknownExact: 0, goalKnown: false });
    expect(approximate.legalThreeValued).toBe(approximate.rounds);
    expect(approximate.endApproximated).toBe(true);
    const exact = playFilteredMatch(createFilter(game, { role: 'candidate' }), truth, { seed: 1 }).summary;
    expect(exact).toMatchObject({ goalKnown: true, legalThreeValued: 0, endApproximated: false });
  });
});
