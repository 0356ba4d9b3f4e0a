// A scripted game manager for the end-to-end tests: it keeps the true state with its own reasoner (the
// prover), sends protocol messages over loopback HTTP, and checks every reply's form, timing and legality.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame, parseGroundTerm, type Reasoner, Rng, type TermId } from '@gdlkit/core';
import { gamesDirectory } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';
import { afterAll, beforeAll, expect } from 'vitest';
import { GgpPlayer, type PlayerOptions, readSExpr } from '../src/index.js';

export interface TestPlayer {
  /** The player's address, once the test file's beforeAll has run. */
  readonly url: string;
  /** Its log lines (written to $PLAYER_LOG when the file's tests end). */
  readonly logs: string[];
  /** The logged events of one match, parsed, in order. */
  events(match: string): Record<string, unknown>[];
}

/** A player on an ephemeral port for the tests of one file: listening before them, closed after them. */
export function playerForTests(options: PlayerOptions): TestPlayer {
  const logs: string[] = [];
  let player: GgpPlayer;
  let url = '';
  beforeAll(async () => {
    player = new GgpPlayer({ port: 0, logSink: (line) => logs.push(line), ...options });
    url = (await player.listen()).url;
  });
  afterAll(async () => {
    await player.close();
    if (process.env.PLAYER_LOG) writeFileSync(process.env.PLAYER_LOG, logs.join(''));
  });
  return {
    logs,
    get url() {
      return url;
    },
    events: (match) =>
      logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.match === match),
  };
}

export interface Reply {
  readonly status: number;
  readonly body: string;
  readonly ms: number;
}

export async function send(url: string, message: string, method = 'POST'): Promise<Reply> {
  const started = performance.now();
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'text/acl' },
    body: method === 'POST' ? message : undefined,
  });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

/** Every reply: HTTP 200, a non-empty body that reads as one s-expression. */
export function expectWellFormed(reply: Reply): void {
  expect(reply.status).toBe(200);
  expect(reply.body.length).toBeGreaterThan(0);
  expect(() => readSExpr(reply.body)).not.toThrow();
}

export function gameText(file: string): string {
  return readFileSync(join(gamesDirectory(), file), 'utf8');
}

/** The rules as one KIF list, comments dropped (the manager sends them inside START). */
export function rulesList(text: string): string {
  return `(${text.replace(/;[^\n]*/g, '')})`;
}

export interface MatchPlan {
  readonly file: string;
  readonly matchId: string;
  /** The player's role index. */
  readonly role: number;
  readonly startClock: number;
  readonly playClock: number;
  readonly seed: number;
  /**
   * How much later than the play clock a reply may come: none by default; ggp-base's manager waits the clock
   * plus 1 s (PlayRequestThread) before it counts a timeout.
   */
  readonly graceMs?: number;
  /** GDL-II message form: the Dresden server's 4-argument PLAY or the older percept-list form. */
  readonly gdl2Form?: 'dresden' | 'percepts';
  /** The game's rules, when not the file's. */
  readonly text?: string;
  /** Moves (KIF) the other roles never play while they have another. */
  readonly avoid?: readonly string[];
  /** Runs while the PLAY of `turn` (0 for the first) is with the player, before its reply is awaited. */
  readonly duringPlay?: (turn: number) => Promise<void>;
}

export interface MatchResult {
  readonly moves: number;
  readonly playerMoves: string[];
  readonly goals: (number | null | readonly number[])[];
  readonly slowest: number;
}

/**
 * Plays a full match: the player's role from its replies, every other role at random. Fails the test on any
 * malformed reply, late reply (after the play clock and the plan's grace) or illegal move.
 */
export async function runMatch(url: string, plan: MatchPlan): Promise<MatchResult> {
  try {
    return await playMatch(url, plan);
  } catch (e) {
    // Leave the player available for the next test.
    await send(url, `(abort ${plan.matchId})`);
    throw e;
  }
}

async function playMatch(url: string, plan: MatchPlan): Promise<MatchResult> {
  const text = plan.text ?? gameText(plan.file);
  const game = loadGame(text, plan.file);
  const reasoner: Reasoner = await proverBackend.create(game);
  const store = game.store;
  const rng = new Rng(plan.seed);
  const roleName = game.roleName(plan.role);
  const start = await send(
    url,
    `(START ${plan.matchId} ${roleName.toUpperCase()} ${rulesList(text).toUpperCase()} ${plan.startClock} ${plan.playClock})`,
  );
  expectWellFormed(start);
  expect(start.body).toBe('ready');
  expect(start.ms).toBeLessThan(plan.startClock * 1000);
  let state = reasoner.initialState();
  let last: TermId[] | null = null;
  let percepts: TermId[] = [];
  let turn = 0;
  let slowest = 0;
  const playerMoves: string[] = [];
  while (!reasoner.isTerminal(state)) {
    const message = playMessage(plan, turn, last, percepts, store.toKif.bind(store));
    const pending = send(url, message);
    await plan.duringPlay?.(turn);
    const reply = await pending;
    expectWellFormed(reply);
    const limit = plan.playClock * 1000 + (plan.graceMs ?? 0);
    expect(reply.ms, `reply to ${message} within the play clock (+ grace)`).toBeLessThan(limit);
    slowest = Math.max(slowest, reply.ms);
    const legal = reasoner.legalMoves(state, plan.role);
    const move = parseGroundTerm(store, reply.body);
    expect(
      legal.map((m) => store.toKif(m)),
      `turn ${turn}`,
    ).toContain(store.toKif(move));
    playerMoves.push(reply.body);
    const joint = reasoner.roles.map((_, r) => {
      if (r === plan.role) return move;
      const legal = reasoner.legalMoves(state, r);
      const allowed = legal.filter((m) => !plan.avoid?.includes(store.toKif(m)));
      const moves = allowed.length > 0 ? allowed : legal;
      return moves[rng.nextInt(moves.length)]!;
    });
    percepts = game.isGdl2 ? [...reasoner.sees(state, joint, plan.role)] : [];
    state = reasoner.nextState(state, joint);
    last = joint;
    turn++;
  }
  const stop = await send(url, stopMessage(plan, turn, last!, percepts, store.toKif.bind(store)));
  expectWellFormed(stop);
  expect(stop.body).toBe('done');
  return { moves: turn, playerMoves, goals: reasoner.goals(state), slowest };
}

function playMessage(
  plan: MatchPlan,
  turn: number,
  last: TermId[] | null,
  percepts: TermId[],
  kif: (t: TermId) => string,
): string {
  return turnMessage('PLAY', plan, turn, last, percepts, kif);
}

function stopMessage(
  plan: MatchPlan,
  turn: number,
  last: TermId[],
  percepts: TermId[],
  kif: (t: TermId) => string,
): string {
  return turnMessage('STOP', plan, turn, last, percepts, kif);
}

function turnMessage(
  kind: string,
  plan: MatchPlan,
  turn: number,
  last: TermId[] | null,
  percepts: TermId[],
  kif: (t: TermId) => string,
): string {
  const list = (terms: TermId[]) => `(${terms.map(kif).join(' ')})`;
  if (plan.gdl2Form === 'dresden') {
    if (last === null) return `(${kind} ${plan.matchId} 0 NIL NIL)`;
    return `(${kind} ${plan.matchId} ${turn} ${kif(last[plan.role]!)} ${percepts.length === 0 ? 'NIL' : list(percepts)})`;
  }
  if (plan.gdl2Form === 'percepts') {
    if (last === null) return `(${kind} ${plan.matchId} NIL)`;
    return `(${kind} ${plan.matchId} ${percepts.length === 0 ? 'NIL' : list(percepts)})`;
  }
  return `(${kind} ${plan.matchId} ${last === null ? 'NIL' : list(last)})`;
}
