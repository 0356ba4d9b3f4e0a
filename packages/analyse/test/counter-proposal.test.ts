// Counter invariants proposed from the rules (counter-proposal.ts) and tried when an induction step fails:
// proposed and proved where the counter follows the pieces, proposed but not proved where it does not, and
// nothing proposed (nor tried) in a game without counters.
import { loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { proposeCounters } from '../src/counter-proposal.js';
import { formatProperty, GameAnalyser, parseProperty } from '../src/index.js';
import { gameText } from './helpers.js';

const budget = { seconds: 60, memoryBytes: 2 ** 30 };

/**
 * a takes b's pieces and b takes a's, one per turn, until a player has none; `tracks`: the count of the player
 * whose piece is taken falls by one, otherwise the taker's does (the counter equals the pieces at init but
 * does not follow them). A count per player in every state needs, when its piece is taken, a count above 0.
 */
function takeGame(tracks: boolean): string {
  const counted = tracks ? '?o' : '?r';
  return `
(role a) (role b)
(opponent a b) (opponent b a)
(owner pa a) (owner pb b)
(succ 0 1) (succ 1 2) (succ 2 3)
(init (control a))
(init (cell 1 pa)) (init (cell 2 pb)) (init (cell 3 pb)) (init (cell 4 blank))
(init (count a 1)) (init (count b 2))
(<= (legal ?r (take ?s)) (true (control ?r)) (opponent ?r ?o) (true (cell ?s ?p)) (owner ?p ?o))
(<= (legal ?r noop) (true (control ?o)) (opponent ?r ?o))
(<= (next (cell ?s blank)) (does ?r (take ?s)))
(<= (next (cell ?s ?p)) (true (cell ?s ?p)) (does ?r (take ?t)) (distinct ?s ?t))
(<= (next (count ${counted} ?m)) (does ?r (take ?s)) (opponent ?r ?o) (true (count ${counted} ?n)) (succ ?m ?n))
(<= (next (count ?x ?n)) (does ?r (take ?s)) (opponent ?r ?o) (role ?x) (distinct ?x ${counted}) (true (count ?x ?n)))
(<= (next (control ?o)) (true (control ?r)) (opponent ?r ?o))
(<= (has_piece ?r) (true (cell ?s ?p)) (owner ?p ?r))
(<= terminal (role ?r) (not (has_piece ?r)))
(<= (goal ?r 100) (true (count ?r ?n)) (distinct ?n 0))
(<= (goal ?r 0) (true (count ?r 0)))
`;
}

const oneCount = parseProperty('exactly-one:count/2:2');
const counted = 'count:(count ?key ?count)>=(cell ?e0 ?e1):(true (cell ?e0 ?e1)) (owner ?e1 ?key)';

describe('proposed counter invariants', () => {
  it("read checkers' piece counts off the rules, and nothing in games without counters", () => {
    expect(proposeCounters(loadGame(gameText('checkers'), 'checkers.kif')).map(formatProperty)).toEqual([
      'count:(piece_count ?key ?count)>=(cell ?e0 ?e1 ?e2):(true (cell ?e0 ?e1 ?e2)) (piece_owner_type ?e2 ?key ?s2)',
    ]);
    for (const name of ['tictactoe', 'connectfour', 'quarto', 'knightthrough']) {
      expect(proposeCounters(loadGame(gameText(name), `${name}.kif`))).toEqual([]);
    }
  });

  it('is proved and joins the assumptions where the counter follows the pieces', async () => {
    const analyser = GameAnalyser.load(takeGame(true), 'take.kif');
    try {
      expect(analyser.proposedCounters.map(formatProperty)).toEqual([counted]);
      const r = await analyser.prove(oneCount, [], budget);
      expect(r.status).toBe('proved');
      const proved = r.proposed?.filter((p) => p.status === 'proved').map((p) => formatProperty(p.property));
      expect(proved).toEqual(['unique:control/1:1', counted]);
      expect(r.assumptions.map(formatProperty)).toEqual(proved);
      // A later proof that needs them reuses the proved proposals instead of proving them again.
      const again = await analyser.prove(oneCount, [], budget);
      expect(again.status).toBe('proved');
      expect(again.proposed?.filter((p) => p.status === 'proved')).toEqual(
        r.proposed?.filter((p) => p.status === 'proved'),
      );
    } finally {
      await analyser.close();
    }
  });

  it('is proposed but not proved where the counter does not follow the pieces', async () => {
    const analyser = GameAnalyser.load(takeGame(false), 'take.kif');
    try {
      expect(analyser.proposedCounters.length).toBe(1);
      const r = await analyser.prove(oneCount, [], budget);
      expect(r.status).toBe('refuted');
      expect(r.counterexample?.case).toBe('step');
      const proposal = r.proposed?.find((p) => p.property.kind === 'count');
      expect(proposal?.status).toBe('refuted');
      expect(r.assumptions.map(formatProperty)).toEqual(['unique:control/1:1']);
    } finally {
      await analyser.close();
    }
  });

  it('tries nothing in a game without counters', async () => {
    const analyser = GameAnalyser.load(gameText('tictactoe'), 'tictactoe.kif');
    try {
      expect(analyser.proposedCounters).toEqual([]);
      // Not inductive without control uniqueness: refuted in the step, and nothing else is proved for it.
      const r = await analyser.prove(parseProperty('zero-sum'), [], budget);
      expect(r.status).toBe('refuted');
      expect(r.proposed).toBeUndefined();
    } finally {
      await analyser.close();
    }
  });
});
