import type { Game, Reasoner, TermId } from '@gdlkit/core';
import type { PlayoutPolicy } from '../search/playout-policy.js';
import { HyperPlayer, type HyperPlayMethod } from './hyperplay-player.js';
import { type ResourceSettings, resolveResources } from './resources.js';

/** How the GDL-II move is chosen: one of the HyperPlay techniques, or the flat sampled search before them. */
export type Gdl2Method = HyperPlayMethod | 'sampled';

export interface MethodCost {
  readonly method: Gdl2Method;
  /** The resource index chosen for `hyperplay` when the configured one did not fit (none set explicitly). */
  readonly resources?: number;
  /** Estimated milliseconds for one move choice at the configured resources (Infinity: did not finish). */
  readonly hyperplayIIMs: number;
  readonly hyperplayMs: number;
  readonly budgetMs: number;
}

/**
 * The `auto` method: HyperPlay-II when one move choice at its resources fits in the budget (half the time per
 * move), else HyperPlay at the largest resource index up to the configured one that fits (at least 2; only the
 * configured one when resources were set explicitly), else the sampled search. The cost is measured at START on
 * the initial state (the one state every role knows): one simulation of each technique, times the simulations
 * a move choice needs.
 */
export function chooseMethod<S>(
  game: Game,
  reasoner: Reasoner<S>,
  role: number,
  policy: PlayoutPolicy,
  settings: ResourceSettings & { readonly maxPlayoutDepth?: number; readonly seed?: number },
  budgetMs: number,
  until: number,
): MethodCost {
  const initial = reasoner.initialState();
  const moves: readonly TermId[] = reasoner.legalMoves(initial, role);
  /**
   * Milliseconds of one simulation of `method`, averaged over up to 16 of them within a tenth of the budget (the
   * first one pays for compilation); Infinity when not even one finished in the budget.
   */
  const measure = (method: HyperPlayMethod): number => {
    if (moves.length === 1) return 0;
    const resources = resolveResources(method, settings);
    const player = new HyperPlayer(game, reasoner, role, policy, {
      resources: { ...resources, hypergames: 1 },
      seed: settings.seed ?? 1,
      maxPlayoutDepth: settings.maxPlayoutDepth ?? 400,
    });
    const search = player.search(method, moves);
    const began = performance.now();
    const deadline = Math.min(until, began + budgetMs);
    let done = 0;
    while (done < 16 && (done === 0 || performance.now() - began < budgetMs / 10) && search.iterate(deadline))
      done++;
    return done === 0 ? Number.POSITIVE_INFINITY : (performance.now() - began) / done;
  };
  const perChoice = (method: HyperPlayMethod, oneMs: number) => {
    const r = resolveResources(method, settings);
    return oneMs * r.hypergames * r.simulations * moves.length;
  };
  const hyperplayIIMs = perChoice('hyperplay-ii', measure('hyperplay-ii'));
  if (hyperplayIIMs <= budgetMs)
    return { method: 'hyperplay-ii', hyperplayIIMs, hyperplayMs: Number.NaN, budgetMs };
  const playoutMs = measure('hyperplay');
  const hyperplayMs = perChoice('hyperplay', playoutMs);
  if (hyperplayMs <= budgetMs) return { method: 'hyperplay', hyperplayIIMs, hyperplayMs, budgetMs };
  const fixed =
    settings.resources !== undefined ||
    settings.hypergames !== undefined ||
    settings.hyperSimulations !== undefined;
  // HyperPlay's cost at index r is r² playouts per move: the largest r that fits.
  const fitting = Math.floor(Math.sqrt(budgetMs / Math.max(1e-3, playoutMs * moves.length)));
  const configured = resolveResources('hyperplay', settings).hypergames;
  if (!fixed && fitting >= 2) {
    return {
      method: 'hyperplay',
      resources: Math.min(configured, fitting),
      hyperplayIIMs,
      hyperplayMs,
      budgetMs,
    };
  }
  return { method: 'sampled', hyperplayIIMs, hyperplayMs, budgetMs };
}
