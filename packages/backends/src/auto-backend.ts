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
import { CALIBRATION_MS, CHALLENGERS, type Timed, timeSideBySide } from './auto-calibrate.js';

/** Why auto chose a backend, for logs: each attempt in order with its outcome. */
export interface AutoAttempt {
  readonly backend: string;
  /** `measured`: built and timed against the others that built (auto-calibrate.ts); `reason` has its rate. */
  readonly outcome: 'chosen' | 'measured' | 'skipped' | 'failed';
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
 * `auto`: tries the backends in order; a backend that is unavailable, lacks a needed capability or exceeds its
 * budget is skipped, and the next one is tried. The first that builds is then timed against the CHALLENGERS
 * later in the order that build too (random playouts side by side, about 0.4 s per backend) and the fastest is
 * kept, the others disposed; `calibrate: false` keeps the first without timing.
 * A backend counts as built once it has answered initialState and legalMoves for every role in time.
 * `buildTimeMs` bounds the attempts together: each backend but the last gets half of what the earlier ones
 * left, so a caller such as the player, which gives auto a share of its start clock, still has time for the
 * forward chainer when the propnet backends cannot ground a game (they share one build: after one of them
 * exceeds its budget the others fail at once, and an IR built for propnet-wasm whose module is refused serves
 * native and propnet without grounding again); timing is left out when too little of it remains.
 */
export function createAutoBackend(
  registry: BackendRegistry,
  order: readonly string[] = AUTO_ORDER,
  challengers: readonly string[] = CHALLENGERS,
): Backend {
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
      const build = async (name: string): Promise<Timed | undefined> => {
        const backend = registry.get(name);
        const started = performance.now();
        const elapsed = () => Math.round(performance.now() - started);
        if (game.isGdl2 && !backend.capabilities.gdl2) {
          attempts.push({ backend: name, outcome: 'skipped', reason: 'no GDL-II support', ms: 0 });
          return undefined;
        }
        try {
          const reasoner = await backend.create(game, {
            ...share(options, deadline, name === names.at(-1)),
            sharedBuilds,
          });
          const late = answerFirstQueries(reasoner, deadline);
          if (late !== undefined) {
            reasoner.dispose();
            attempts.push({ backend: name, outcome: 'failed', reason: late, ms: elapsed() });
            return undefined;
          }
          return { name, reasoner, buildMs: elapsed() };
        } catch (e) {
          if (
            e instanceof BudgetExceededError ||
            e instanceof UnsupportedError ||
            e instanceof BackendUnavailableError
          ) {
            attempts.push({ backend: name, outcome: 'failed', reason: e.message, ms: elapsed() });
            return undefined;
          }
          throw e;
        }
      };
      for (const [k, name] of names.entries()) {
        const first = await build(name);
        if (first === undefined) continue;
        const candidates = [first];
        const left = () => (deadline === undefined ? Infinity : deadline - performance.now());
        if (options?.calibrate !== false) {
          for (const next of names.slice(k + 1).filter((n) => challengers.includes(n))) {
            // A challenger that could not be timed after its build is not built.
            if (left() < (candidates.length + 1) * CALIBRATION_MS) break;
            const built = await build(next);
            if (built !== undefined) candidates.push(built);
          }
        }
        if (candidates.length === 1 || left() < candidates.length * CALIBRATION_MS) {
          for (const other of candidates.slice(1)) other.reasoner.dispose();
          attempts.push({
            backend: name,
            outcome: 'chosen',
            reason: 'built within budget',
            ms: first.buildMs,
          });
          return Object.assign(first.reasoner, { attempts });
        }
        const rates = timeSideBySide(candidates);
        const fastest = rates.indexOf(Math.max(...rates));
        for (const [i, c] of candidates.entries()) {
          const rate = `${Math.round(rates[i]!).toLocaleString('en-US')} states per CPU-second`;
          attempts.push({ backend: c.name, outcome: 'measured', reason: rate, ms: c.buildMs });
          if (i !== fastest) c.reasoner.dispose();
        }
        const chosen = candidates[fastest]!;
        attempts.push({
          backend: chosen.name,
          outcome: 'chosen',
          reason: `fastest of the ${candidates.length} that built`,
          ms: chosen.buildMs,
        });
        return Object.assign(chosen.reasoner, { attempts });
      }
      throw new GdlkitError(
        'BUDGET_EXCEEDED',
        `no backend could handle ${game.file}: ${attempts.map((a) => `${a.backend}: ${a.reason}`).join('; ')}`,
      );
    },
  };
}

/**
 * The options of one attempt: half the time left before `deadline`, all of it for the last attempt. A backend
 * whose queries are not bounded by its build (the prover) gets the same share per query unless the caller set
 * `queryTimeMs`, so that its first queries below cannot outlast the budget.
 */
function share(options: BackendOptions | undefined, deadline: number | undefined, last: boolean) {
  if (deadline === undefined) return options ?? {};
  const left = deadline - performance.now();
  const ms = Math.max(1, Math.floor(last ? left : left / 2));
  return { ...options, buildTimeMs: ms, queryTimeMs: options?.queryTimeMs ?? ms };
}

/**
 * Asks a built reasoner for the initial state and every role's legal moves there (issue 25: the prover built
 * at once on a game whose first legal query never ended, and auto handed it out). Budget errors propagate to
 * the caller's catch; an answer that came after the deadline is returned as the reason to refuse the backend.
 */
function answerFirstQueries(reasoner: Reasoner, deadline: number | undefined): string | undefined {
  const state = reasoner.initialState();
  for (let role = 0; role < reasoner.roles.length; role++) reasoner.legalMoves(state, role);
  if (deadline === undefined || performance.now() <= deadline) return undefined;
  return 'answered initialState and legalMoves only after the budget';
}
