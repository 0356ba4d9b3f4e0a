// The support prover against the plain prover on real GDL-II games: with B0 = {} an open program is a closed
// one, so its skeptical and credulous answers must be exactly what the prover derives; with the other roles'
// moves in B0, every answer the prover derives for an actual joint move must be credulous.
import { type Game, playRandomMatch, type TermId } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { createProver, queryAtom, SupportProver } from '../src/index.js';
import { corpusGame, kif } from './helpers.js';

function trueAtoms(game: Game, fluents: readonly TermId[]): TermId[] {
  const symbol = game.store.symbol('true');
  return fluents.map((f) => game.store.compound(symbol, [f]));
}

function doesAtom(game: Game, role: number, move: TermId): TermId {
  return game.store.compound(game.store.symbol('does'), [game.roles[role]!, move]);
}

describe.each(['montyhall.kif', 'kriegttt_5x5.kif', 'blindbreakthrough.kif'])('%s', (path) => {
  it('agrees with the prover along a seeded random match', () => {
    const game = corpusGame(path);
    const prover = createProver(game);
    const supports = new SupportProver(game);
    const store = game.store;
    const match = playRandomMatch(prover, { seed: 3, maxSteps: 25 });
    const nextQuery = queryAtom(game, 'next', [null]);
    let state = prover.initialState();
    for (const line of match.steps) {
      if (!line.moves) break;
      const joint = game.roles.map((r) => game.parseTerm(line.moves![store.toKif(r)]!));
      const facts = trueAtoms(game, prover.stateToFacts(state));
      const successor = prover.nextState(state, joint);
      const expected = kif(game, prover.stateToFacts(successor)).map((f) => `(next ${f})`);

      const closed = new Set([...facts, ...joint.map((m, r) => doesAtom(game, r, m))]);
      expect(kif(game, supports.skeptical(nextQuery, closed, new Set()))).toEqual(expected);
      expect(kif(game, supports.credulous(nextQuery, closed, new Set()))).toEqual(expected);
      for (let r = 0; r < game.roles.length; r++) {
        const seen = supports.skeptical(queryAtom(game, 'sees', [game.roles[r]!, null]), closed, new Set());
        expect(
          kif(
            game,
            seen.map((a) => store.arg(a, 1)),
          ),
        ).toEqual(kif(game, prover.sees(state, joint, r)));
      }

      // Role 0 knows its own move; the others' legal moves are only possible.
      const known = new Set([...facts, doesAtom(game, 0, joint[0]!)]);
      const possible = new Set<TermId>();
      for (let r = 1; r < game.roles.length; r++) {
        for (const m of prover.legalMoves(state, r)) possible.add(doesAtom(game, r, m));
      }
      const credulous = new Set(kif(game, supports.credulous(nextQuery, known, possible)));
      for (const atom of expected) expect(credulous.has(atom), atom).toBe(true);
      const skeptical = kif(game, supports.skeptical(nextQuery, known, possible));
      for (const atom of skeptical) expect(expected).toContain(atom);
      state = successor;
    }
  });
});
