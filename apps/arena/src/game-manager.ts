// The referee of one match: START, PLAY and STOP over HTTP to every player, the true state kept with the
// prover, and ggp-base's GameServer rules for faults — a late, illegal or unreadable move is replaced by a
// random legal one and recorded, and the match goes on; a player that cannot be reached is played at random
// for the rest of the match (its crash recorded once).
import {
  type Game,
  type GoalJson,
  goalToJson,
  parseGroundTerm,
  type Reasoner,
  Rng,
  type TermId,
} from '@gdlkit/core';
import type { Fault, FaultKind, MatchRecord } from './match-record.js';
import type { PlayerProcess } from './player-process.js';
import { deliver } from './protocol-client.js';

/** Who answers for a role: the manager itself (uniform random legal moves) or a player over HTTP. */
export type Endpoint =
  | { readonly kind: 'random' }
  | { readonly kind: 'remote'; readonly url: string; readonly process?: PlayerProcess };

export interface RefereeGame {
  /** Short name, used in match ids and records. */
  readonly name: string;
  readonly game: Game;
  /** The rules as one KIF list, as START carries them. */
  readonly rules: string;
  readonly prover: Reasoner;
}

export interface MatchPlan {
  readonly index: number;
  readonly seed: number;
  readonly matchId: string;
  /** Per role: the SPEC index, or -1 for a role the manager plays (GDL-II's `random`). */
  readonly seating: readonly number[];
  /** Per role: the SPEC text, or `random (manager)`. */
  readonly players: readonly string[];
}

export interface Clocks {
  /** Seconds, as sent in START. */
  readonly startClock: number;
  readonly playClock: number;
  /** Added to each clock before a reply counts as late (ggp-base's GameServer allows one second). */
  readonly graceMs: number;
}

interface RoleState {
  readonly endpoint: Endpoint;
  crashed: boolean;
  /** performance.now() of the role's last reply (START's, then each PLAY's). */
  repliedAt: number;
  lastMove: TermId | null;
  percepts: TermId[];
}

/** Plays one match to its end and returns its record. Never throws for a player's misbehaviour. */
export async function playMatch(
  referee: RefereeGame,
  plan: MatchPlan,
  endpoints: readonly Endpoint[],
  clocks: Clocks,
  signal?: AbortSignal,
): Promise<MatchRecord> {
  const started = performance.now();
  const { game, prover } = referee;
  const store = game.store;
  const kif = (t: TermId) => store.toKif(t);
  const roleNames = game.roles.map(kif);
  const rng = new Rng(plan.seed);
  const faults: Fault[] = [];
  const roles: RoleState[] = endpoints.map((endpoint) => ({
    endpoint,
    crashed: false,
    repliedAt: 0,
    lastMove: null,
    percepts: [],
  }));
  const fault = (role: number, turn: number, kind: FaultKind, detail: string) => {
    faults.push({ role: roleNames[role]!, turn, kind, detail });
    if (kind === 'crash') roles[role]!.crashed = true;
  };

  const startLimit = clocks.startClock * 1000 + clocks.graceMs;
  await Promise.all(
    roles.map(async (role, r) => {
      if (role.endpoint.kind !== 'remote') return;
      const message = `(start ${plan.matchId} ${roleNames[r]} ${referee.rules} ${clocks.startClock} ${clocks.playClock})`;
      const reply = await deliver(role.endpoint.url, message, startLimit);
      role.repliedAt = performance.now();
      if (!reply.ok) fault(r, -1, reply.kind, reply.detail);
      else if (reply.body.toLowerCase() !== 'ready')
        fault(r, -1, 'malformed', `START answered '${clip(reply.body)}'`);
    }),
  );

  const moves: string[][] = [];
  const simulationsByTurn: (number | null)[][] = [];
  const thinkMs: number[][] = [];
  const searchMs: number[][] = [];
  let state = prover.initialState();
  let previous: TermId[] | null = null;
  const playLimit = clocks.playClock * 1000 + clocks.graceMs;
  while (!prover.isTerminal(state)) {
    if (signal?.aborted) {
      await abortAll(roles, plan.matchId);
      throw new MatchAbortedError(plan.matchId);
    }
    const turn = moves.length;
    const legal = roleNames.map((_, r) => prover.legalMoves(state, r));
    const times = new Array<number>(roles.length).fill(0);
    const windows = new Array<number>(roles.length).fill(0);
    const joint = await Promise.all(
      roles.map(async (role, r): Promise<TermId> => {
        const options = legal[r]!;
        const substitute = () => options[rng.nextInt(options.length)]!;
        if (role.endpoint.kind !== 'remote' || role.crashed) return substitute();
        const message = turnMessage('play', game.isGdl2, plan.matchId, turn, previous, role, kif);
        const reply = await deliver(role.endpoint.url, message, playLimit);
        times[r] = reply.ms;
        const now = performance.now();
        windows[r] = Math.round(now - role.repliedAt);
        role.repliedAt = now;
        if (!reply.ok) {
          fault(r, turn, reply.kind, reply.detail);
          return substitute();
        }
        const move = readMove(game, reply.body);
        if (move === null) {
          fault(r, turn, 'malformed', `'${clip(reply.body)}' is not a move`);
          return substitute();
        }
        if (!options.includes(move)) {
          fault(r, turn, 'illegal', `${kif(move)} is not legal`);
          return substitute();
        }
        return move;
      }),
    );
    if (game.isGdl2) {
      for (let r = 0; r < roles.length; r++) {
        roles[r]!.lastMove = joint[r]!;
        roles[r]!.percepts = [...prover.sees(state, joint, r)];
      }
    }
    moves.push(joint.map(kif));
    thinkMs.push(times);
    searchMs.push(windows);
    simulationsByTurn.push(new Array<number | null>(roles.length).fill(null));
    state = prover.nextState(state, joint);
    previous = joint;
  }

  const turns = moves.length;
  await Promise.all(
    roles.map(async (role, r) => {
      if (role.endpoint.kind !== 'remote' || role.crashed) return;
      const message = turnMessage('stop', game.isGdl2, plan.matchId, turns, previous, role, kif);
      const reply = await deliver(role.endpoint.url, message, playLimit);
      if (!reply.ok) fault(r, turns, reply.kind, reply.detail);
      else if (reply.body.toLowerCase() !== 'done')
        fault(r, turns, 'malformed', `STOP answered '${clip(reply.body)}'`);
    }),
  );
  const playerLogs: Record<string, unknown[]> = {};
  await Promise.all(
    roles.map(async (role, r) => {
      if (role.endpoint.kind !== 'remote' || !role.endpoint.process) return;
      const report = await role.endpoint.process.report(plan.matchId, turns);
      for (let t = 0; t < turns; t++) simulationsByTurn[t]![r] = report.simulations[t]!;
      // Kept only where it explains something: a fault of this role (issue 20's timeout had nothing else).
      if (faults.some((f) => f.role === roleNames[r]) && report.log.length > 0)
        playerLogs[roleNames[r]!] = report.log;
    }),
  );
  const goals: GoalJson[] = roleNames.map((_, r) => goalToJson(prover.goal(state, r)));
  return {
    game: referee.name,
    seed: plan.seed,
    index: plan.index,
    matchId: plan.matchId,
    players: plan.players,
    seating: plan.seating,
    roles: roleNames,
    goals,
    faults,
    moves,
    simulations: simulationsByTurn,
    thinkMs,
    searchMs,
    wallMs: Math.round(performance.now() - started),
    ...(Object.keys(playerLogs).length > 0 ? { playerLogs } : {}),
  };
}

export class MatchAbortedError extends Error {
  constructor(matchId: string) {
    super(`match ${matchId} was aborted`);
    this.name = 'MatchAbortedError';
  }
}

async function abortAll(roles: readonly RoleState[], matchId: string): Promise<void> {
  await Promise.all(
    roles.map((role) =>
      role.endpoint.kind === 'remote' && !role.crashed
        ? deliver(role.endpoint.url, `(abort ${matchId})`, 2000)
        : null,
    ),
  );
}

/**
 * GDL: `(play id nil)` first, then the previous joint move in role order. GDL-II, the Dresden server's form:
 * `(play id turn lastmove percepts)` with the role's own last move and percepts only (nil on turn 0).
 */
function turnMessage(
  kind: 'play' | 'stop',
  gdl2: boolean,
  matchId: string,
  turn: number,
  previous: readonly TermId[] | null,
  role: RoleState,
  kif: (t: TermId) => string,
): string {
  if (gdl2) {
    if (role.lastMove === null) return `(${kind} ${matchId} ${turn} nil nil)`;
    const percepts = role.percepts.length === 0 ? 'nil' : `(${role.percepts.map(kif).join(' ')})`;
    return `(${kind} ${matchId} ${turn} ${kif(role.lastMove)} ${percepts})`;
  }
  return `(${kind} ${matchId} ${previous === null ? 'nil' : `(${previous.map(kif).join(' ')})`})`;
}

/** A reply as a ground term of the game, or null when it is not one (an error reply, unreadable text). */
function readMove(game: Game, body: string): TermId | null {
  if (body === '' || /^\(\s*error\b/i.test(body)) return null;
  try {
    return parseGroundTerm(game.store, body.toLowerCase());
  } catch {
    return null;
  }
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
