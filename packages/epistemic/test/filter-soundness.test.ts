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
    it(`${file}: every fluent the filter knows is known to the checker (${role}, 6 seeds)`, async () => {
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
          if (!step.terminal && filter.knowsLegalMoves(match.knowledge[k]!)) {
            expect(legalSets(verifier, members, role).size, `${file} seed ${seed} step ${k}: legal`).toBe(1);
          }
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

  it('Krieg-TicTacToe 5x5: where the filter does not know its legal moves, the player knows them (perfect recall)', async () => {
    // The legal rule reads only the player's own marks and tries, which its percepts (yougotit, mark) reveal;
    // the filter cannot reason by cases over the unknown cells (Thielscher 2013, Table 1 discussion).
    const game = gameFile('kriegttt_5x5.kif');
    const verifier = Verifier.create(game);
    const filter = createFilter(game, { role: 'xplayer' });
    let filterMissed = 0;
    for (let seed = 1; seed <= 2; seed++) {
      const match = playFilteredMatch(filter, verifier.reasoner, { seed, maxSteps: 2 });
      const moves = match.steps
        .filter((s) => s.moves)
        .map((s) => game.roles.map((_, r) => game.parseTerm(s.moves![game.roleName(r)]!)));
      const beliefs = verifier.knowledgeAlong('xplayer', moves);
      match.steps.forEach((step, k) => {
        if (step.terminal) return;
        expect(legalSets(verifier, beliefs[k]!, 'xplayer').size).toBe(1);
        if (!filter.knowsLegalMoves(match.knowledge[k]!)) filterMissed++;
      });
    }
    expect(filterMissed).toBeGreaterThan(0);
  }, 60_000);

  it('where the checker finds knows-terminal violated, the filter does not know the game ended', async () => {
    const game = gameFile('tests/epistemic/blind2x2.kif');
    const verifier = Verifier.create(game);
    const r = await checkNamed(verifier, 'knows-terminal');
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

/** The distinct legal-move sets of a role over belief members (as fluents). */
function legalSets(verifier: Verifier, members: readonly (readonly number[])[], role: string): Set<string> {
  const r = verifier.game.roles.findIndex((_, i) => verifier.game.roleName(i) === role);
  const sets = members.map((facts) => {
    const moves = verifier.reasoner.legalMoves(verifier.reasoner.stateFromFacts(facts), r);
    return [...moves].sort((a, b) => a - b).join(',');
  });
  return new Set(sets);
}
