import type { Reasoner, Rng, TermId } from '@gdlkit/core';
import { MoveHistory } from '../search/move-history.js';
import type { PlayoutPolicy } from '../search/playout-policy.js';
import { type SimulationScratch, simulate, simulationScratch } from '../search/simulate.js';
import type { Hypergame } from './hypergame.js';
import { HypergameSearch, type MoveEvaluation } from './hypergame-search.js';
import type { ModelBag } from './model-bag.js';

export interface PlayoutContext<S> {
  readonly reasoner: Reasoner<S>;
  readonly policy: PlayoutPolicy;
  readonly rng: Rng;
  readonly maxPlayoutDepth: number;
  /** Playouts run so far through this context (every nesting level), for the simulations-per-second log. */
  playouts: number;
}

/**
 * The original HyperPlay's evaluation (giga13-05, Definition 3): each hypergame is played as a game of perfect
 * information by the embedded player, here one Monte-Carlo playout per call: `role` plays `move`, the other roles'
 * moves and the rest of the playout come from the playout policy, and the reward is the role's goal value.
 */
export function perfectInformationPlayout<S>(context: PlayoutContext<S>, role: number): MoveEvaluation<S> {
  const { reasoner, policy, rng, maxPlayoutDepth } = context;
  const history = new MoveHistory(reasoner.roles.length);
  const scratch: SimulationScratch = simulationScratch(reasoner.roles.length);
  return (model: Hypergame<S>, move: TermId, deadline: number) => {
    const state = model.state;
    history.reset();
    const joint = scratch.jointMove;
    for (let r = 0; r < reasoner.roles.length; r++) {
      if (r === role) {
        joint[r] = move;
        continue;
      }
      const options = reasoner.legalMoves(state, r);
      joint[r] = options[options.length === 1 ? 0 : policy.choose(r, options, history, rng)]!;
    }
    history.push(joint);
    const next = reasoner.nextState(state, joint);
    if (!simulate(reasoner, next, policy, history, rng, maxPlayoutDepth, deadline, scratch)) return null;
    context.playouts++;
    policy.record(history, scratch.rewards);
    return scratch.rewards[role]!;
  };
}

/** HyperPlay's search over a bag (Definition 3): `simulations` playouts per move in every hypergame. */
export function hyperPlaySearch<S>(
  context: PlayoutContext<S>,
  bag: ModelBag<S>,
  moves: readonly TermId[],
  simulations: number,
): HypergameSearch<S> {
  return new HypergameSearch(
    moves,
    bag.models,
    bag.weights(),
    perfectInformationPlayout(context, bag.role),
    simulations,
    context.rng,
  );
}

/**
 * HyperPlay's move choice over a bag: `simulations` playouts of every candidate move in every hypergame, the
 * move of highest weighted expected value. Used by the simulated players of the Imperfect Information
 * Simulation; null when `deadline` passed first.
 */
export function hyperPlayMove<S>(
  context: PlayoutContext<S>,
  bag: ModelBag<S>,
  moves: readonly TermId[],
  simulations: number,
  deadline: number,
): TermId | null {
  if (moves.length === 1) return moves[0]!;
  const search = hyperPlaySearch(context, bag, moves, simulations);
  search.run(deadline);
  return search.done ? search.bestMove() : null;
}
