// The facts of one permanent relation in the order they were derived, with a duplicate check and, per set of
// bound argument positions a literal probes with, a hash index from those arguments' values to the positions
// of the matching facts (built on first use, kept up to date as facts are added).
import type { TermId } from '@gdlkit/core';

export class Extension {
  readonly tuples: TermId[][] = [];
  private readonly keys = new Set<string>();
  /** Bound-position mask → values of those positions (joined) → ascending positions in `tuples`. */
  private readonly indexes = new Map<number, Map<string, number[]>>();

  has(args: readonly TermId[]): boolean {
    return this.keys.has(args.join(','));
  }

  /** Appends a fact; false when it is already known. */
  add(args: TermId[]): boolean {
    const key = args.join(',');
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    const position = this.tuples.length;
    this.tuples.push(args);
    for (const [mask, index] of this.indexes) insert(index, project(args, mask), position);
    return true;
  }

  /**
   * Calls `visit` with every fact among positions [from, to) whose arguments at the positions in `mask` equal
   * `key` (all facts of the window when the mask is empty). Facts added by `visit` are not visited.
   */
  forEachCandidate(
    mask: number,
    key: readonly TermId[],
    from: number,
    to: number,
    visit: (args: readonly TermId[]) => void,
  ): void {
    if (mask === 0) {
      for (let p = from; p < to; p++) visit(this.tuples[p]!);
      return;
    }
    const bucket = this.index(mask).get(key.join(','));
    if (bucket === undefined) return;
    const end = bucket.length;
    for (let i = firstAtLeast(bucket, from); i < end; i++) {
      const p = bucket[i]!;
      if (p >= to) return;
      visit(this.tuples[p]!);
    }
  }

  private index(mask: number): Map<string, number[]> {
    let index = this.indexes.get(mask);
    if (index === undefined) {
      index = new Map();
      for (let p = 0; p < this.tuples.length; p++) insert(index, project(this.tuples[p]!, mask), p);
      this.indexes.set(mask, index);
    }
    return index;
  }
}

function project(args: readonly TermId[], mask: number): string {
  const values: TermId[] = [];
  for (let j = 0; j < args.length && j < 31; j++) if (mask & (1 << j)) values.push(args[j]!);
  return values.join(',');
}

function insert(index: Map<string, number[]>, key: string, position: number): void {
  const bucket = index.get(key);
  if (bucket === undefined) index.set(key, [position]);
  else bucket.push(position);
}

/** The first index of an ascending list whose value is at least `value`. */
function firstAtLeast(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
