// What a run is: the game, the players, the clocks, the seeds; and the plan of each of its matches.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { type Game, loadGame } from '@gdlkit/core';
import { type PlayerConfig, printSExpr, readSExpr } from '@gdlkit/player';
import type { MatchPlan, RefereeGame } from './game-manager.js';
import type { PlayerSpec } from './player-spec.js';
import { type Seating, seatings } from './seating.js';

export interface RunSettings {
  /** The game's short name (file name without .kif). */
  readonly game: string;
  /** The game file's text. */
  readonly rulesText: string;
  readonly specs: readonly PlayerSpec[];
  readonly matches: number;
  readonly seed: number;
  readonly startClock: number;
  readonly playClock: number;
  /** Fixed simulations per move for every gdlkit player that does not set its own. */
  readonly iterations?: number;
  readonly graceMs: number;
}

export class RunError extends Error {
  constructor(
    message: string,
    /** 1 for bad input (a game that fails validation, an unreachable player), 2 for bad usage. */
    readonly exitCode: 1 | 2,
  ) {
    super(message);
    this.name = 'RunError';
  }
}

export function gameName(file: string): string {
  return (
    basename(file)
      .replace(/\.kif$/i, '')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '_') || 'game'
  );
}

/** Roles the manager plays itself: GDL-II's `random` (nature). */
export function managedRoles(game: Game): boolean[] {
  return game.roles.map((r) => game.isGdl2 && game.store.toKif(r) === 'random');
}

/** The seatings over the roles the players take (the manager's roles get -1). */
export function runSeatings(game: Game, specCount: number): Seating[] {
  const managed = managedRoles(game);
  const seats = managed.filter((m) => !m).length;
  if (seats === 0) throw new RunError('the game has no role for a player (only random)', 1);
  return seatings(specCount, seats).map((seating) => {
    let next = 0;
    return managed.map((m) => (m ? -1 : seating[next++]!));
  });
}

/** A 31-bit seed for match `index`, fixed by the run's seed (splitmix-style mixing). */
export function matchSeed(runSeed: number, index: number): number {
  let z = (Math.imul(runSeed | 0, 0x9e3779b1) + Math.imul(index + 1, 0x85ebca6b)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
  return (z ^ (z >>> 16)) >>> 1;
}

export function planMatch(run: RunSettings, all: readonly Seating[], index: number): MatchPlan {
  const seating = all[index % all.length]!;
  return {
    index,
    seed: matchSeed(run.seed, index),
    matchId: `${run.game}.${run.seed}.${index}`,
    seating,
    players: seating.map((s) => (s < 0 ? 'random (manager)' : run.specs[s]!.text)),
  };
}

/** The config a gdlkit SPEC's process runs with: the run's iterations unless the SPEC sets its own. */
export function processConfig(spec: PlayerSpec, iterations: number | undefined): PlayerConfig {
  if (spec.kind !== 'gdlkit') throw new Error(`${spec.text} is not a gdlkit player`);
  const own = spec.config.search ?? {};
  return { ...spec.config, search: { ...own, iterations: own.iterations ?? iterations } };
}

/** Identifies a run's settings (everything but the number of matches), for resuming and for queue job ids. */
export function runId(run: RunSettings): string {
  const settings = {
    game: run.game,
    rules: run.rulesText,
    players: run.specs.map((s) => s.text),
    seed: run.seed,
    startClock: run.startClock,
    playClock: run.playClock,
    iterations: run.iterations ?? null,
    graceMs: run.graceMs,
  };
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
}

/** The referee's view of the game: loaded and validated, the rules as START sends them. */
export function loadReferee(name: string, text: string, file: string): Omit<RefereeGame, 'prover'> {
  const game = loadGame(text, file);
  return { name, game, rules: rulesList(text) };
}

/**
 * The rules as one KIF list on one line, comments dropped, read back by the player's own reader. The closing
 * parenthesis goes on a line of its own: a file ending in a comment without a newline would swallow it.
 */
export function rulesList(text: string): string {
  return printSExpr(readSExpr(`(${text}\n)`));
}
