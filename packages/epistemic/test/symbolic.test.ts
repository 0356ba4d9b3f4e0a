// The symbolic (BDD) checker (crates/epistemic-bdd) against the explicit one: on small games both must give
// the same answer wherever the symbolic one answers, it must answer the properties its bounds decide, its
// counterexamples replay with the prover, and a budget too small gives `unknown`, never `holds`.
import { replayMatch } from '@gdlkit/core';
import { breathe } from '@gdlkit/core/testing';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import type { Formula } from '../src/formula/ast.js';
import {
  namedProperty,
  PROPERTY_NAMES,
  type PropertyName,
  parseFormula,
  SymbolicChecker,
  toCtl,
  Verifier,
} from '../src/index.js';
import { gameFile } from './helpers.js';

const BUDGET = { seconds: 60, memoryBytes: 2 ** 31 };

/**
 * Checks every named property (and `extra` formulas) with the explicit checker and with the symbolic one —
 * on the exact reachable states, or with `overApproximate` on their over-approximation — and returns the
 * names the symbolic checker decided; where it decides, the answers must agree.
 */
async function crossCheck(
  file: string,
  extra: readonly string[] = [],
  overApproximate = false,
  names: readonly PropertyName[] = PROPERTY_NAMES,
): Promise<string[]> {
  const game = gameFile(file);
  const verifier = Verifier.create(game);
  const symbolic = SymbolicChecker.create(game, verifier.reasoner.ir, BUDGET, overApproximate);
  if (typeof symbolic === 'string') throw new Error(symbolic);
  const answered: string[] = [];
  const cases: [string, Formula][] = [
    ...names.map((n): [string, Formula] => [n, namedProperty(n, verifier.vocabulary())]),
    ...extra.map((t): [string, Formula] => [t, parseFormula(t)]),
  ];
  for (const [name, f] of cases) {
    const explicit = await verifier.verify(f, BUDGET, { symbolic: false });
    expect(explicit.method, `${file} ${name}`).toBe('exhaustive');
    await breathe();
    // A top-level conjunction is decided when every conjunct is (as the verifier checks them).
    const conjuncts = f.op === 'and' ? f.args : [f];
    const answers = conjuncts.map((c) => symbolic.check(toCtl(c), BUDGET).result);
    expect(answers, `${file} ${name}`).not.toContain('unknown');
    await breathe();
    const decided = answers.includes('fails')
      ? 'fails'
      : answers.every((a) => a === 'holds')
        ? 'holds'
        : undefined;
    if (decided === undefined) continue;
    expect(decided, `${file} ${name}`).toBe(explicit.result);
    answered.push(name);
  }
  return answered;
}

describe.skipIf(!SymbolicChecker.available())('symbolic checker', () => {
  it('Monty Hall: agrees with the explicit checker, and decides all but knows-goal itself', async () => {
    const answered = await crossCheck('montyhall.kif', [
      'E F (goal candidate 100)',
      'A F (goal candidate 100)',
      'G (K[random] (true (car 1)) or K[random] not (true (car 1)))',
      'A G (terminal -> A X terminal)',
      'E (not terminal U (true (step 3)))',
    ]);
    // knows-goal needs reasoning by cases over the hidden car, beyond what the views determine.
    expect(answered).toEqual([
      'terminates',
      'playable',
      'winnable',
      'knows-terminal',
      'knows-legal',
      'E F (goal candidate 100)',
      'A F (goal candidate 100)',
      'G (K[random] (true (car 1)) or K[random] not (true (car 1)))',
      'A G (terminal -> A X terminal)',
      'E (not terminal U (true (step 3)))',
    ]);
  });

  it('the blind 2x2 search: never claims knowledge the player lacks (4 and 5 fail explicitly)', async () => {
    const answered = await crossCheck('tests/epistemic/blind2x2.kif');
    expect(answered).toEqual(['terminates', 'playable', 'winnable', 'knows-goal']);
  });

  it('Transit: agrees on termination, playability and knowing the legal moves', async () => {
    const answered = await crossCheck('transit.kif', [], false, ['terminates', 'playable', 'knows-legal']);
    expect(answered).toEqual(['terminates', 'playable', 'knows-legal']);
  });

  it('a GDL game: every role observes the joint move, so its view determines every fluent', async () => {
    const answered = await crossCheck('tictactoe.kif', [
      'A G (K[xplayer] (true (cell 1 1 x)) or K[xplayer] not (true (cell 1 1 x)))',
    ]);
    expect(answered.length).toBe(PROPERTY_NAMES.length + 1);
  });

  it('on the over-approximated state space it answers less, never differently', async () => {
    const monty = await crossCheck(
      'montyhall.kif',
      ['A F (goal candidate 100)', 'E F (goal candidate 100)'],
      true,
    );
    // Termination by the step counter's ranking, playability, knowledge of legal moves and of termination.
    expect(monty).toEqual(expect.arrayContaining(['terminates', 'playable', 'knows-legal']));
    const blind = await crossCheck('tests/epistemic/blind2x2.kif', [], true);
    expect(blind).toEqual(expect.arrayContaining(['terminates', 'playable']));
    expect(blind).not.toContain('knows-legal');
  });

  it('a counterexample replays with the prover: the run ends in a terminal state the candidate lost', async () => {
    const game = gameFile('montyhall.kif');
    const r = await Verifier.create(game).verify(parseFormula('A F (goal candidate 100)'), BUDGET, {
      exhaustive: false,
      sample: false,
    });
    expect([r.result, r.method]).toEqual(['fails', 'symbolic']);
    const [run] = r.evidence!.records.map((b) => replayMatch(createProver(game), b));
    const last = run!.steps[run!.steps.length - 1]!;
    expect(last.terminal).toBe(true);
    expect(run!.steps.every((s) => s.goals === undefined || s.goals.candidate !== 100)).toBe(true);
  });

  it('a non-terminating game: AF terminal fails on a lasso', async () => {
    const loop = gameFile('tests/epistemic/cycle.kif');
    const r = await Verifier.create(loop).verify(parseFormula('A F terminal'), BUDGET, {
      exhaustive: false,
      sample: false,
    });
    expect([r.result, r.method]).toEqual(['fails', 'symbolic']);
    expect(r.evidence!.notes[0]).toMatch(/last state is the state of step 0 again/);
    const [run] = r.evidence!.records.map((b) => replayMatch(createProver(loop), b).steps);
    expect(run!.every((s) => !s.terminal)).toBe(true);
  });

  it('answers unknown, never holds, when the budget runs out', async () => {
    const verifier = Verifier.create(gameFile('tictactoe.kif'));
    const r = await verifier.verify(
      parseFormula('A F terminal'),
      { seconds: 0, memoryBytes: 2 ** 31 },
      {
        exhaustive: false,
      },
    );
    expect(r.result).toBe('unknown');
    expect(r.reason).toMatch(/symbolic: .*budget ran out/);
  });
});
