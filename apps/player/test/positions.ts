import type { Reasoner } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { proverBackend } from '@gdlkit/prover';

export async function tictactoe(): Promise<Reasoner> {
  return proverBackend.create(loadCorpusGame('tictactoe.kif'));
}

/** x to move with (mark 1 3) winning at once and o threatening the first column. */
export function winningPosition(reasoner: Reasoner): unknown {
  const g = reasoner.game;
  const board = ['x x b', 'o b b', 'o b b'];
  const facts = board.flatMap((row, i) =>
    row.split(' ').map((c, j) => g.parseTerm(`(cell ${i + 1} ${j + 1} ${c})`)),
  );
  facts.push(g.parseTerm('(control xplayer)'));
  return reasoner.stateFromFacts(facts);
}
