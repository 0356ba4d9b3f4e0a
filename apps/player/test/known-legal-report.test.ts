// Regression (issue 25, found by the arena): on Krieg-TicTacToe at 1 s clocks the shell answered PLAY with
// `nil` because its worker reported no move before the knowledge tracking and the search had run. The match
// must report a move the filter knows to be legal as soon as it knows one: at START for the first turn, and
// right after the filter's update for every later turn, before the slower state tracking.
import { parseGroundTerm, Rng, type TermId } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { createFilter } from '@gdlkit/filter';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.js';
import { Match, type SearchSettings } from '../src/match.js';
import { parseMessage } from '../src/protocol/messages.js';

/**
 * Plays Krieg-TicTacToe as xplayer against random moves for up to `turns` turns with the match's `settings`,
 * checking that the first move reported each turn comes before anything else of the turn, that it is legal in
 * the true state whenever the filter knew a legal move, and that the move sent is legal then. Returns the turns
 * on which the filter knew no legal move, and on how many of them the first report and the move sent were
 * illegal: a move legal in every hypergame or tracked state can still be illegal in the true state. Which move
 * is sent is not fixed by the seeds alone: one CI run under load (2026-11-27) sent an illegal one on a turn
 * where these seeds' runs on an idle machine send legal ones (the timing dependence is not yet found).
 */
async function playReporting(
  id: string,
  settings: SearchSettings,
  turns: number,
  seed: number,
): Promise<{ unknown: number; illegal: number; illegalSent: number }> {
  const game = loadCorpusGame('kriegttt_5x5.kif');
  const prover = await proverBackend.create(game);
  const store = game.store;
  const events: string[] = [];
  const logger = createLogger((line) => {
    const e = JSON.parse(line) as { event: string; turn?: number };
    // The filter's own update comes first and may log; everything after it must wait for the report.
    if (!e.event.startsWith('filter-fell-back')) events.push(`log ${e.event} ${e.turn ?? ''}`);
  });
  const reported = new Map<number, string>();
  const observer = {
    position(turn: number, best: string) {
      events.push(`position ${turn}`);
      if (!reported.has(turn)) reported.set(turn, best);
    },
  };
  const role = 0;
  const filter = createFilter(game, { role });
  let knowledge = filter.initialState();
  let unknown = 0;
  let illegal = 0;
  let illegalSent = 0;
  const match = new Match(
    { id, role, game, reasoner: prover, prover, playClockMs: 60_000, marginMs: 100 },
    { iterations: 5, seed, ...settings },
    logger,
  );
  match.warmUp(performance.now() + 1000, observer);
  // The first turn's move is known before anything else of the START is done (the method choice).
  expect(events[0]).toBe('position 1');
  const rng = new Rng(seed);
  let state = prover.initialState();
  let text = `(play ${id} 0 nil nil)`;
  for (let turn = 1; turn <= turns && !prover.isTerminal(state); turn++) {
    events.length = 0;
    const filterKnows = filter.legalMoves(knowledge, role).length > 0;
    if (!filterKnows) unknown++;
    const { text: sent } = await match.play(
      parseMessage(text) as never,
      performance.now() + 60_000,
      observer,
    );
    // The first thing the turn did was to report its position, before any log of the state tracking.
    expect(events[0], `turn ${turn}: ${events.join(', ')}`).toBe(`position ${turn}`);
    const legal = prover.legalMoves(state, role).map((m) => store.toKif(m));
    if (filterKnows) {
      expect(legal, `turn ${turn}: the first report`).toContain(reported.get(turn));
      expect(legal, `turn ${turn}: the move sent`).toContain(sent);
    } else {
      if (!legal.includes(reported.get(turn)!)) illegal++;
      if (!legal.includes(sent)) illegalSent++;
    }
    const joint: TermId[] = prover.roles.map((_, r) => {
      if (r === role) return parseGroundTerm(store, sent);
      const moves = prover.legalMoves(state, r);
      return moves[rng.nextInt(moves.length)]!;
    });
    const percepts = prover.sees(state, joint, role);
    knowledge = filter.update(knowledge, joint[role]!, percepts).state;
    state = prover.nextState(state, joint);
    const seen = percepts.map((p) => store.toKif(p));
    text = `(play ${id} ${turn} ${sent} ${seen.length === 0 ? 'nil' : `(${seen.join(' ')})`})`;
  }
  match.dispose();
  return { unknown, illegal, illegalSent };
}

describe('GDL-II: a known legal move is reported before the search (kriegttt_5x5)', () => {
  it('reports every turn first, with a move legal in the true state', async () => {
    await playReporting('krieg.report', {}, 3, 3);
  }, 60_000);

  // Regression (issue 21, the arena's Krieg row at 1 s clocks: 9 illegal moves in 20 matches): when the filter
  // knows no legal move (almost every turn after the first: a cell is "blank or the opponent's", which it cannot
  // represent), the early report was a move legal in some model of the filter's knowledge, which on this game
  // still includes the player's own cells; a worker that then missed the clock was answered for with it. The
  // report is now a move legal in the tracked states (hypergames, or the tracker's) advanced by the round, which
  // fails only when none of the few states tried explains the round (then the filter's possible move is left).
  for (const [method, settings, matches] of [
    ['hyperplay', { method: 'hyperplay', hypergames: 4, hyperSimulations: 2 }, 2],
    ['sampled', { method: 'sampled', sampleStates: 4, tracker: { maxStates: 64, maxJointMoves: 64 } }, 2],
  ] as const) {
    it(`reports a legal move on the turns the filter knows none (${method})`, async () => {
      let unknown = 0;
      let illegal = 0;
      let illegalSent = 0;
      for (let seed = 5; seed < 5 + matches; seed++) {
        const counts = await playReporting(`krieg.${method}.${seed}`, settings, 20, seed);
        unknown += counts.unknown;
        illegal += counts.illegal;
        illegalSent += counts.illegalSent;
      }
      expect(unknown).toBeGreaterThanOrEqual(5 * matches);
      // Before: a move legal in some filter model, illegal on 29 % of such turns (one in every match here).
      expect(illegal).toBeLessThanOrEqual(Math.floor(unknown / 20));
      // The move sent is searched among the moves legal in every hypergame (or tracked state): rarely illegal
      // (once in about 38 such turns in that CI run).
      expect(illegalSent).toBeLessThanOrEqual(Math.floor(unknown / 20));
    }, 120_000);
  }
});
