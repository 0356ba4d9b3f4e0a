// The loop check shared by the answer solver and the support solver: a call that meets a variant of itself still
// being solved reuses the answers found so far and marks the variant's frame as a leader. A leader re-solves its
// recursive component, with all answers found so far, until a pass adds nothing (a least fixpoint); the
// component's entries are complete only then. Redundant and left-recursive rules therefore terminate.
import { COMPLETE, EVALUATING, INCOMPLETE, NEW, type TableEntry } from './memo-table.js';

export class Fixpoint {
  /** Entries being solved, as a depth; per depth the lowest depth its component reaches. */
  private depth = 0;
  private lows = new Int32Array(64);
  private recursed = new Uint8Array(64);
  private readonly incomplete: TableEntry[] = [];
  private pass = 1;

  /** Whether a called entry must be solved now; otherwise its current answers are what the caller sees. */
  mustSolve(entry: TableEntry): boolean {
    switch (entry.status) {
      case NEW:
        return true;
      case COMPLETE:
        return false;
      case EVALUATING:
        this.dependOn(entry.depth);
        return false;
      case INCOMPLETE:
        if (entry.pass !== this.pass) return true;
        this.dependOn(entry.depth);
        return false;
    }
    return true;
  }

  /** Puts the entry on the stack; returns its depth, to pass to startPass and endPass. */
  begin(entry: TableEntry): number {
    const depth = this.depth++;
    if (depth >= this.lows.length) this.growStack();
    entry.status = EVALUATING;
    entry.depth = depth;
    return depth;
  }

  get incompleteCount(): number {
    return this.incomplete.length;
  }

  startPass(depth: number): void {
    this.lows[depth] = depth;
    this.recursed[depth] = 0;
  }

  /**
   * Ends one pass over the entry's rules; `changed` says whether the pass added answers anywhere. True when the
   * entry leads a recursive component that must be solved again.
   */
  endPass(entry: TableEntry, depth: number, incompleteMark: number, changed: boolean): boolean {
    const low = this.lows[depth]!;
    if (low < depth) {
      // Part of a component led further down: that leader iterates it to the fixpoint.
      entry.status = INCOMPLETE;
      entry.depth = low;
      entry.pass = this.pass;
      this.incomplete.push(entry);
      this.depth--;
      if (low < this.lows[depth - 1]!) this.lows[depth - 1] = low;
      return false;
    }
    if (this.recursed[depth] === 1 && changed) {
      this.pass++;
      entry.depth = depth;
      return true;
    }
    for (let i = incompleteMark; i < this.incomplete.length; i++) this.incomplete[i]!.status = COMPLETE;
    this.incomplete.length = incompleteMark;
    entry.status = COMPLETE;
    this.depth--;
    return false;
  }

  reset(): void {
    this.depth = 0;
    this.incomplete.length = 0;
  }

  /** The solver on top of the stack depends on the entry at `depth`, which is still being solved. */
  private dependOn(depth: number): void {
    const top = this.depth - 1;
    if (depth < this.lows[top]!) this.lows[top] = depth;
    this.recursed[depth] = 1;
  }

  private growStack(): void {
    const lows = new Int32Array(this.lows.length * 2);
    lows.set(this.lows);
    this.lows = lows;
    const recursed = new Uint8Array(this.recursed.length * 2);
    recursed.set(this.recursed);
    this.recursed = recursed;
  }
}
