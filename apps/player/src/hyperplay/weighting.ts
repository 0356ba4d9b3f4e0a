import type { Hypergame } from './hypergame.js';

/**
 * The weight of a hypergame in the bag's weighted sample (giga13-05 section 3: "a bag of models of the
 * information set ..., representing a weighted sample"; HyperPlay weights each model by the probability that
 * it is the true game). A model is built round by round by choosing uniformly among the other roles' joint
 * moves that explain the round, while the game (the random role by definition, the other roles as far as
 * the player knows) chooses uniformly among all of their joint moves. So the model's probability P is the
 * product of 1/|joint moves| and the sampler's Q the product of 1/|explaining joint moves|; the importance
 * weight P/Q is the product of the rounds' `likelihood` (explaining / all). Returned as a logarithm: long
 * matches would underflow the product.
 */
export function logWeight(model: Hypergame<unknown>): number {
  let sum = 0;
  for (const round of model.rounds) sum += Math.log(round.likelihood);
  return sum;
}

/** The models' weights normalised to sum to 1 (uniform when every weight is 0 or the bag is empty). */
export function normalisedWeights(models: readonly Hypergame<unknown>[]): Float64Array {
  const logs = models.map(logWeight);
  const top = Math.max(...logs);
  const weights = new Float64Array(models.length);
  let total = 0;
  for (let i = 0; i < models.length; i++) {
    weights[i] = Number.isFinite(top) ? Math.exp(logs[i]! - top) : 1;
    total += weights[i]!;
  }
  for (let i = 0; i < models.length; i++) weights[i]! /= total;
  return weights;
}
