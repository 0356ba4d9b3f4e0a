import type { TermId } from '../terms/term-store.js';

/** Running averages per move id (a move-indexed table, grown as the term store grows). */
export class MoveStats {
  private counts = new Float64Array(256);
  private averages = new Float64Array(256);

  /** Moves with a count left (a scan of the table: for logs, not for the search). */
  get size(): number {
    let n = 0;
    for (let i = 0; i < this.counts.length; i++) if (this.counts[i]! > 0) n++;
    return n;
  }

  count(move: TermId): number {
    return move < this.counts.length ? this.counts[move]! : 0;
  }

  average(move: TermId): number {
    return this.averages[move]!;
  }

  add(move: TermId, reward: number): void {
    if (move >= this.counts.length) this.grow(move);
    const n = this.counts[move]! + 1;
    this.counts[move] = n;
    // A count decayed to 0 starts afresh: exactly the reward, as in a table that never saw the move.
    this.averages[move] = n === 1 ? reward : this.averages[move]! + (reward - this.averages[move]!) / n;
  }

  /** Multiplies every count by `gamma`: the averages stay, their weight against new samples shrinks. */
  decay(gamma: number): void {
    for (let i = 0; i < this.counts.length; i++) this.counts[i]! *= gamma;
  }

  private grow(move: TermId): void {
    const size = Math.max(move + 1, this.counts.length * 2);
    const counts = new Float64Array(size);
    counts.set(this.counts);
    const averages = new Float64Array(size);
    averages.set(this.averages);
    this.counts = counts;
    this.averages = averages;
  }
}
