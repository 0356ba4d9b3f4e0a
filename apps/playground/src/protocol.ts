// The messages between the page and the session worker (session-worker.ts). Terms travel as canonical KIF text.
import type { GoalJson } from '@gdlkit/core';

/** What the page shows of the current state. */
export interface StateView {
  readonly step: number;
  readonly roles: readonly string[];
  readonly backend: string;
  readonly gdl2: boolean;
  /** The true state's fluents; null while a GDL-II game hides it from the human (until the end). */
  readonly fluents: readonly string[] | null;
  /** Legal moves per role (a hidden role's list is null). */
  readonly legal: readonly (readonly string[] | null)[];
  /** Goal values per role (integers, null, or several), as the rules derive them; null while hidden. */
  readonly goals: readonly GoalJson[] | null;
  readonly terminal: boolean;
  /** GDL-II: the watched role's percepts of each past step and its knowledge (Thielscher 2013, B+ and B0). */
  readonly knowledge: KnowledgeView | null;
  /** Moves left in a loaded match record (applied one by one with `redo`). */
  readonly recordedAhead: number;
  /** The joint moves played so far, one list of texts per step. */
  readonly history: readonly (readonly string[])[];
}

export interface KnowledgeView {
  readonly role: string;
  readonly percepts: readonly (readonly string[])[];
  readonly known: readonly string[];
  readonly possible: readonly string[];
  /** Whether a budgeted update fell back to a sound approximation. */
  readonly approximated: boolean;
}

/** One move the search considered: its visits and mean reward (0..100). */
export interface MoveValue {
  readonly move: string;
  readonly visits: number;
  readonly mean: number;
}

export interface ThinkResult {
  /** The chosen move per searched role (same order as `roles` of the request). */
  readonly moves: readonly string[];
  readonly simulations: number;
  readonly simulationsPerSecond: number;
  /** Per searched role, the root's moves by visits. */
  readonly values: readonly (readonly MoveValue[])[];
}

export interface ThroughputRow {
  readonly backend: string;
  /** Null when the backend could not be built; `error` says why. */
  readonly playoutsPerSecond: number | null;
  readonly statesPerSecond: number | null;
  readonly buildMs: number | null;
  readonly error?: string;
}

export type Request =
  | { readonly kind: 'load'; readonly text: string; readonly file: string; readonly backend: string }
  /** The human's roles: in a GDL-II game the first of them is the one whose knowledge is shown. */
  | { readonly kind: 'humans'; readonly roles: readonly number[] }
  | { readonly kind: 'step'; readonly moves: readonly (string | null)[] }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'think'; readonly roles: readonly number[]; readonly ms: number; readonly seed: number }
  | { readonly kind: 'record' }
  | { readonly kind: 'replay'; readonly text: string; readonly file: string }
  | { readonly kind: 'throughput'; readonly backends: readonly string[]; readonly seconds: number };

export type Reply =
  | { readonly kind: 'state'; readonly view: StateView }
  | { readonly kind: 'think'; readonly result: ThinkResult }
  | { readonly kind: 'record'; readonly text: string }
  | { readonly kind: 'throughput'; readonly rows: readonly ThroughputRow[] }
  | { readonly kind: 'error'; readonly message: string };
