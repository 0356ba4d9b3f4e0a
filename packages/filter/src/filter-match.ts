// A seeded random match played by the true simulation (core's playRandomMatch on any exact reasoner), with one
// role's knowledge tracked by the filter along it: the filter trace of DESIGN.md section 4 and the figures of
// Thielscher 2013, Table 1 (legal moves always known, termination and own goal known at the end, update time).
import {
  type GoalJson,
  goalToJson,
  playRandomMatch,
  type Reasoner,
  sortCanonical,
  type TermId,
  type TraceHeader,
  type TraceStep,
} from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import type { KnowledgeState } from './knowledge-state.js';
import type { FilterReasoner } from './reasoner.js';

export interface FilterMatchOptions {
  readonly seed: number;
  /** Stop (without a terminal state) after this many joint moves; default 1000. */
  readonly maxSteps?: number;
  /** Stop tracking once the updates of this match have taken this long (milliseconds). */
  readonly timeLimitMs?: number;
}

/** A line of the filter trace: the canonical state line plus the tracked role's knowledge of that state. */
export interface FilterTraceStep extends TraceStep {
  readonly role: string;
  /** B+ as fluents, sorted canonical KIF. */
  readonly known: string[];
  /** B0 as fluents, sorted canonical KIF. */
  readonly possible: string[];
  /** The tracked role's percepts after this step's joint move (absent in the last state). */
  readonly percepts?: readonly string[];
}

export interface FilterSummary {
  readonly summary: true;
  readonly seed: number;
  readonly role: string;
  /** Joint moves tracked. */
  readonly rounds: number;
  /** In every tracked non-terminal state the role knew all its legal moves (footnote 4 of the paper). */
  readonly legalAlwaysKnown: boolean;
  /**
   * States whose legal moves were not known although both the knowledge state (no earlier update of the match
   * fell back) and the legal query were exact: the paper's "no". When legalAlwaysKnown is false and this is
   * 0, the "no" is the budget fallback's and says nothing about the paper's exact filter.
   */
  readonly legalUnknownExact: number;
  /** States whose legal-move query ran out of budget and was answered three-valued (Kleene). */
  readonly legalThreeValued: number;
  /**
   * The match ended in a terminal state and the role knew it (step 3 of the update method); `null` (not asked)
   * when the legal moves were not always known, as in the paper's Table 1 ("-"): terminal and goal rules
   * with negation over unknown fluents can have exponentially many countersupports.
   */
  readonly terminalKnown: boolean | null;
  /** The role knew its own goal value at the end; `null` when not asked (see terminalKnown). */
  readonly goalKnown: boolean | null;
  /** The goal values known at the end; `null` when none is known or not asked. */
  readonly knownGoal: GoalJson;
  /**
   * The terminal or goal answer at the end is not the exact filter's: some update of the match fell back or
   * the query itself was answered three-valued, so a "no" there may be the fallback's.
   */
  readonly endApproximated: boolean;
  /** Milliseconds spent in the filter's updates over the match. */
  readonly updateMs: number;
  /**
   * Updates where the time budget ran out, so that part of the update is a sound approximation (skipped
   * (non-)observations or a three-valued query; UpdateResult.approximated).
   */
  readonly fellBack: number;
  /** Of those, the updates with a query answered three-valued (Kleene) instead of with supports. */
  readonly threeValued: number;
  /** Whether the match was cut by maxSteps or timeLimitMs before a terminal state. */
  readonly truncated: boolean;
}

export interface FilterMatch {
  readonly header: TraceHeader & { readonly role: string };
  readonly steps: FilterTraceStep[];
  readonly summary: FilterSummary;
  /** The knowledge state before each step's joint move, aligned with `steps`. */
  readonly knowledge: KnowledgeState[];
}

/** Plays one seeded match with `truth` (default: the prover) and tracks `filter.role`'s knowledge with `filter`. */
export function playFilteredMatch(
  filter: FilterReasoner,
  truth: Reasoner | undefined,
  options: FilterMatchOptions,
): FilterMatch {
  const game = filter.game;
  const store = game.store;
  const roleName = game.roleName(filter.role);
  const text = (ids: readonly TermId[]) => sortCanonical(store, ids).map((t) => store.toKif(t));
  const record = playRandomMatch(truth ?? createProver(game), {
    seed: options.seed,
    maxSteps: options.maxSteps ?? 1000,
  });
  const limit = options.timeLimitMs ?? Number.POSITIVE_INFINITY;
  const steps: FilterTraceStep[] = [];
  const knowledge: KnowledgeState[] = [];
  let state = filter.initialState();
  let legalAlwaysKnown = true;
  let legalUnknownExact = 0;
  let legalThreeValued = 0;
  let updateMs = 0;
  let fellBack = 0;
  let threeValued = 0;
  let timedOut = false;
  for (const line of record.steps) {
    knowledge.push(state);
    const known = text(filter.stateToFacts(state));
    const possible = text(filter.possibleFacts(state));
    const move = line.moves?.[roleName];
    const percepts = line.sees?.[roleName] ?? [];
    steps.push({ ...line, role: roleName, known, possible, ...(move !== undefined ? { percepts } : {}) });
    if (move === undefined) break;
    const kleeneBefore = filter.threeValuedQueries;
    const legalKnown = filter.knowsLegalMoves(state);
    const threeValuedLegal = filter.threeValuedQueries > kleeneBefore;
    if (threeValuedLegal) legalThreeValued++;
    if (!legalKnown) {
      legalAlwaysKnown = false;
      if (!threeValuedLegal && fellBack === 0) legalUnknownExact++;
    }
    if (updateMs > limit) {
      timedOut = true;
      break;
    }
    const started = performance.now();
    const result = filter.update(
      state,
      game.parseTerm(move),
      percepts.map((p) => game.parseTerm(p)),
    );
    updateMs += performance.now() - started;
    if (result.fellBack) fellBack++;
    if (result.approximated.some((phase) => phase !== 'observations')) threeValued++;
    state = result.state;
  }
  const last = steps[steps.length - 1]!;
  const ended = last.terminal && !timedOut;
  const asked = ended && legalAlwaysKnown;
  const kleeneBefore = filter.threeValuedQueries;
  const terminalKnown = asked ? filter.isTerminal(state) : ended ? null : false;
  const goal = asked ? filter.goalKnowledge(state).known : null;
  return {
    header: { ...record.header!, backend: filter.backend, role: roleName },
    steps,
    knowledge,
    summary: {
      summary: true,
      seed: options.seed,
      role: roleName,
      rounds: steps.length - 1,
      legalAlwaysKnown,
      legalUnknownExact,
      legalThreeValued,
      terminalKnown,
      goalKnown: asked ? goal !== null : ended ? null : false,
      knownGoal: goalToJson(goal),
      endApproximated: asked && (fellBack > 0 || filter.threeValuedQueries > kleeneBefore),
      updateMs: Math.round(updateMs * 10) / 10,
      fellBack,
      threeValued,
      truncated: !ended,
    },
  };
}

/** The JSON Lines of filter matches: per match a header, the state lines, and the summary line. */
export function writeFilterTrace(matches: readonly FilterMatch[]): string {
  const lines: string[] = [];
  for (const m of matches) {
    lines.push(JSON.stringify(m.header));
    for (const step of m.steps) lines.push(JSON.stringify(step));
    lines.push(JSON.stringify(m.summary));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
