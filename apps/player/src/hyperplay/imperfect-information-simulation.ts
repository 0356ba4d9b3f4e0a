import { goalNumber, type TermId } from '@gdlkit/core';
import type { Hypergame } from './hypergame.js';
import type { MoveEvaluation } from './hypergame-search.js';
import { hyperPlayMove, type PlayoutContext } from './hyperplay.js';
import { ModelBag, type Observation } from './model-bag.js';
import { drawWeighted } from './weighting.js';

/** The two inner resources of giga13-05 section 4.1: each simulated player's hypergames and playouts per move. */
export interface InnerResources {
  readonly hypergames: number;
  readonly simulations: number;
}

/**
 * The Imperfect Information Simulation of HyperPlay-II (giga13-05 section 3, Definition 4): from a hypergame
 * taken as the true game, a whole match is played in which `role` first plays `move` and every role is then
 * played by an original HyperPlayer over its own information set: its own bag of hypergames, built from the
 * moves it made and the percepts it received along the hypergame's history and updated with what it perceives
 * in the simulated match. The random role moves uniformly. The reward is `role`'s goal value at the end, so a
 * move that gains information is worth what the better informed later choices earn with it.
 *
 * `ownBag` is the role's real bag: the simulated `role` starts from models drawn from it by weight (its
 * information set is the player's own); the other roles' bags are built from their observations in the model.
 * A simulated player whose bag can explain its percepts no longer plays uniformly among its legal moves.
 */
export function imperfectInformationSimulation<S>(
  context: PlayoutContext<S>,
  inner: InnerResources,
  role: number,
  ownBag: ModelBag<S>,
): MoveEvaluation<S> {
  const { reasoner, rng } = context;
  const randomRole = reasoner.game.randomRole;
  const bagOptions = () => ({ models: inner.hypergames, seed: rng.nextInt(2 ** 30) });
  return (model: Hypergame<S>, move: TermId, deadline: number) => {
    const bags = reasoner.roles.map((_, r): ModelBag<S> | null => {
      if (r === randomRole) return null;
      if (r === role) {
        const drawn = drawWeighted(ownBag.weights(), inner.hypergames, () => rng.nextFloat());
        return ModelBag.of(
          reasoner,
          r,
          ownBag.observations,
          drawn.map((i) => ownBag.models[i]!.clone()),
          bagOptions(),
        );
      }
      const bag = new ModelBag(reasoner, r, bagOptions());
      for (const o of observationsOf(model, r, context)) bag.update(o.ownMove, o.percepts, null, deadline);
      return bag;
    });
    if (performance.now() > deadline) return null;
    let state = model.state;
    const joint = new Array<TermId>(reasoner.roles.length);
    for (let depth = 0; depth < context.maxPlayoutDepth && !reasoner.isTerminal(state); depth++) {
      for (let r = 0; r < reasoner.roles.length; r++) {
        const legal = reasoner.legalMoves(state, r);
        const bag = bags[r];
        if (depth === 0 && r === role) {
          joint[r] = move;
        } else if (legal.length === 1 || !bag || bag.size === 0) {
          joint[r] = legal[rng.nextInt(legal.length)]!;
        } else {
          // The simulated player chooses among the moves legal in all its models; the true state's legality
          // check only guards against a model set that lost track (it never adds a move).
          const believed = bag.commonLegalMoves().filter((m) => legal.includes(m));
          const chosen = hyperPlayMove(
            context,
            bag,
            believed.length > 0 ? believed : legal,
            inner.simulations,
            deadline,
          );
          if (chosen === null) return null;
          joint[r] = chosen;
        }
      }
      for (let r = 0; r < reasoner.roles.length; r++) {
        bags[r]?.update(joint[r]!, reasoner.sees(state, joint, r), null, deadline);
      }
      state = reasoner.nextState(state, joint);
    }
    return goalNumber(reasoner.goal(state, role));
  };
}

/** What role `r` did and perceived along the model's history. */
function observationsOf<S>(model: Hypergame<S>, r: number, context: PlayoutContext<S>): Observation[] {
  return model.rounds.map((round, i) => ({
    ownMove: round.jointMove[r]!,
    percepts: context.reasoner.sees(model.states[i]!, round.jointMove, r),
  }));
}
