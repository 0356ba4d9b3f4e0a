// The progress line on stderr: matches done, running scores and an estimate of the time left.
import type { MatchRecord } from './match-record.js';
import { specPoints } from './scoring.js';

export class Progress {
  private readonly started = performance.now();
  private lastPrinted = 0;
  private lastTenth = -1;
  private done = 0;
  private readonly points: number[];
  private readonly played: number[];

  constructor(
    private readonly specs: readonly string[],
    private readonly total: number,
    private readonly alreadyDone: number,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {
    this.points = specs.map(() => 0);
    this.played = specs.map(() => 0);
  }

  /** Counts a match (running totals, no intervals: those come at the end). */
  add(record: MatchRecord): void {
    this.done++;
    this.specs.forEach((_, s) => {
      const result = specPoints(record.goals, record.seating, s);
      if (!result) return;
      this.points[s]! += result.points;
      this.played[s]!++;
    });
  }

  /** Shows the state; on a terminal it redraws one line, elsewhere it prints every tenth of the run. */
  show(): void {
    const done = this.done;
    const line = this.line();
    if (this.out.isTTY) {
      this.out.write(
        `\r${line.slice(0, (this.out.columns ?? 120) - 1).padEnd((this.out.columns ?? 120) - 1)}`,
      );
      return;
    }
    const tenth = Math.floor((done / this.total) * 10);
    const now = performance.now();
    if (tenth !== this.lastTenth || now - this.lastPrinted > 30_000 || done === this.total) {
      this.lastTenth = tenth;
      this.lastPrinted = now;
      this.out.write(`${line}\n`);
    }
  }

  finish(): void {
    if (this.out.isTTY) this.out.write('\n');
  }

  private line(): string {
    const done = this.done;
    const width = 20;
    const filled = Math.round((done / this.total) * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
    const scores = this.specs
      .map(
        (spec, s) =>
          `${spec} ${this.played[s] ? ((100 * this.points[s]!) / this.played[s]!).toFixed(1) : '-'}%`,
      )
      .join('  ');
    const playedNow = done - this.alreadyDone;
    const elapsed = performance.now() - this.started;
    const eta = playedNow > 0 ? ((this.total - done) * elapsed) / playedNow : null;
    return `${bar} ${done}/${this.total} matches  ${scores}  ETA ${eta === null ? '?' : duration(eta)}`;
  }
}

export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
