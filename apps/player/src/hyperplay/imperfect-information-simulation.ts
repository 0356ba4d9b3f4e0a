import { goalNumber, type TermId } from '@gdlkit/core';
import type { Hypergame } from './hypergame.js';
import type { MoveEvaluation } from './hypergame-search.js';
import { hyperPlayMove, type PlayoutContext } from './hyperplay.js';
import { ModelBag, type Observation } from './model-bag.js';

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
 * Every simulated player's bag is drawn afresh from its own observations along the model, the simulated `role`
 * included (its observations are the player's own). Drawing it from the player's bag instead would correlate it
 * with the model taken as the true game (both come from one small sample): on Exploding Bomb after `wait` that
 * lifted the value of waiting from 50 to about 60 at resource index 4.
 */
export function imperfectInformationSimulation<S>(
  context: PlayoutContext<S>,
  inner: InnerResources,
  role: number,
): MoveEvaluation<S> {
  const { reasoner, rng } = context;
  const randomRole = reasoner.game.randomRole;
  const bagOptions = () => ({ models: inner.hypergames, seed: rng.nextInt(2 ** 30) });
  const simulation = (model: Hypergame<S>, move: TermId, deadline: number): number | null => {
    const bags = reasoner.roles.map((_, r): ModelBag<S> | null => {
      if (r === randomRole) return null;
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
  return {
    batch: 1,
    run(models, moves, rewards, deadline) {
      const reward = simulation(models[0]!, moves[0]!, deadline);
      if (reward === null) return false;
      rewards[0] = reward;
      return true;
    },
  };
}

/** What role `r` did and perceived along the model's history. */
function observationsOf<S>(model: Hypergame<S>, r: number, context: PlayoutContext<S>): Observation[] {
  return model.rounds.map((round, i) => ({
    ownMove: round.jointMove[r]!,
    percepts: context.reasoner.sees(model.states[i]!, round.jointMove, r),
  }));
}
