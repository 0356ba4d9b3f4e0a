// The checker against the filter (Thielscher 2013) on seeded random matches, in the direction soundness allows:
// the filter is sound but incomplete, so whatever it knows at a visited state the role knows under perfect
// recall, and where the checker finds a knowledge property violated the filter cannot know it there.
import { createFilter, playFilteredMatch } from '@gdlkit/filter';
import { describe, expect, it } from 'vitest';
import { Verifier } from '../src/index.js';
import { checkNamed, gameFile } from './helpers.js';

const CASES: [string, string][] = [
  ['montyhall.kif', 'candidate'],
  ['tests/epistemic/blind2x2.kif', 'player'],
  ['transit.kif', 'patrol'],
];

describe('cross-check with the filter', () => {
  for (const [file, role] of CASES) {
    it(`${file}: every fluent the filter knows is known to the checker (${role}, 6 seeds)`, () => {
      const game = gameFile(file);
      const verifier = Verifier.create(game);
      const filter = createFilter(game, { role });
      for (let seed = 1; seed <= 6; seed++) {
        const match = playFilteredMatch(filter, verifier.reasoner, { seed, maxSteps: 40 });
        const moves = match.steps
          .filter((s) => s.moves)
          .map((s) => game.roles.map((_, r) => game.parseTerm(s.moves![game.roleName(r)]!)));
        const beliefs = verifier.knowledgeAlong(role, moves);
        match.steps.forEach((step, k) => {
          const members = beliefs[k]!;
          expect(members.length).toBeGreaterThan(0);
          for (const fluent of step.known) {
            const id = game.parseTerm(fluent);
            expect(
              members.every((facts) => facts.includes(id)),
              `${file} seed ${seed} step ${k}: ${fluent}`,
            ).toBe(true);
          }
        });
      }
    });
  }

  it('where the checker finds knows-terminal violated, the filter does not know the game ended', () => {
    const game = gameFile('tests/epistemic/blind2x2.kif');
    const verifier = Verifier.create(game);
    const r = checkNamed(verifier, 'knows-terminal');
    expect(r.result).toBe('fails');
    const record = r.evidence!.records[0]!;
    const filter = createFilter(game, { role: 'player' });
    let state = filter.initialState();
    for (const step of record.steps) {
      if (!step.moves) break;
      state = filter.update(
        state,
        game.parseTerm(step.moves.player!),
        (step.sees?.player ?? []).map((p) => game.parseTerm(p)),
      ).state;
    }
    expect(record.steps[record.steps.length - 1]!.terminal).toBe(true);
    expect(filter.isTerminal(state)).toBe(false);
  });
});
