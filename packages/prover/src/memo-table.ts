// Answer tables keyed by call pattern: a relation plus one ground term id or -1 (free) per argument. One table
// space holds the entries of one lifetime (static relations: the whole game; dynamic ones: one state or one
// joint move), so clearing a space is resetting two arrays.
import type { RelationId, TermId } from '@gdlkit/core';

export const NEW = 0;
export const EVALUATING = 1;
/** Evaluated once inside a recursive component whose leader has not reached its fixpoint yet. */
export const INCOMPLETE = 2;
export const COMPLETE = 3;

export interface TableEntry {
  readonly relation: RelationId;
  readonly key: Int32Array;
  /** hashKey of relation and key, compared before the key itself. */
  readonly hash: number;
  /** Every argument of the call is bound: one answer settles the entry. */
  readonly ground: boolean;
  status: number;
  /** Stack depth while EVALUATING; the leader's depth once INCOMPLETE. */
  depth: number;
  /** Fixpoint pass in which an INCOMPLETE entry was last evaluated. */
  pass: number;
  /** Ground answer atoms, without duplicates, in the order found. */
  readonly answers: TermId[];
  /** Membership of `answers` once there are too many for a linear scan. */
  seen: Set<TermId> | null;
}

const LINEAR_LIMIT = 12;

function hashKey(relation: number, key: ArrayLike<number>, start: number, length: number): number {
  let h = Math.imul(relation + 0x632be5ab, 0x9e3779b1);
  for (let i = 0; i < length; i++) {
    h = Math.imul(h ^ (key[start + i]! + 1), 0x85ebca6b);
    h ^= h >>> 13;
  }
  // Final avalanche: the table indexes by the low bits.
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return h ^ (h >>> 15);
}

export class MemoSpace {
  entries: TableEntry[] = [];
  private slots = new Int32Array(256).fill(-1);

  /** The entry for a call pattern, created NEW if absent. `key[start .. start+length)` holds the arguments. */
  lookup(relation: RelationId, key: ArrayLike<number>, start: number, length: number): TableEntry {
    const mask = this.slots.length - 1;
    const hash = hashKey(relation, key, start, length);
    let slot = hash & mask;
    for (;;) {
      const index = this.slots[slot]!;
      if (index < 0) break;
      const entry = this.entries[index]!;
      if (entry.hash === hash && entry.relation === relation && sameKey(entry.key, key, start, length)) {
        return entry;
      }
      slot = (slot + 1) & mask;
    }
    const copy = new Int32Array(length);
    let ground = true;
    for (let i = 0; i < length; i++) {
      const k = key[start + i]!;
      copy[i] = k;
      if (k < 0) ground = false;
    }
    const entry: TableEntry = {
      relation,
      key: copy,
      hash,
      ground,
      status: NEW,
      depth: 0,
      pass: 0,
      answers: [],
      seen: null,
    };
    this.slots[slot] = this.entries.length;
    this.entries.push(entry);
    if (this.entries.length * 2 > this.slots.length) this.grow();
    return entry;
  }

  clear(): void {
    if (this.entries.length === 0) return;
    this.entries = [];
    this.slots.fill(-1);
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let i = 0; i < this.entries.length; i++) {
      const e = this.entries[i]!;
      let slot = e.hash & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = i;
    }
    this.slots = slots;
  }
}

function sameKey(a: Int32Array, b: ArrayLike<number>, start: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (a[i] !== b[start + i]) return false;
  return true;
}

/** Adds an answer unless present; true when it was new. */
export function addAnswer(entry: TableEntry, atom: TermId): boolean {
  const answers = entry.answers;
  if (entry.seen !== null) {
    if (entry.seen.has(atom)) return false;
    entry.seen.add(atom);
  } else {
    for (let i = 0; i < answers.length; i++) if (answers[i] === atom) return false;
    if (answers.length >= LINEAR_LIMIT) entry.seen = new Set(answers).add(atom);
  }
  answers.push(atom);
  return true;
}
