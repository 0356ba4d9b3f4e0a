import type { Reasoner } from '@gdlkit/core';
import { RandomPolicy } from '../search/playout-policy.js';
import type { MoveValue } from './hypergame-search.js';
import { HyperPlayer, type HyperPlayMethod } from './hyperplay-player.js';
import type { Observation } from './model-bag.js';
import type { HyperPlayIIResources } from './resources.js';

export interface DecisionValues {
  /** Per move of the role, the weighted expected value the technique computed. */
  readonly values: readonly MoveValue[];
  /** Hypergames the bag held at the decision. */
  readonly hypergames: number;
  /** Monte-Carlo playouts run at every nesting level. */
  readonly playouts: number;
}

/**
 * The expected values a technique computes for the role's moves at the decision reached by `observations`
 * (its own moves and percepts), with uniform random playouts as in giga13-05's experiments: the numbers of its
 * Tables 3 and 4. Without the filter (a bound changes no value, only the work).
 */
export function decisionValues<S>(
  reasoner: Reasoner<S>,
  role: number,
  observations: readonly Observation[],
  method: HyperPlayMethod,
  resources: HyperPlayIIResources,
  seed: number,
): DecisionValues {
  const player = new HyperPlayer(reasoner.game, reasoner, role, new RandomPolicy(), {
    resources,
    seed,
    maxPlayoutDepth: 400,
  });
  for (const o of observations) player.update(o.ownMove, o.percepts, null, Number.POSITIVE_INFINITY);
  const moves = player.bag.commonLegalMoves();
  if (player.bag.size === 0 || moves.length === 0) {
    return { values: [], hypergames: player.bag.size, playouts: 0 };
  }
  const search = player.search(method, moves);
  search.run(Number.POSITIVE_INFINITY);
  return { values: search.values(), hypergames: player.bag.size, playouts: player.playouts };
}
