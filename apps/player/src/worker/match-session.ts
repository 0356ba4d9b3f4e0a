import { type BackendRegistry, InvalidGameError, loadGame } from '@gdlkit/core';
import { backendForGame, rulesHash } from '../config.js';
import type { Logger } from '../log.js';
import { Match, type TurnObserver } from '../match.js';
import { type Message, parseMessage } from '../protocol/messages.js';
import { errorReply, MessageSyntaxError, printSExpr } from '../protocol/sexpr.js';
import { internTerm } from '../protocol/terms.js';
import { chooseReasoner } from '../reasoner-choice.js';
import type {
  PlayedTurn,
  RecoveryLevel,
  ReplyTiming,
  TurnMessage,
  WorkerSettings,
} from './worker-protocol.js';

type StartMessage = Extract<Message, { kind: 'start' }>;

/** Converts an epoch time from the shell into this process's performance.now() scale. */
export function localTime(epochMs: number): number {
  return epochMs - performance.timeOrigin;
}

/**
 * The match a worker plays: reads the START, builds the game and its reasoner within the start clock, then
 * answers the turns. Replies are protocol texts; every failure becomes an (error ...) reply and a log line.
 */
export class MatchSession {
  private match: Match | null = null;

  constructor(
    private readonly settings: WorkerSettings,
    private readonly registry: BackendRegistry,
    private readonly logger: Logger,
  ) {}

  /** The turn the next PLAY is (1 for the first). */
  get nextTurn(): number {
    return (this.match?.turnsPlayed ?? 0) + 1;
  }

  preview(text: string): string {
    const message = parseMessage(text);
    if (message.kind !== 'preview') throw new MessageSyntaxError(`expected PREVIEW, got ${message.kind}`);
    loadGame(message.rules, '<preview>');
    this.logger.log('info', 'preview', { rulesHash: rulesHash(message.rules) });
    return 'ready';
  }

  /** Sets up the match of a START; `startDeadline` (performance.now() ms) bounds the choice and the warm-up. */
  async start(text: string, startDeadline: number, observer: TurnObserver): Promise<string> {
    const message = readStart(text);
    const fields = { match: message.matchId };
    const hash = rulesHash(message.rules);
    let game: ReturnType<typeof loadGame>;
    try {
      game = loadGame(message.rules, `match ${message.matchId}`);
    } catch (e) {
      if (!(e instanceof InvalidGameError)) throw e;
      this.logger.log('warn', 'invalid-game', { ...fields, rulesHash: hash, reason: e.message });
      return errorReply(e.message);
    }
    const role = game.roles.indexOf(internTerm(game.store, message.role));
    if (role < 0) {
      const reason = `role ${printSExpr(message.role)} is not a role of the game (${game.roles.map((r) => game.store.toKif(r)).join(', ')})`;
      this.logger.log('warn', 'invalid-start', { ...fields, reason });
      return errorReply(reason);
    }
    const { marginMs, config } = this.settings;
    const playClockMs = message.playClock * 1000;
    if (startDeadline - performance.now() < 0 || playClockMs <= marginMs) {
      this.logger.log('warn', 'clock-too-short', {
        ...fields,
        startClock: message.startClock,
        playClock: message.playClock,
        marginMs,
        consequence:
          'the prover without checks at start; when the play clock is shorter than the margin, a search of half the clock',
      });
    }
    const choice = backendForGame(config, hash, message.matchId, this.settings.backend);
    this.logger.log('info', 'start', {
      ...fields,
      // Which process plays the match, to tell a stalled worker from a stalled shell in a log (issue 20).
      pid: process.pid,
      role: printSExpr(message.role),
      rulesHash: hash,
      gdl2: game.isGdl2,
      roles: game.roles.length,
      startClock: message.startClock,
      playClock: message.playClock,
      requested: choice.backend,
      why: choice.reason,
    });
    const requested = startDeadline - performance.now() <= 0 ? 'prover' : choice.backend;
    const { reasoner, prover } = await chooseReasoner(
      game,
      requested,
      this.registry,
      { deadline: startDeadline, buildShare: config.buildShare ?? 0.5, memoryBytes: config.memoryBytes },
      this.logger,
      fields,
    );
    this.match = new Match(
      { id: message.matchId, role, game, reasoner, prover, playClockMs, marginMs },
      this.settings.search,
      this.logger,
    );
    this.match.warmUp(startDeadline, observer);
    return 'ready';
  }

  /**
   * Takes over a match whose worker failed: the game again, on the prover (searching or, at `legal-only`,
   * answering at once), with the turns played so far taken in without searching.
   */
  async resume(text: string, level: RecoveryLevel, turns: readonly PlayedTurn[]): Promise<string> {
    const message = readStart(text);
    const game = loadGame(message.rules, `match ${message.matchId}`);
    const role = game.roles.indexOf(internTerm(game.store, message.role));
    const prover = await this.registry.get('prover').create(game);
    const search =
      level === 'legal-only'
        ? { ...this.settings.search, ponder: false, searchless: true }
        : this.settings.search;
    const match = new Match(
      {
        id: message.matchId,
        role,
        game,
        reasoner: prover,
        prover,
        playClockMs: message.playClock * 1000,
        marginMs: this.settings.marginMs,
        filterBudgetMs: (message.playClock * 1000) / (12 * (turns.length + 1)),
      },
      search,
      this.logger,
    );
    for (const turn of turns) await match.replay(turn.message, turn.sent);
    this.match = match;
    this.logger.log('info', 'resumed', {
      match: message.matchId,
      pid: process.pid,
      recovery: level,
      turns: turns.length,
    });
    return 'ready';
  }

  /** Takes in turns the shell answered while this worker was replaying the match. */
  async catchUp(turns: readonly PlayedTurn[]): Promise<string> {
    const match = this.current();
    for (const turn of turns) await match.replay(turn.message, turn.sent);
    return 'ready';
  }

  /** `answeredFor`: the move the shell sent for the previous turn when this worker's reply came too late. */
  async play(
    message: TurnMessage,
    deadline: number,
    observer: TurnObserver,
    answeredFor?: string,
  ): Promise<{ text: string; timing: ReplyTiming }> {
    const match = this.current();
    if (answeredFor !== undefined) match.sentInstead(answeredFor);
    return match.play(message, deadline, observer);
  }

  stop(message: TurnMessage | null): string {
    const match = this.current();
    if (message) match.stop(message);
    match.dispose();
    this.match = null;
    return 'done';
  }

  private current(): Match {
    if (!this.match) throw new Error('no match in this worker');
    return this.match;
  }
}

function readStart(text: string): StartMessage {
  const message = parseMessage(text);
  if (message.kind !== 'start') throw new MessageSyntaxError(`expected START, got ${message.kind}`);
  return message;
}
