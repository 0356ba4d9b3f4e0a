import { playRandomMatch, replayMatch } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { createHandcodedReasoner, readRecords, walkRecord } from '../src/index.js';

const strip = (steps: readonly { terminal: boolean; goals?: unknown; moves?: unknown }[]) =>
  steps.map((s) => ({ terminal: s.terminal, goals: s.goals, moves: s.moves }));

describe.each(['tictactoe.kif', 'connectfour.kif', 'breakthrough.kif'])('games/records for %s', (path) => {
  const records = readRecords(path)!;
  const game = loadCorpusGame(path);
  const prover = createProver(game);

  it('holds 100 finished matches with seeds 1..100', () => {
    expect(records.map((r) => r.header!.seed)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (const r of records) expect(r.steps.at(-1)!.terminal).toBe(true);
  });

  it('replays on the prover with the recorded terminal flags and goals, and regenerates from its seed', () => {
    for (const record of records.slice(0, 4)) {
      expect(strip(replayMatch(prover, record).steps)).toEqual(strip(record.steps));
      const again = playRandomMatch(prover, { seed: record.header!.seed });
      expect(strip(again.steps)).toEqual(strip(record.steps));
    }
  });
});

describe.each(['connectfour.kif', 'breakthrough.kif'])(
  'games/records for %s on the hand-coded engine',
  (path) => {
    it('walks every one of the first 20 records to its recorded terminal state', () => {
      const handcoded = createHandcodedReasoner(loadCorpusGame(path), path);
      for (const record of readRecords(path)!.slice(0, 20)) {
        const states = [...walkRecord(handcoded, record)];
        expect(states).toHaveLength(record.steps.length);
        expect(handcoded.isTerminal(states.at(-1)!.state)).toBe(true);
      }
    });
  },
);
