import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Backend,
  playRandomMatch,
  type Reasoner,
  readTrace,
  type TraceBlock,
  writeTrace,
} from '@gdlkit/core';
import { gamesDirectory, loadCorpusGame } from '@gdlkit/core/corpus';

/** games/records/<game>.jsonl: the pre-recorded matches the MC and MM experiments walk along. */
export function recordFile(gamePath: string): string {
  return join(gamesDirectory(), 'records', gamePath.replace(/\.kif$/, '.jsonl'));
}

export function readRecords(gamePath: string): TraceBlock[] | undefined {
  const file = recordFile(gamePath);
  return existsSync(file) ? readTrace(readFileSync(file, 'utf8'), file) : undefined;
}

/**
 * `count` seeded random match records (seeds 1..count) played by `reasoner`, stripped to what a record needs
 * (moves, terminal and goals; the state list is left empty) to keep the files small; matches are cut after
 * `maxSteps` moves. With `maxBytes`, the records stop before the first match that would not fit.
 */
export function makeRecords(
  reasoner: Reasoner,
  count: number,
  maxSteps: number,
  maxBytes = Infinity,
): string {
  let text = '';
  for (let seed = 1; seed <= count; seed++) {
    const block = writeTrace([recordOf(playRandomMatch(reasoner, { seed, maxSteps }))]);
    if (text.length + block.length > maxBytes) break;
    text += block;
  }
  return text;
}

function recordOf(trace: TraceBlock): TraceBlock {
  return {
    ...(trace.header ? { header: trace.header } : {}),
    steps: trace.steps.map((s) => ({
      step: s.step,
      state: [],
      terminal: s.terminal,
      ...(s.goals ? { goals: s.goals } : {}),
      ...(s.moves ? { moves: s.moves } : {}),
    })),
  };
}

export interface RecordFileSummary {
  readonly game: string;
  readonly file: string;
  readonly backend: string;
  readonly matches: number;
  readonly bytes: number;
  /** Matches cut at maxSteps without reaching a terminal state. */
  readonly unfinished: number;
}

/**
 * Writes games/records/<game>.jsonl for each game: up to `count` matches (seeds 1..count) played by the
 * first of `backends` that builds the game, at most `maxBytes` per file.
 */
export async function writeRecordFiles(
  games: readonly string[],
  backends: readonly Backend[],
  options: { count: number; maxSteps: number; maxBytes: number; buildTimeMs?: number },
): Promise<RecordFileSummary[]> {
  const out: RecordFileSummary[] = [];
  for (const gamePath of games) {
    const game = loadCorpusGame(gamePath);
    let reasoner: Reasoner | undefined;
    const failures: string[] = [];
    for (const backend of backends) {
      try {
        reasoner = await backend.create(game, { buildTimeMs: options.buildTimeMs ?? 120_000 });
        break;
      } catch (e) {
        failures.push(`${backend.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (!reasoner) throw new Error(`no backend builds ${gamePath}: ${failures.join('; ')}`);
    const text = makeRecords(reasoner, options.count, options.maxSteps, options.maxBytes);
    const file = recordFile(gamePath);
    writeFileSync(file, text);
    const records = readTrace(text, file);
    out.push({
      game: gamePath,
      file,
      backend: reasoner.backend,
      matches: records.length,
      bytes: text.length,
      unfinished: records.filter((r) => !r.steps.at(-1)!.terminal).length,
    });
    reasoner.dispose();
  }
  return out;
}

/** The states of a record on `reasoner`, each with the joint move made there (the last one has none). */
export function* walkRecord<S>(
  reasoner: Reasoner<S>,
  record: TraceBlock,
): Generator<{ state: S; move?: number[] }> {
  const game = reasoner.game;
  const names = reasoner.roles.map((r) => game.store.toKif(r));
  let state = reasoner.initialState();
  for (const step of record.steps) {
    if (!step.moves) {
      yield { state };
      return;
    }
    const move = names.map((n) => game.parseTerm(step.moves![n]!));
    yield { state, move };
    state = reasoner.nextState(state, move);
  }
}

/** Records played on the spot when a game has none in games/records/. */
export function makeRecordsInMemory(reasoner: Reasoner, count: number, maxSteps: number): TraceBlock[] {
  return readTrace(makeRecords(reasoner, count, maxSteps));
}
