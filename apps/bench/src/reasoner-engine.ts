import type { Backend, Game, Reasoner } from '@gdlkit/core';
import type { BenchEngine, BenchInstance, SimCount } from './types.js';

/** A registered backend as a bench engine: build through `create`, simulate through `playouts`. */
export function reasonerEngine(backend: Backend): BenchEngine {
  return {
    name: backend.name,
    unavailable() {
      const a = backend.availability();
      return a.available ? undefined : a.reason;
    },
    handles(_path: string, game: Game) {
      return game.isGdl2 && !backend.capabilities.gdl2 ? 'no GDL-II support' : undefined;
    },
    async build(game: Game, _path: string, options: { buildTimeMs: number }) {
      return reasonerInstance(await backend.create(game, { buildTimeMs: options.buildTimeMs }));
    },
  };
}

export function reasonerInstance(reasoner: Reasoner): BenchInstance {
  const phases = (reasoner as { buildPhases?: Readonly<Record<string, number>> }).buildPhases;
  return {
    reasoner,
    ...(phases ? { buildPhases: phases } : {}),
    simulate: async (budgetMs, seed) => timedPlayouts(reasoner, budgetMs, seed),
    dispose: () => reasoner.dispose(),
  };
}

/**
 * Random playouts from the initial state until `budgetMs` has passed, in batches sized to about a tenth of
 * the budget, so a backend's batch path crosses its boundary once per batch.
 */
export function timedPlayouts(reasoner: Reasoner, budgetMs: number, seed: number): SimCount {
  const start = reasoner.initialState();
  const t0 = performance.now();
  let playouts = 0;
  let states = 0;
  let batch = 1;
  for (let round = 0; ; round++) {
    const b0 = performance.now();
    const stats = reasoner.playouts(start, { count: batch, seed: seed + round });
    playouts += stats.playouts;
    states += stats.states;
    const now = performance.now();
    const elapsed = now - t0;
    if (elapsed >= budgetMs) return { playouts, states, ms: elapsed };
    const perPlayout = Math.max((now - b0) / batch, 1e-3);
    batch = Math.max(
      1,
      Math.min(Math.floor(Math.min(budgetMs / 10, budgetMs - elapsed) / perPlayout), 100_000),
    );
  }
}
