import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  gamesDirectory,
  playRandomMatch,
  type Reasoner,
  readTrace,
  type TraceBlock,
  writeTrace,
} from '@gdlkit/core';

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
 * (state, moves, terminal and goals) to keep the files small; matches are cut after `maxSteps` moves.
 */
export function makeRecords(reasoner: Reasoner, count: number, maxSteps: number): string {
  const blocks: TraceBlock[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const trace = playRandomMatch(reasoner, { seed, maxSteps });
    blocks.push({
      ...(trace.header ? { header: trace.header } : {}),
      steps: trace.steps.map((s) => ({
        step: s.step,
        state: [],
        terminal: s.terminal,
        ...(s.goals ? { goals: s.goals } : {}),
        ...(s.moves ? { moves: s.moves } : {}),
      })),
    });
  }
  return writeTrace(blocks);
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
