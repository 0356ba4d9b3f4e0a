// The perft depth is chosen on the fastest backend without running an iteration known to be too large.
import { describeState, type Reasoner } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { checkPerft, newCell } from '../src/index.js';

describe('perft depth choice', () => {
  it('compares at depth 0 from a state with more joint moves than four budgets (gt_two_thirds_4p)', () => {
    // Regression: depth 1 from the initial state is 1 + 101^4 nodes; the prover and the filter died of SIGABRT
    // building the joint moves, and a lazy enumeration would still have run for hours.
    const game = loadCorpusGame('gt_two_thirds_4p.kif');
    const opened = ['prover', 'prover-again'].map((name) => ({
      name,
      reasoner: createProver(game) as Reasoner,
      cell: newCell(game.file, name),
    }));
    const { line } = describeState(opened[0]!.reasoner, opened[0]!.reasoner.initialState(), 0);
    checkPerft(game, opened, [line], { nodes: 3_000, maxDepth: 6, states: 0 });
    expect(opened.map((o) => o.cell.perft)).toEqual([['step 0 depth 0 = 1'], ['step 0 depth 0 = 1']]);
    expect(opened.map((o) => o.cell.status)).toEqual(['pass', 'pass']);
  });

  it('still grows the depth where the branching allows (tictactoe: depth 4 for 3000 nodes)', () => {
    const game = loadCorpusGame('tictactoe.kif');
    const opened = [
      { name: 'prover', reasoner: createProver(game) as Reasoner, cell: newCell(game.file, 'prover') },
    ];
    const { line } = describeState(opened[0]!.reasoner, opened[0]!.reasoner.initialState(), 0);
    checkPerft(game, opened, [line], { nodes: 3_000, maxDepth: 6, states: 0 });
    // Depth 3 is 1 + 9 + 72 + 504 = 586 nodes, growth 7: depth 4 (+ 3024) is predicted under four budgets.
    expect(opened[0]!.cell.perft).toEqual(['step 0 depth 4 = 3610']);
  });
});
