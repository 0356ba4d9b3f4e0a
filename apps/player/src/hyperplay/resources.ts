/**
 * The player resources of giga13-05 section 4.1. HyperPlay has two: its hypergames and the Monte-Carlo
 * simulations per move in each. HyperPlay-II has four: its hypergames, the Imperfect Information Simulations per
 * move in each, and, for every simulated player, its own hypergames and simulations per move.
 */
export interface HyperPlayResources {
  readonly hypergames: number;
  readonly simulations: number;
}

export interface HyperPlayIIResources extends HyperPlayResources {
  readonly innerHypergames: number;
  readonly innerSimulations: number;
}

/**
 * The resource index: every parameter of the technique set to the same number ("a resource number of eight
 * means the player has eight models of the true game, each running eight IIS, where each player in the IIS is
 * modelled by an original HyperPlayer, each with eight models ... running eight Monte Carlo simulations").
 */
export function hyperPlayResources(index: number): HyperPlayResources {
  return { hypergames: index, simulations: index };
}

export function hyperPlayIIResources(index: number): HyperPlayIIResources {
  return { hypergames: index, simulations: index, innerHypergames: index, innerSimulations: index };
}

/**
 * The HyperPlay index whose resources equal HyperPlay-II's at `index` in the paper's comparisons ("for a resource
 * index of four, the new player would have four hypergames, each running an IIS with four hypergames, while the
 * old player would have 16 hypergames"): the square.
 */
export function equalResourceIndex(index: number): number {
  return index * index;
}

/** The resource settings of the player (config keys `resources`, `hypergames`, ... in config-keys.ts). */
export interface ResourceSettings {
  /** The resource index; default 4 for HyperPlay-II and its equal, 16, for HyperPlay. */
  readonly resources?: number;
  readonly hypergames?: number;
  readonly hyperSimulations?: number;
  readonly innerHypergames?: number;
  readonly innerSimulations?: number;
}

const DEFAULT_INDEX = 4;

/** The resources of a technique from the settings: the index, then any parameter set on its own. */
export function resolveResources(
  method: 'hyperplay' | 'hyperplay-ii',
  settings: ResourceSettings,
): HyperPlayIIResources {
  const index =
    settings.resources ?? (method === 'hyperplay' ? equalResourceIndex(DEFAULT_INDEX) : DEFAULT_INDEX);
  const base =
    method === 'hyperplay'
      ? { ...hyperPlayResources(index), innerHypergames: 0, innerSimulations: 0 }
      : hyperPlayIIResources(index);
  return {
    hypergames: settings.hypergames ?? base.hypergames,
    simulations: settings.hyperSimulations ?? base.simulations,
    innerHypergames: settings.innerHypergames ?? base.innerHypergames,
    innerSimulations: settings.innerSimulations ?? base.innerSimulations,
  };
}
