import type { GameReport } from './check-game.js';
import type { Phase } from './phase.js';
import type { CrossSettings } from './settings.js';

/** A backend left out of a game after it hung or crashed there, and how its cell reads. */
export interface Exclusion {
  /** `skip` for a backend too slow for the run's limits, `fail` for one that crashed the worker. */
  readonly status: 'fail' | 'skip';
  readonly reason: string;
}

/** One game for a corpus worker; `excluded` backends are not run again and are reported as recorded. */
export interface GameJob {
  readonly game: string;
  readonly settings: CrossSettings;
  readonly excluded: Readonly<Record<string, Exclusion>>;
}

/** Messages from a corpus worker to the runner (over the fork IPC channel). */
export type WorkerMessage =
  | { readonly type: 'ready'; readonly backends: readonly string[] }
  | { readonly type: 'phase'; readonly phase: Phase }
  | { readonly type: 'report'; readonly report: GameReport };
