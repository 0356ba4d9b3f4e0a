// One line of matches.jsonl: a whole match, written only once it has ended.
import type { GoalJson } from '@gdlkit/core';

export type FaultKind = 'timeout' | 'illegal' | 'malformed' | 'crash';

export interface Fault {
  readonly role: string;
  /** The PLAY index (0 is the first move); -1 for START, the number of moves for STOP. */
  readonly turn: number;
  readonly kind: FaultKind;
  /** What happened, for the reader: the late time, the illegal move, the unreadable reply, the error. */
  readonly detail: string;
}

export interface MatchRecord {
  readonly game: string;
  /** The match's own seed (derived from the run's seed and the match index). */
  readonly seed: number;
  /** The match's number in the run, 0-based: it fixes the seating and the seed. */
  readonly index: number;
  readonly matchId: string;
  /** The SPEC text playing each role, and its position in --players. */
  readonly players: readonly string[];
  readonly seating: readonly number[];
  readonly roles: readonly string[];
  readonly goals: readonly GoalJson[];
  readonly faults: readonly Fault[];
  /** Per turn, the move each role made (after substitution of a faulty one). */
  readonly moves: readonly (readonly string[])[];
  /** Per turn and role: the player's simulations for that move when it reports them (gdlkit), else null. */
  readonly simulations: readonly (readonly (number | null)[])[];
  /** Per turn and role: milliseconds from sending PLAY to the reply (0 for moves the manager makes). */
  readonly thinkMs: readonly (readonly number[])[];
  /**
   * Per turn and role: milliseconds from the role's previous reply (START's for the first PLAY) to this one —
   * the time a pondering player searched for this move; 0 for moves the manager makes.
   */
  readonly searchMs: readonly (readonly number[])[];
  readonly wallMs: number;
  /**
   * Per role with a fault, played by a `gdlkit serve` process: that player's log lines for the match (JSON
   * objects), to tell what it did meanwhile. Absent when no such role had a fault.
   */
  readonly playerLogs?: Readonly<Record<string, readonly unknown[]>>;
}

/** Reads matches.jsonl text: whole lines only (a line cut by a kill is dropped), later duplicates ignored. */
export function readRecords(text: string): { records: MatchRecord[]; validBytes: number } {
  const records: MatchRecord[] = [];
  const seen = new Set<number>();
  let validBytes = 0;
  let offset = 0;
  while (offset < text.length) {
    const end = text.indexOf('\n', offset);
    if (end < 0) break;
    const line = text.slice(offset, end);
    offset = end + 1;
    if (line.trim() !== '') {
      let record: MatchRecord;
      try {
        record = JSON.parse(line) as MatchRecord;
      } catch {
        break;
      }
      if (typeof record.index !== 'number' || !Array.isArray(record.goals)) break;
      if (!seen.has(record.index)) {
        seen.add(record.index);
        records.push(record);
      }
    }
    // Counted line by line: the file can hold tens of thousands of matches.
    validBytes += Buffer.byteLength(line) + 1;
  }
  return { records, validBytes };
}
