// The test driver of the GDL reasoner comparison paper (paper 07, section 4.1, Figure 2): time-limited
// Monte-Carlo (random simulations) and iterative-deepening minimax from a state, counting every visited node.
// Our reasoners are functional, so the paper's make/retract pair is nextState and keeping the parent state.
import { jointMoves, type Reasoner, type Rng, type TermId } from '@gdlkit/core';

export interface DriverLimits {
  /** Absolute deadline (performance.now()). */
  readonly deadline: number;
  /** Stop after this many simulations / iterations as well (used by tests for exact counts). */
  readonly maxIterations?: number;
}

export interface DriverCount {
  nodes: number;
  /** Simulations (MC) or completed depth iterations (MM). */
  iterations: number;
}

/**
 * algorithmMonteCarlo: random simulations from `state` until the deadline. Each visited state is a node;
 * the goals are computed in the terminal state as in the paper (not backed up).
 */
export function monteCarlo<S>(reasoner: Reasoner<S>, state: S, limits: DriverLimits, rng: Rng): DriverCount {
  const count: DriverCount = { nodes: 0, iterations: 0 };
  const roles = reasoner.roles.length;
  const move: TermId[] = new Array(roles).fill(0);
  const max = limits.maxIterations ?? Number.POSITIVE_INFINITY;
  while (count.iterations < max && performance.now() < limits.deadline) {
    let s = state;
    for (;;) {
      count.nodes++;
      if (reasoner.isTerminal(s)) {
        reasoner.goals(s);
        break;
      }
      if (performance.now() >= limits.deadline) return count;
      for (let r = 0; r < roles; r++) {
        const legal = reasoner.legalMoves(s, r);
        move[r] = legal[rng.nextInt(legal.length)]!;
      }
      s = reasoner.nextState(s, move);
    }
    count.iterations++;
  }
  return count;
}

/**
 * algorithmIterativeDeepeningMM: depth 0, 1, 2, ... until the deadline or until a whole iteration reaches
 * only terminal leaves ("minimax detects whether all leafs are terminal as in such cases further depth
 * iterations are unnecessary"). Moves are joint moves (one per role; turn-taking games give noops).
 */
export function iterativeDeepening<S>(reasoner: Reasoner<S>, state: S, limits: DriverLimits): DriverCount {
  const count: DriverCount = { nodes: 0, iterations: 0 };
  const max = limits.maxIterations ?? Number.POSITIVE_INFINITY;
  let allTerminal = false;
  for (let d = 0; !allTerminal && count.iterations < max && performance.now() < limits.deadline; d++) {
    allTerminal = minimax(reasoner, state, d, limits.deadline, count);
    if (performance.now() < limits.deadline) count.iterations++;
  }
  return count;
}

/** mm(g, depth) of Figure 2: true when every leaf below is terminal. */
function minimax<S>(
  reasoner: Reasoner<S>,
  state: S,
  depth: number,
  deadline: number,
  count: DriverCount,
): boolean {
  if (performance.now() >= deadline) return false;
  count.nodes++;
  if (reasoner.isTerminal(state)) {
    reasoner.goals(state);
    return true;
  }
  if (depth <= 0) return false;
  let allTerminal = true;
  const legal = reasoner.roles.map((_, r) => reasoner.legalMoves(state, r));
  for (const move of jointMoves(legal)) {
    allTerminal =
      minimax(reasoner, reasoner.nextState(state, move), depth - 1, deadline, count) && allTerminal;
    if (performance.now() >= deadline) return false;
  }
  return allTerminal;
}
