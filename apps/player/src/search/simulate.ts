import { goalNumber, type Reasoner, type Rng, type TermId } from '@gdlkit/core';
import type { MoveHistory } from './move-history.js';
import type { PlayoutPolicy } from './playout-policy.js';

/** Reusable buffers of one searcher's simulations. */
export interface SimulationScratch {
  readonly jointMove: TermId[];
  readonly rewards: Float64Array;
}

export function simulationScratch(roleCount: number): SimulationScratch {
  return { jointMove: new Array<TermId>(roleCount).fill(0), rewards: new Float64Array(roleCount) };
}

/**
 * Plays from `state` to a terminal state (or `maxDepth` moves) with the policy choosing every move, appending
 * the moves to `history` and writing the final goal values to `scratch.rewards`. Returns false, leaving the
 * rewards unset, when `deadline` (performance.now() ms) passes first.
 */
export function simulate<S>(
  reasoner: Reasoner<S>,
  state: S,
  policy: PlayoutPolicy,
  history: MoveHistory,
  rng: Rng,
  maxDepth: number,
  deadline: number,
  scratch: SimulationScratch,
): boolean {
  const roleCount = reasoner.roles.length;
  const move = scratch.jointMove;
  for (let depth = 0; depth < maxDepth && !reasoner.isTerminal(state); depth++) {
    if ((depth & 7) === 0 && performance.now() > deadline) return false;
    for (let r = 0; r < roleCount; r++) {
      const legal = reasoner.legalMoves(state, r);
      if (legal.length === 0) throw new Error(`role ${reasoner.game.roleName(r)} has no legal move`);
      move[r] = legal.length === 1 ? legal[0]! : legal[policy.choose(r, legal, history, rng)]!;
    }
    history.push(move);
    state = reasoner.nextState(state, move);
  }
  for (let r = 0; r < roleCount; r++) scratch.rewards[r] = goalNumber(reasoner.goal(state, r));
  return true;
}
