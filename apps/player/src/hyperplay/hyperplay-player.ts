import { type Game, type Reasoner, Rng, type TermId } from '@gdlkit/core';
import { FluentAtoms, type KnowledgeState } from '@gdlkit/filter';
import type { PlayoutPolicy } from '../search/playout-policy.js';
import type { HypergameSearch } from './hypergame-search.js';
import { hyperPlaySearch, type PlayoutContext, playoutContext } from './hyperplay.js';
import { hyperPlayIISearch } from './hyperplay-ii.js';
import { ModelBag, type StateBound } from './model-bag.js';
import type { HyperPlayIIResources } from './resources.js';

export type HyperPlayMethod = 'hyperplay' | 'hyperplay-ii';

export interface HyperPlayerOptions {
  readonly resources: HyperPlayIIResources;
  readonly seed: number;
  readonly maxPlayoutDepth: number;
  /** Bound every model by the filter's knowledge (default true; off only to measure what it saves). */
  readonly filterBound?: boolean;
}

/**
 * A GDL-II player's HyperPlay state across a match: its bag of hypergames, updated each round with its own
 * move and percepts (bounded by the filter's knowledge when it has one), and the move search of either
 * technique over it. The hypergames live on the match's reasoner, so every nested simulation runs on the
 * backend chosen for the game.
 */
export class HyperPlayer<S> {
  readonly bag: ModelBag<S>;
  private readonly context: PlayoutContext<S>;
  private readonly fluents: FluentAtoms;

  constructor(
    game: Game,
    readonly reasoner: Reasoner<S>,
    readonly role: number,
    policy: PlayoutPolicy,
    readonly options: HyperPlayerOptions,
  ) {
    this.bag = new ModelBag(reasoner, role, { models: options.resources.hypergames, seed: options.seed });
    this.context = playoutContext(
      reasoner,
      policy,
      new Rng(options.seed ^ 0x5bd1e995),
      options.maxPlayoutDepth,
    );
    this.fluents = new FluentAtoms(game);
  }

  /** Monte-Carlo playouts run so far, at every nesting level. */
  get playouts(): number {
    return this.context.playouts;
  }

  /** Takes in a round; `knowledge` is the filter's state after it (null when the filter is out). */
  update(
    ownMove: TermId,
    percepts: readonly TermId[],
    knowledge: KnowledgeState | null,
    deadline: number,
  ): void {
    const bound: StateBound | null =
      knowledge && this.options.filterBound !== false
        ? (facts) => this.fluents.representsState(knowledge, facts)
        : null;
    this.bag.update(ownMove, percepts, bound, deadline);
  }

  /** The search of `method` among `moves` (which must be legal in every model). */
  search(method: HyperPlayMethod, moves: readonly TermId[]): HypergameSearch<S> {
    const resources = this.options.resources;
    if (method === 'hyperplay-ii') return hyperPlayIISearch(this.context, this.bag, moves, resources);
    return hyperPlaySearch(this.context, this.bag, moves, resources.simulations);
  }
}
