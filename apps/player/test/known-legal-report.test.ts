// Regression (issue 25, found by the arena): on Krieg-TicTacToe at 1 s clocks the shell answered PLAY with
// `nil` because its worker reported no move before the knowledge tracking and the search had run. The match
// must report a move the filter knows to be legal as soon as it knows one: at START for the first turn, and
// right after the filter's update for every later turn, before the slower state tracking.
import { parseGroundTerm, Rng, type TermId } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.js';
import { Match } from '../src/match.js';
import { parseMessage } from '../src/protocol/messages.js';

describe('GDL-II: a known legal move is reported before the search (kriegttt_5x5)', () => {
  it('reports every turn first, with a move legal in the true state', async () => {
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
    const match = new Match(
      { id: 'krieg.report', role, game, reasoner: prover, prover, playClockMs: 1000, marginMs: 100 },
      { iterations: 5, seed: 3 },
      logger,
    );
    match.warmUp(performance.now() + 1000, observer);
    // The first turn's move is known before anything else of the START is done (the method choice).
    expect(events[0]).toBe('position 1');
    const rng = new Rng(11);
    let state = prover.initialState();
    let text = '(play krieg.report 0 nil nil)';
    for (let turn = 1; turn <= 3; turn++) {
      events.length = 0;
      const { text: sent } = await match.play(
        parseMessage(text) as never,
        performance.now() + 10_000,
        observer,
      );
      // The first thing the turn did was to report its position, before any log of the state tracking.
      expect(events[0], `turn ${turn}: ${events.join(', ')}`).toBe(`position ${turn}`);
      const legal = prover.legalMoves(state, role).map((m) => store.toKif(m));
      expect(legal).toContain(reported.get(turn));
      expect(legal).toContain(sent);
      const joint: TermId[] = prover.roles.map((_, r) => {
        if (r === role) return parseGroundTerm(store, sent);
        const moves = prover.legalMoves(state, r);
        return moves[rng.nextInt(moves.length)]!;
      });
      const percepts = prover.sees(state, joint, role).map((p) => store.toKif(p));
      state = prover.nextState(state, joint);
      text = `(play krieg.report ${turn} ${sent} ${percepts.length === 0 ? 'nil' : `(${percepts.join(' ')})`})`;
    }
    match.dispose();
  }, 60_000);
});
