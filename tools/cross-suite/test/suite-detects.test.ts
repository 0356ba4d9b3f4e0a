// The suite must be able to fail: a reasoner with one planted fault (a legal move it never offers) has to be
// reported with the game, seed, step and the missing move, with trace files that reproduce it.
import { readdirSync } from 'node:fs';
import { BaseReasoner, type Capabilities, type GoalValue, type Reasoner, type TermId } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { checkMatches, checkPerft, newCell, statesAlong } from '../src/index.js';

/** Delegates to a real reasoner but never offers `dropped`. */
class DroppingReasoner extends BaseReasoner<unknown> {
  readonly backend = 'dropping';
  readonly capabilities: Capabilities;
  constructor(
    private readonly inner: Reasoner,
    private readonly dropped: TermId,
  ) {
    super(inner.game);
    this.capabilities = { ...inner.capabilities, batchPerft: false, batchPlayouts: false };
  }
  initialState(): unknown {
    return this.inner.initialState();
  }
  legalMoves(state: unknown, role: number): readonly TermId[] {
    return this.inner.legalMoves(state, role).filter((m) => m !== this.dropped);
  }
  isTerminal(state: unknown): boolean {
    return this.inner.isTerminal(state);
  }
  goal(state: unknown, role: number): GoalValue {
    return this.inner.goal(state, role);
  }
  nextState(state: unknown, move: readonly TermId[]): unknown {
    return this.inner.nextState(state, move);
  }
  sees(state: unknown, move: readonly TermId[], role: number): readonly TermId[] {
    return this.inner.sees(state, move, role);
  }
  stateToFacts(state: unknown): readonly TermId[] {
    return this.inner.stateToFacts(state);
  }
  stateFromFacts(facts: readonly TermId[]): unknown {
    return this.inner.stateFromFacts(facts);
  }
}

describe('the cross suite detects a planted fault (tictactoe, move (mark 2 2) never offered)', () => {
  const game = loadCorpusGame('tictactoe.kif');
  const prover = createProver(game);
  const faulty = new DroppingReasoner(createProver(game), game.parseTerm('(mark 2 2)'));
  const opened = [
    { name: 'prover', reasoner: prover as Reasoner, cell: newCell('tictactoe.kif', 'prover') },
    { name: 'dropping', reasoner: faulty as Reasoner, cell: newCell('tictactoe.kif', 'dropping') },
  ];

  it('reports the first differing legal move with seed, step and trace files', () => {
    const result = checkMatches('tictactoe.kif', opened, { seeds: 2, maxSteps: 20, timeMs: 60_000 });
    expect(result.disagreements.length).toBeGreaterThan(0);
    const first = result.disagreements[0]!;
    expect(first).toMatchObject({
      game: 'tictactoe.kif',
      seed: 1,
      step: 0,
      playedBy: 'prover',
      replayedBy: 'dropping',
    });
    expect(first.summary).toBe('step 0: legal differs: xplayer: missing "(mark 2 2)"');
    expect(readdirSync(first.traceDir).sort()).toEqual(['dropping-replay.jsonl', 'prover.jsonl']);
    expect(opened[1]!.cell.status).toBe('fail');
  });

  it('reports differing fixed-depth node counts', () => {
    const trace = checkMatches('tictactoe.kif', opened.slice(0, 1), {
      seeds: 1,
      maxSteps: 20,
      timeMs: 60_000,
    }).traces[0]!;
    const fresh = opened.map((o) => ({ ...o, cell: newCell('tictactoe.kif', o.name) }));
    checkPerft(game, fresh, statesAlong(trace, 0), { nodes: 50, maxDepth: 2, states: 0 });
    // From the empty board: depth 2 is 1 + 9 + 9*8 = 82 nodes; without (mark 2 2) for either player 1 + 8 + 8*7 = 65.
    expect(fresh[0]!.cell.perft).toEqual(['step 0 depth 2 = 82']);
    expect(fresh[1]!.cell.problems).toEqual(['step 0: perft depth 2: 65 nodes, prover counts 82']);
  });
});
