// The messages between the protocol shell and a match worker process. Times cross as epoch milliseconds,
// because each process's performance.now() has its own origin.
import type { PlayerConfig } from '../config.js';
import type { SearchSettings } from '../match.js';
import type { Message } from '../protocol/messages.js';

export type TurnMessage = Extract<Message, { kind: 'play' | 'stop' }>;

/** What a worker needs to play: everything of the player's settings that can cross to another process. */
export interface WorkerSettings {
  readonly config: PlayerConfig;
  readonly backend?: string;
  readonly marginMs: number;
  readonly search: SearchSettings;
  readonly verbose: boolean;
}

/** A turn already answered, replayed by a replacement worker: the manager's message and the move we sent. */
export interface PlayedTurn {
  readonly message: TurnMessage;
  readonly sent: string;
}

/**
 * How a replacement worker plays a match after its predecessor failed: `prover` searches with the prover,
 * `legal-only` answers a legal move at once without searching.
 */
export type RecoveryLevel = 'prover' | 'legal-only';

export type HostRequest =
  | {
      readonly type: 'start';
      readonly id: number;
      /** The START message as received (the worker parses it, so a huge one never blocks the shell). */
      readonly text: string;
      /** By when the reasoner is chosen and the warm-up search ends. */
      readonly deadline: number;
    }
  | {
      readonly type: 'resume';
      readonly id: number;
      readonly text: string;
      readonly level: RecoveryLevel;
      readonly turns: readonly PlayedTurn[];
    }
  | {
      readonly type: 'play';
      readonly id: number;
      readonly message: TurnMessage;
      readonly deadline: number;
      /**
       * The move the shell sent for the previous turn in this worker's place (its reply came too late), which
       * may differ from the move the worker chose in the end: the match goes on from the move sent.
       */
      readonly answeredFor?: string;
    }
  /** Turns answered by the shell while a replacement replayed the match (it missed them): taken in the same way. */
  | { readonly type: 'catch-up'; readonly id: number; readonly turns: readonly PlayedTurn[] }
  | { readonly type: 'stop'; readonly id: number; readonly message: TurnMessage | null }
  | { readonly type: 'preview'; readonly id: number; readonly text: string };

/** Where a reply's time went, for the shell's late-move log line (milliseconds). */
export interface ReplyTiming {
  /** Taking in the manager's move: advancing the tree, decaying the policy. */
  readonly advanceMs: number;
  /** How long after its deadline the worker's reply timer ran (a slice or a reasoner call overran). */
  readonly overrunMs: number;
  /** Heap in use in the worker when it replied. */
  readonly heapBytes: number;
  /** When the worker sent the reply (epoch ms): what is left of a delay was spent reaching the shell. */
  readonly sentAt: number;
}

/** How often an idle or searching worker says it is alive. */
export const HEARTBEAT_MS = 200;

export type WorkerEvent =
  | { readonly type: 'loaded'; readonly backends: readonly string[] }
  | { readonly type: 'reply'; readonly id: number; readonly text: string; readonly timing?: ReplyTiming }
  | { readonly type: 'alive' }
  /** A PLAY reached the worker's event loop (before any reasoning): the worker is not stuck. */
  | { readonly type: 'received'; readonly turn: number }
  | {
      /** The position of a PLAY is known: the move the search prefers so far, one of the legal moves. */
      readonly type: 'progress';
      readonly turn: number;
      readonly best: string;
    }
  | { readonly type: 'log'; readonly line: string };
