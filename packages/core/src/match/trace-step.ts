import type { GoalValue, Reasoner } from '../reasoner/types.js';
import { sortCanonical, type TermId } from '../terms/term-store.js';
import type { GoalJson, TraceStep } from '../trace/format.js';

export interface StepOptions {
  /** Record goal values in every state, not only in the terminal one. */
  readonly goalsEverywhere?: boolean;
}

export function goalToJson(value: GoalValue): GoalJson {
  return typeof value === 'number' || value === null ? value : [...value];
}

/** The canonical trace line of a state, before its joint move is known. */
export function describeState<S>(
  reasoner: Reasoner<S>,
  state: S,
  step: number,
  options: StepOptions = {},
): { line: TraceStep; legal: TermId[][] } {
  const { game } = reasoner;
  const store = game.store;
  const names = reasoner.roles.map((r) => store.toKif(r));
  const terminal = reasoner.isTerminal(state);
  const line: { -readonly [K in keyof TraceStep]: TraceStep[K] } = {
    step,
    state: sortCanonical(store, reasoner.stateToFacts(state)).map((t) => store.toKif(t)),
    terminal,
  };
  const legal: TermId[][] = [];
  if (!terminal) {
    const legalText: Record<string, string[]> = {};
    names.forEach((name, r) => {
      const moves = sortCanonical(store, reasoner.legalMoves(state, r));
      legal.push(moves);
      legalText[name] = moves.map((m) => store.toKif(m));
    });
    line.legal = legalText;
  }
  if (terminal || options.goalsEverywhere) {
    const goals: Record<string, GoalJson> = {};
    names.forEach((name, r) => {
      goals[name] = goalToJson(reasoner.goal(state, r));
    });
    line.goals = goals;
  }
  return { line, legal };
}

/** Adds the joint move and, for GDL-II games, the percepts it produces. */
export function withMove<S>(
  reasoner: Reasoner<S>,
  line: TraceStep,
  state: S,
  move: readonly TermId[],
): TraceStep {
  const store = reasoner.game.store;
  const names = reasoner.roles.map((r) => store.toKif(r));
  const moves: Record<string, string> = {};
  names.forEach((name, r) => {
    moves[name] = store.toKif(move[r]!);
  });
  if (!reasoner.game.isGdl2) return { ...line, moves };
  const sees: Record<string, string[]> = {};
  names.forEach((name, r) => {
    sees[name] = sortCanonical(store, reasoner.sees(state, move, r)).map((t) => store.toKif(t));
  });
  return { ...line, moves, sees };
}
