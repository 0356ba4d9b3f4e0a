import { GrowableInt32, type PolicyTable, type Reasoner, type Rng, type TermId } from '@gdlkit/core';
import { MoveHistory } from '../search/move-history.js';
import type { PlayoutPolicy } from '../search/playout-policy.js';
import { TablePolicy } from '../search/table-policy.js';
import { HypergameSearch, type MoveEvaluation } from './hypergame-search.js';
import type { ModelBag } from './model-bag.js';

export interface PlayoutContext<S> {
  readonly reasoner: Reasoner<S>;
  readonly policy: PlayoutPolicy;
  /**
   * The policy's table on the engine's side (issue 20's `Reasoner.simulate`): the player's MAST/NST table, or
   * a uniform one for the random policy.
   */
  readonly table: PolicyTable;
  readonly rng: Rng;
  readonly maxPlayoutDepth: number;
  /** Playouts run so far through this context (every nesting level), for the simulations-per-second log. */
  playouts: number;
}

/** Most playouts handed to the engine in one `simulate` call. */
const PLAYOUT_BATCH = 256;

/** A playout context on `reasoner`: the engine plays with the policy's own table, else with a uniform one. */
export function playoutContext<S>(
  reasoner: Reasoner<S>,
  policy: PlayoutPolicy,
  rng: Rng,
  maxPlayoutDepth: number,
): PlayoutContext<S> {
  const table = policy instanceof TablePolicy ? policy.table : reasoner.createPolicy({ kind: 'uniform' });
  return { reasoner, policy, table, rng, maxPlayoutDepth, playouts: 0 };
}

/**
 * The original HyperPlay's evaluation (giga13-05, Definition 3): each hypergame is played as a game of perfect
 * information by the embedded player, here Monte-Carlo playouts: `role` plays `move`, the other roles' first
 * moves and the rest of each playout come from the playout policy, and the reward is the role's goal value.
 * The first joint moves are made here; the playouts from their successors run in the engine, all of a batch in
 * one `Reasoner.simulate` call (issue 20), with the first joint move as the policy's context.
 */
export function perfectInformationPlayouts<S>(context: PlayoutContext<S>, role: number): MoveEvaluation<S> {
  const { reasoner, policy, rng } = context;
  const roleCount = reasoner.roles.length;
  const history = new MoveHistory(roleCount);
  const joint = new Array<TermId>(roleCount).fill(0);
  const starts: S[] = [];
  const prefixMoves = new GrowableInt32(PLAYOUT_BATCH * roleCount);
  // Every simulation's prefix is its one first joint move.
  const prefixOffsets = Int32Array.from({ length: PLAYOUT_BATCH + 1 }, (_, i) => i * roleCount);
  return {
    batch: PLAYOUT_BATCH,
    run(models, moves, rewards, deadline) {
      if (performance.now() > deadline) return false;
      const count = models.length;
      starts.length = count;
      prefixMoves.length = 0;
      for (let i = 0; i < count; i++) {
        const state = models[i]!.state;
        history.reset();
        for (let r = 0; r < roleCount; r++) {
          if (r === role) {
            joint[r] = moves[i]!;
            continue;
          }
          const options = reasoner.legalMoves(state, r);
          joint[r] = options[options.length === 1 ? 0 : policy.choose(r, options, history, rng)]!;
        }
        for (let r = 0; r < roleCount; r++) prefixMoves.push(joint[r]!);
        starts[i] = reasoner.nextState(state, joint);
      }
      const results = reasoner.simulate(
        {
          starts,
          prefixMoves: prefixMoves.data.subarray(0, prefixMoves.length),
          prefixOffsets: prefixOffsets.subarray(0, count + 1),
          seed: rng.nextInt(2 ** 31),
          maxDepth: context.maxPlayoutDepth,
        },
        context.table,
      );
      for (let i = 0; i < count; i++) rewards[i] = results.goals[i * roleCount + role]!;
      context.playouts += count;
      return true;
    },
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
    perfectInformationPlayouts(context, bag.role),
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
