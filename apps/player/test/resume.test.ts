// A replacement worker takes over a match by replaying its turns (issue 25): in GDL and in GDL-II (the
// knowledge tracker and the filter rebuilt from the moves sent and the percepts received), its answers are
// legal in the true state.
import { loadGame, type Reasoner, type TermId } from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createLogger, createPlayerRegistry, parseMessage } from '../src/index.js';
import { MatchSession } from '../src/worker/match-session.js';
import type { PlayedTurn, TurnMessage } from '../src/worker/worker-protocol.js';
import { gameText, rulesList } from './manager.js';

const settings = { config: {}, backend: 'prover', marginMs: 100, search: { seed: 1 }, verbose: false };
const observer = { position: () => {} };

function session(): MatchSession {
  return new MatchSession(
    settings,
    createPlayerRegistry(),
    createLogger(() => {}),
  );
}

/**
 * Plays `turns` turns with one session, then lets a second take over at `legal-only` and checks its next
 * `after` answers (the other roles play their first legal move).
 */
async function takeOver(file: string, turns: number, after = 1): Promise<void> {
  const text = gameText(file);
  const game = loadGame(text, file);
  const truth: Reasoner = await proverBackend.create(game);
  const kif = (t: TermId) => game.store.toKif(t);
  const start = `(start m1 ${game.roleName(0)} ${rulesList(text)} 1 1)`;
  const first = session();
  expect(await first.start(start, performance.now(), observer)).toBe('ready');
  let state = truth.initialState();
  // The last joint move and the state it was played in (its percepts are seen there).
  let last: TermId[] | null = null;
  let previous = state;
  const message = (turn: number): TurnMessage => {
    if (!game.isGdl2)
      return parseMessage(`(play m1 ${last ? `(${last.map(kif).join(' ')})` : 'nil'})`) as TurnMessage;
    if (!last) return parseMessage('(play m1 0 nil nil)') as TurnMessage;
    const percepts = truth.sees(previous, last, 0);
    return parseMessage(`(play m1 ${turn} ${kif(last[0]!)} (${percepts.map(kif).join(' ')}))`) as TurnMessage;
  };
  const played: PlayedTurn[] = [];
  for (let turn = 0; turn < turns; turn++) {
    const m = message(turn);
    const { text: sent } = await first.play(m, performance.now() + 30, observer);
    played.push({ message: m, sent });
    previous = state;
    last = truth.roles.map((_, r) => (r === 0 ? game.parseTerm(sent) : truth.legalMoves(state, r)[0]!));
    state = truth.nextState(state, last);
  }
  first.stop(null);
  const second = session();
  expect(await second.resume(start, 'legal-only', played)).toBe('ready');
  for (let turn = turns; turn < turns + after && !truth.isTerminal(state); turn++) {
    const { text: answer } = await second.play(message(turn), performance.now() + 1000, observer);
    expect(truth.legalMoves(state, 0).map(kif), `turn ${turn}`).toContain(answer);
    previous = state;
    last = truth.roles.map((_, r) => (r === 0 ? game.parseTerm(answer) : truth.legalMoves(state, r)[0]!));
    state = truth.nextState(state, last);
  }
  second.stop(null);
}

describe('taking over a match', () => {
  it('replays a GDL match and answers legally at once', () => takeOver('tictactoe.kif', 3));
  it('replays a GDL-II match from the moves sent and percepts received', () => takeOver('montyhall.kif', 2));
  // Regression (issue 21, Krieg-TicTacToe at 1 s clocks: a replacement answered with a move legal in some model
  // of the filter's knowledge, which there still includes the player's own cells; 29 % of them are illegal).
  // It now keeps random walks through the information set during the replay and answers a move legal in them.
  it('answers legally in a GDL-II match the filter knows few legal moves of', () =>
    takeOver('kriegttt_5x5.kif', 4, 8));
});
