import { type BackendRegistry, InvalidGameError, loadGame } from '@gdlkit/core';
import { backendForGame, type PlayerConfig, rulesHash } from './config.js';
import type { Logger } from './log.js';
import { Match, type SearchSettings } from './match.js';
import { type Message, parseMessage } from './protocol/messages.js';
import { errorReply, MessageSyntaxError, printSExpr } from './protocol/sexpr.js';
import { internTerm } from './protocol/terms.js';
import { chooseReasoner } from './reasoner-choice.js';

export interface PlayerSettings {
  /** The name INFO reports. */
  readonly name: string;
  readonly registry: BackendRegistry;
  readonly config: PlayerConfig;
  /** The --backend flag, if given. */
  readonly backend?: string;
  /** The reply leaves this long before the clock expires (milliseconds, at least 500 by default). */
  readonly marginMs: number;
  readonly search: SearchSettings;
}

/**
 * The protocol state machine: one match at a time. Every message gets a reply text, never an exception; what
 * went wrong is logged and, for a bad START or a malformed message, returned as (error "...").
 */
export class Player {
  private match: Match | null = null;
  /** A START is being set up (building the reasoner); the player is busy meanwhile. */
  private starting = false;

  constructor(
    private readonly settings: PlayerSettings,
    private readonly logger: Logger,
  ) {}

  get busy(): boolean {
    return this.match !== null || this.starting;
  }

  /** Answers one message; `receivedAt` is performance.now() when the request arrived (clocks start then). */
  async handle(text: string, receivedAt: number): Promise<string> {
    let message: Message;
    try {
      message = parseMessage(text);
    } catch (e) {
      const reason = (e as Error).message;
      this.logger.log('warn', 'malformed-message', { reason, message: text.slice(0, 200) });
      return errorReply(`malformed message: ${reason}`);
    }
    try {
      return await this.dispatch(message, receivedAt);
    } catch (e) {
      const reason = (e as Error)?.message ?? String(e);
      this.logger.log(e instanceof MessageSyntaxError ? 'warn' : 'error', 'message-failed', {
        kind: message.kind,
        reason,
      });
      return errorReply(reason);
    }
  }

  /** Ends the current match (on shutdown). */
  close(): void {
    this.match?.dispose();
    this.match = null;
  }

  private async dispatch(message: Message, receivedAt: number): Promise<string> {
    switch (message.kind) {
      case 'info':
        return `((name ${this.settings.name}) (status ${this.busy ? 'busy' : 'available'}))`;
      case 'preview':
        loadGame(message.rules, '<preview>');
        this.logger.log('info', 'preview', { rulesHash: rulesHash(message.rules) });
        return 'ready';
      case 'start':
        return this.start(message, receivedAt);
      case 'play':
      case 'stop':
      case 'abort': {
        const match = this.match;
        if (!match || match.id !== message.matchId) {
          this.logger.log('warn', 'unknown-match', {
            kind: message.kind,
            match: message.matchId,
            current: match?.id,
          });
          return 'busy';
        }
        if (message.kind === 'play') {
          const deadline = receivedAt + match.playClockMs - this.settings.marginMs;
          return await match.play(message, deadline);
        }
        if (message.kind === 'stop') match.stop(message);
        this.logger.log('info', message.kind === 'stop' ? 'stop' : 'abort', { match: match.id });
        match.dispose();
        this.match = null;
        return message.kind === 'stop' ? 'done' : 'aborted';
      }
    }
  }

  private async start(message: Extract<Message, { kind: 'start' }>, receivedAt: number): Promise<string> {
    if (this.busy) {
      this.logger.log('warn', 'start-while-busy', { match: message.matchId, current: this.match?.id });
      return 'busy';
    }
    this.starting = true;
    try {
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
      const { marginMs } = this.settings;
      const startDeadline = receivedAt + message.startClock * 1000 - marginMs;
      const playClockMs = message.playClock * 1000;
      if (startDeadline - performance.now() < 0 || playClockMs <= marginMs) {
        this.logger.log('warn', 'clock-too-short', {
          ...fields,
          startClock: message.startClock,
          playClock: message.playClock,
          marginMs,
          consequence:
            'the prover without checks at start; replies without search when the play clock is shorter than the margin',
        });
      }
      const choice = backendForGame(this.settings.config, hash, message.matchId, this.settings.backend);
      this.logger.log('info', 'start', {
        ...fields,
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
        this.settings.registry,
        {
          deadline: startDeadline,
          buildShare: this.settings.config.buildShare ?? 0.5,
          memoryBytes: this.settings.config.memoryBytes,
        },
        this.logger,
        fields,
      );
      const match = new Match(
        { id: message.matchId, role, game, reasoner, prover, playClockMs, marginMs },
        this.settings.search,
        this.logger,
      );
      this.match = match;
      match.warmUp(startDeadline);
      return 'ready';
    } finally {
      this.starting = false;
    }
  }
}
