// The output folder: arena.json (the run's settings), matches.jsonl (one whole match a line, appended as
// matches end) and summary.json. Opening a folder that holds the same run resumes it.
import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MatchRecord, readRecords } from './match-record.js';
import { RunError, type RunSettings, runId } from './run-plan.js';
import type { Summary } from './summary.js';

export class ResultsDir {
  private readonly done = new Map<number, MatchRecord>();

  private constructor(
    readonly dir: string,
    records: readonly MatchRecord[],
  ) {
    for (const r of records) this.done.set(r.index, r);
  }

  /** Creates the folder, or resumes the run it holds (a line cut short by a kill is dropped). */
  static open(dir: string, run: RunSettings): ResultsDir {
    const settingsFile = join(dir, 'arena.json');
    const matchesFile = join(dir, 'matches.jsonl');
    const id = runId(run);
    if (existsSync(settingsFile)) {
      let held: { runId?: string };
      try {
        held = JSON.parse(readFileSync(settingsFile, 'utf8'));
      } catch (e) {
        throw new RunError(
          `${settingsFile} is not readable JSON (${(e as Error).message}); use another --out`,
          1,
        );
      }
      if (held.runId !== id) {
        throw new RunError(
          `${dir} holds a run with other settings (game, players, seed, clocks or iterations differ); use another --out to start a new run`,
          2,
        );
      }
    } else {
      try {
        mkdirSync(dir, { recursive: true });
      } catch (e) {
        throw new RunError(`cannot create ${dir}: ${(e as NodeJS.ErrnoException).code ?? e}`, 1);
      }
    }
    writeFileSync(settingsFile, `${JSON.stringify(describe(run, id), null, 2)}\n`);
    let records: MatchRecord[] = [];
    if (existsSync(matchesFile)) {
      const text = readFileSync(matchesFile, 'utf8');
      const read = readRecords(text);
      records = read.records;
      if (read.validBytes < Buffer.byteLength(text)) truncateSync(matchesFile, read.validBytes);
    }
    return new ResultsDir(dir, records);
  }

  get records(): MatchRecord[] {
    return [...this.done.values()].sort((a, b) => a.index - b.index);
  }

  has(index: number): boolean {
    return this.done.has(index);
  }

  /** Records a finished match once; a second result for the same match (a retried job) is ignored. */
  add(record: MatchRecord): boolean {
    if (this.done.has(record.index)) return false;
    this.done.set(record.index, record);
    appendFileSync(join(this.dir, 'matches.jsonl'), `${JSON.stringify(record)}\n`);
    return true;
  }

  writeSummary(summary: Summary): void {
    writeFileSync(join(this.dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  }
}

function describe(run: RunSettings, id: string) {
  return {
    runId: id,
    game: run.game,
    players: run.specs.map((s) => s.text),
    matches: run.matches,
    seed: run.seed,
    startClock: run.startClock,
    playClock: run.playClock,
    iterations: run.iterations ?? null,
    graceMs: run.graceMs,
  };
}
