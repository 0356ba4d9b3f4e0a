/** How much of each game the suite plays: few seeds and a step cap in CI, more under GDLKIT_CROSS=1. */
export interface CrossSettings {
  /** Seeded random matches per game; seed i is played by backend i mod n and replayed on all others. */
  readonly seeds: number;
  /** Joint moves per match before it is cut (a cut match is still compared step by step). */
  readonly maxSteps: number;
  /** Fixed-depth minimax: the depth grows until the reference count passes this many nodes. */
  readonly perftNodes: number;
  /** Deepest fixed-depth search tried. */
  readonly perftMaxDepth: number;
  /** States along each match record from which node counts are compared. */
  readonly perftStates: number;
  /** Build budget per backend and game (BackendOptions.buildTimeMs). */
  readonly buildTimeMs: number;
  /** Wall-clock budget per game for the match phase; later seeds are dropped (and reported) past it. */
  readonly gameTimeMs: number;
}

export const CI_SETTINGS: CrossSettings = {
  seeds: 2,
  maxSteps: 12,
  perftNodes: 150,
  perftMaxDepth: 3,
  perftStates: 1,
  buildTimeMs: 10_000,
  gameTimeMs: 2_000,
};

// Sized so that the corpus (about 290 games) runs in about an hour on 2 cores: the slowest backends' (prover,
// filter) share of the node counts dominates, so the counts stay near 3 k nodes per state.
export const FULL_SETTINGS: CrossSettings = {
  seeds: 4,
  maxSteps: 200,
  perftNodes: 3_000,
  perftMaxDepth: 6,
  perftStates: 2,
  buildTimeMs: 60_000,
  gameTimeMs: 30_000,
};
