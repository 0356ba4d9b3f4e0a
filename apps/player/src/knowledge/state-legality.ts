import type { Reasoner, TermId } from '@gdlkit/core';

/** The role's moves legal in every one of the states (none when there are no states). */
export function legalInAll<S>(reasoner: Reasoner<S>, role: number, states: Iterable<S>): TermId[] {
  let common: TermId[] | null = null;
  for (const state of states) {
    const legal = reasoner.legalMoves(state, role);
    if (common === null) common = [...legal];
    else {
      const here = new Set(legal);
      common = common.filter((m) => here.has(m));
    }
    if (common.length === 0) break;
  }
  return common ?? [];
}

/** The role's moves legal in the most of the states, for when no move is legal in all of them. */
export function legalInMost<S>(reasoner: Reasoner<S>, role: number, states: Iterable<S>): TermId[] {
  const counts = new Map<TermId, number>();
  for (const state of states) {
    for (const m of reasoner.legalMoves(state, role)) counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  return [...counts].filter(([, c]) => c === most).map(([m]) => m);
}
