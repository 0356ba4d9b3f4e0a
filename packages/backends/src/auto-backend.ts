import {
  type Backend,
  type BackendOptions,
  type BackendRegistry,
  BackendUnavailableError,
  BudgetExceededError,
  type Capabilities,
  type Game,
  GdlkitError,
  type Reasoner,
  UnsupportedError,
} from '@gdlkit/core';

/** Why auto chose a backend, for logs: each attempt in order with its outcome. */
export interface AutoAttempt {
  readonly backend: string;
  readonly outcome: 'chosen' | 'skipped' | 'failed';
  readonly reason: string;
  readonly ms: number;
}

export interface AutoReasoner extends Reasoner {
  readonly attempts: readonly AutoAttempt[];
}

/**
 * Default preference: fastest first for per-call queries (legalMoves, nextState: what a tree search calls), as
 * measured in docs/benchmarks.md. The native core's bit-sliced batch playouts are faster still, but its scalar
 * engine (behind every per-call query) is 2-6x slower than the WASM module (packages/native/README.md);
 * callers that live on batch playouts can pass their own order.
 */
export const AUTO_ORDER = ['propnet-wasm', 'native', 'propnet', 'forward', 'prover'] as const;

/**
 * `auto`: tries the backends in order and returns the first that builds within its budget; a backend that is
 * unavailable, lacks a needed capability or exceeds its budget is skipped, and the next one is tried.
 * `buildTimeMs` bounds the attempts together: each backend but the last gets half of what the earlier ones
 * left, so a caller such as the player, which gives auto a share of its start clock, still has time for the
 * forward chainer when the propnet backends cannot ground a game (they share one build: after one of them
 * exceeds its budget the others fail at once, and an IR built for propnet-wasm whose module is refused serves
 * native and propnet without grounding again).
 */
export function createAutoBackend(registry: BackendRegistry, order: readonly string[] = AUTO_ORDER): Backend {
  const capabilities: Capabilities = { gdl2: true, batchPlayouts: true, batchPerft: true, threads: true };
  return {
    name: 'auto',
    description: `the fastest backend that builds within the budget (${order.join(', ')})`,
    capabilities,
    availability: () => ({ available: true }),
    async create(game: Game, options?: BackendOptions): Promise<Reasoner> {
      const attempts: AutoAttempt[] = [];
      const deadline =
        options?.buildTimeMs === undefined ? undefined : performance.now() + options.buildTimeMs;
      const names = order.filter((name) => registry.has(name));
      const sharedBuilds = options?.sharedBuilds ?? new Map<string, unknown>();
      for (const name of names) {
        const backend = registry.get(name);
        const started = performance.now();
        const elapsed = () => Math.round(performance.now() - started);
        if (game.isGdl2 && !backend.capabilities.gdl2) {
          attempts.push({ backend: name, outcome: 'skipped', reason: 'no GDL-II support', ms: 0 });
          continue;
        }
        try {
          const reasoner = await backend.create(game, {
            ...share(options, deadline, name === names.at(-1)),
            sharedBuilds,
          });
          attempts.push({ backend: name, outcome: 'chosen', reason: 'built within budget', ms: elapsed() });
          return Object.assign(reasoner, { attempts });
        } catch (e) {
          if (
            e instanceof BudgetExceededError ||
            e instanceof UnsupportedError ||
            e instanceof BackendUnavailableError
          ) {
            attempts.push({ backend: name, outcome: 'failed', reason: e.message, ms: elapsed() });
            continue;
          }
          throw e;
        }
      }
      throw new GdlkitError(
        'BUDGET_EXCEEDED',
        `no backend could handle ${game.file}: ${attempts.map((a) => `${a.backend}: ${a.reason}`).join('; ')}`,
      );
    },
  };
}

/** The options of one attempt: half the time left before `deadline`, all of it for the last attempt. */
function share(options: BackendOptions | undefined, deadline: number | undefined, last: boolean) {
  if (deadline === undefined) return options ?? {};
  const left = deadline - performance.now();
  return { ...options, buildTimeMs: Math.max(1, Math.floor(last ? left : left / 2)) };
}
