import type { TermId } from '@gdlkit/core';
import { HypergameSearch } from './hypergame-search.js';
import type { PlayoutContext } from './hyperplay.js';
import { imperfectInformationSimulation } from './imperfect-information-simulation.js';
import type { ModelBag } from './model-bag.js';
import type { HyperPlayIIResources } from './resources.js';

/**
 * HyperPlay-II's move choice (giga13-05, Definition 4): in each hypergame of the bag, `resources.simulations`
 * Imperfect Information Simulations per move; the move of highest weighted expected value.
 */
export function hyperPlayIISearch<S>(
  context: PlayoutContext<S>,
  bag: ModelBag<S>,
  moves: readonly TermId[],
  resources: HyperPlayIIResources,
): HypergameSearch<S> {
  return new HypergameSearch(
    moves,
    bag.models,
    bag.weights(),
    imperfectInformationSimulation(
      context,
      { hypergames: resources.innerHypergames, simulations: resources.innerSimulations },
      bag.role,
    ),
    resources.simulations,
    context.rng,
  );
}
