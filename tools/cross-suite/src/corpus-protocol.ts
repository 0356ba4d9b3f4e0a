import type { GameReport } from './check-game.js';
import type { Phase } from './phase.js';
import type { CrossSettings } from './settings.js';

/** One game for a corpus worker; `failed` backends are not run again and are reported with these reasons. */
export interface GameJob {
  readonly game: string;
  readonly settings: CrossSettings;
  readonly failed: Readonly<Record<string, string>>;
}

/** Messages from a corpus worker to the runner (over the fork IPC channel). */
export type WorkerMessage =
  | { readonly type: 'ready'; readonly backends: readonly string[] }
  | { readonly type: 'phase'; readonly phase: Phase }
  | { readonly type: 'report'; readonly report: GameReport };
