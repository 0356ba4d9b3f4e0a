// Sampled runs with indistinguishable twins (run-sampler.ts), the fallback when the knowledge model does not
// fit: evidence found is real (checked by replay with the prover), and nothing found is never `holds`.
import { replayMatch, type TraceBlock } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { namedProperty, type PropertyName, parseFormula, Verifier } from '../src/index.js';
import { gameFile } from './helpers.js';

function sampled(verifier: Verifier, name: PropertyName, seconds: number) {
  return verifier.verify(
    namedProperty(name, verifier.vocabulary()),
    { seconds, memoryBytes: 2 ** 31 },
    { exhaustive: false, symbolic: false },
  );
}

/** Run 1 ends terminal, run 2 does not, and the role saw the same moves and percepts on both. */
function expectKnowsTerminalViolated(records: readonly TraceBlock[], file: string, role: string): void {
  const game = gameFile(file);
  const prover = createProver(game);
  const [actual, twin] = records.map((r) => replayMatch(prover, r));
  const last = actual!.steps.length - 1;
  expect(actual!.steps[last]!.terminal).toBe(true);
  expect(twin!.steps[last]!.terminal).toBe(false);
  const view = (b: TraceBlock) =>
    JSON.stringify(b.steps.slice(0, last).map((s) => [s.moves?.[role], s.sees?.[role]]));
  expect(view(twin!)).toBe(view(actual!));
}

describe('sampled runs', () => {
  it('find the blind 2x2 counterexamples and witness without the exhaustive search', async () => {
    const file = 'tests/epistemic/blind2x2.kif';
    const verifier = Verifier.create(gameFile(file));
    const terminal = await sampled(verifier, 'knows-terminal', 10);
    expect([terminal.result, terminal.method]).toEqual(['fails', 'sampled runs']);
    expectKnowsTerminalViolated(terminal.evidence!.records, file, 'player');
    expect((await sampled(verifier, 'knows-legal', 10)).result).toBe('fails');
    expect((await sampled(verifier, 'winnable', 10)).result).toBe('holds');
  });

  it('never answer holds for a universal property they cannot refute', async () => {
    const verifier = Verifier.create(gameFile('tests/epistemic/blind2x2.kif'));
    const playable = await sampled(verifier, 'playable', 0.5);
    expect(playable.result).toBe('unknown');
    expect(playable.reason).toMatch(/sampled runs found no evidence/);
    expect((await sampled(verifier, 'terminates', 0.5)).result).toBe('unknown');
    const eventually = await verifier.verify(
      parseFormula('A F K[player] terminal'),
      { seconds: 0.5, memoryBytes: 2 ** 31 },
      { exhaustive: false, symbolic: false },
    );
    expect(eventually.reason).toMatch(/no sampled run can show this property/);
  });

  it('show non-termination by a lasso (a state repeats on a run that never ends)', async () => {
    const file = 'tests/epistemic/cycle.kif';
    const r = await sampled(Verifier.create(gameFile(file)), 'terminates', 10);
    expect(r.result).toBe('fails');
    expect(r.evidence!.notes[0]).toMatch(/its last state is the state of step \d+ again/);
    const [run] = r.evidence!.records.map((b) => replayMatch(createProver(gameFile(file)), b).steps);
    const last = run![run!.length - 1]!.state;
    expect(run!.slice(0, -1).some((s) => JSON.stringify(s.state) === JSON.stringify(last))).toBe(true);
    expect(run!.every((s) => !s.terminal)).toBe(true);
  });

  it('Krieg-TicTacToe 5x5: xplayer does not always know the game has ended (o completed a line unseen)', async () => {
    const verifier = Verifier.create(gameFile('kriegttt_5x5.kif'));
    const r = await sampled(verifier, 'knows-terminal', 60);
    expect(r.result).toBe('fails');
    expectKnowsTerminalViolated(r.evidence!.records, 'kriegttt_5x5.kif', 'xplayer');
  }, 120_000);
});
