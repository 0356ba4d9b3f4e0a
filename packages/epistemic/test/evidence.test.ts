// Every counterexample and witness is a match record: replayed with the prover (the reference backend), its
// runs must show the answer — the violating point, and for knowledge the run the role cannot tell apart.
import { replayMatch, type TraceBlock, type TraceStep } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { parseFormula, Verifier } from '../src/index.js';
import { checkNamed, gameFile } from './helpers.js';

/** The view of a role along a record: its moves and percepts at every step (Definition 2). */
function view(block: TraceBlock, role: string, upTo: number): string {
  return JSON.stringify(block.steps.slice(0, upTo).map((s: TraceStep) => [s.moves?.[role], s.sees?.[role]]));
}

describe('evidence as match records', () => {
  const game = gameFile('tests/epistemic/blind2x2.kif');
  const verifier = Verifier.create(game);
  const prover = createProver(game);
  const replay = (records: readonly TraceBlock[]) => records.map((r) => replayMatch(prover, r));

  it('knows-terminal: a terminal run and a running one the player cannot tell apart', async () => {
    const r = await checkNamed(verifier, 'knows-terminal');
    expect(r.result).toBe('fails');
    const [actual, other] = replay(r.evidence!.records);
    const last = actual!.steps.length - 1;
    expect(actual!.steps[last]!.terminal).toBe(true);
    expect(other!.steps.length).toBe(actual!.steps.length);
    expect(other!.steps[last]!.terminal).toBe(false);
    expect(view(other!, 'player', last)).toBe(view(actual!, 'player', last));
    expect(r.evidence!.notes[1]).toMatch(/cannot tell apart from run 1 up to step 2/);
  });

  it('knows-legal: claim is legal on one run and not on the other, at the same view', async () => {
    const r = await checkNamed(verifier, 'knows-legal');
    expect(r.result).toBe('fails');
    const runs = replay(r.evidence!.records);
    expect(runs.length).toBe(2);
    const last = runs[0]!.steps.length - 1;
    const claims = runs.map((run) => run.steps[last]!.legal?.player?.includes('claim') ?? false);
    expect(claims[0]).not.toBe(claims[1]);
    expect(runs[0]!.steps[last]!.terminal).toBe(false);
    expect(view(runs[1]!, 'player', last)).toBe(view(runs[0]!, 'player', last));
  });

  it('winnable: the witness run ends with the player winning', async () => {
    const r = await checkNamed(verifier, 'winnable');
    expect(r.result).toBe('holds');
    const [run] = replay(r.evidence!.records);
    expect(run!.steps[run!.steps.length - 1]!.goals?.player).toBe(100);
  });

  it('a failed eventuality ends in a terminal state where it never held', async () => {
    const r = await verifier.verify(parseFormula('A F (goal player 100)'), {
      seconds: 60,
      memoryBytes: 2 ** 31,
    });
    expect(r.result).toBe('fails');
    const [run] = replay(r.evidence!.records);
    expect(run!.steps[run!.steps.length - 1]!.terminal).toBe(true);
    expect(run!.steps.every((s) => s.goals === undefined || s.goals.player !== 100)).toBe(true);
  });

  it('a non-terminating game: AF terminal fails on a lasso', async () => {
    const loop = gameFile('tests/epistemic/cycle.kif');
    const r = await Verifier.create(loop).verify(parseFormula('A F terminal'), {
      seconds: 60,
      memoryBytes: 2 ** 31,
    });
    expect(r.result).toBe('fails');
    expect(r.evidence!.notes[0]).toMatch(/last state is the state of step 0 again/);
    const loopProver = createProver(loop);
    const [run] = r.evidence!.records.map((b) => replayMatch(loopProver, b).steps);
    expect(run!.every((s) => !s.terminal)).toBe(true);
  });
});
