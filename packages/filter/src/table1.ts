// The sample and the verdict of one row of Thielscher 2013, Table 1 ("Experimental Results"): "We ran 1000
// simulated random matches each to test whether the legal player always knew its legal moves, and also—in case
// it did—whether it had sufficient knowledge to know at the end that the game must have terminated and to derive
// its own goal value"; the times are "for 1000 rounds of updating". So the verdicts are over a number of
// matches, the time per round; a sample of matches totalling 1000 rounds (as few as 5 backgammon matches) can
// miss a match in which termination or the goal is not known.
import type { Reasoner } from '@gdlkit/core';
import { type FilterSummary, playFilteredMatch } from './filter-match.js';
import type { FilterReasoner } from './reasoner.js';

/** Which seeded matches make up a row: seeds 1..matches, or seeds 1, 2, … until they total `rounds` rounds. */
export type Table1Sample = { readonly matches: number } | { readonly rounds: number };

/** The matches of one row, one summary at a time (so that a caller cut off by a time cap keeps those finished). */
export function* table1Matches(
  filter: FilterReasoner,
  truth: Reasoner | undefined,
  sample: Table1Sample,
): Generator<FilterSummary> {
  let rounds = 0;
  for (let seed = 1; 'matches' in sample ? seed <= sample.matches : rounds < sample.rounds; seed++) {
    const { summary } = playFilteredMatch(filter, truth, { seed });
    rounds += summary.rounds;
    yield summary;
  }
}

/** A row's verdicts: `null` is the paper's "–" (not asked because the legal moves were not always known). */
export interface Table1Verdict {
  readonly matches: number;
  readonly rounds: number;
  readonly legal: boolean | null;
  readonly terminal: boolean | null;
  readonly goal: boolean | null;
  /** Seconds of the filter's updates per 1000 rounds (the paper's unit). */
  readonly secondsPer1000Rounds: number | null;
}

/** Termination and goal are judged on the matches that reached a terminal state (not truncated). */
export function table1Verdict(summaries: readonly FilterSummary[]): Table1Verdict {
  const rounds = summaries.reduce((a, s) => a + s.rounds, 0);
  const updateSeconds = summaries.reduce((a, s) => a + s.updateMs, 0) / 1000;
  const legal = summaries.length > 0 ? summaries.every((s) => s.legalAlwaysKnown) : null;
  const ended = summaries.filter((s) => !s.truncated);
  const asked = legal === true && ended.length > 0;
  return {
    matches: summaries.length,
    rounds,
    legal,
    terminal: asked ? ended.every((s) => s.terminalKnown) : null,
    goal: asked ? ended.every((s) => s.goalKnown) : null,
    secondsPer1000Rounds: rounds > 0 ? (updateSeconds * 1000) / rounds : null,
  };
}
