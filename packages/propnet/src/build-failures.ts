// Builds that exceeded their budget, remembered per game. propnet, propnet-wasm and native share this build,
// and `auto` tries them in turn: without the memo a game too large to ground (merrills) is ground three times
// over, each time until the budget runs out, before auto reaches the forward chainer.
import { BudgetExceededError, type Game } from '@gdlkit/core';
import { DEFAULT_GROUNDING_MEMORY_BYTES } from '@gdlkit/ground';
import { DEFAULT_BUILD_MS } from './build-clock.js';

interface Failure {
  readonly timeMs: number;
  readonly memoryBytes: number;
  readonly error: BudgetExceededError;
}

interface Budget {
  readonly timeMs?: number;
  readonly memoryBytes?: number;
}

const failures = new WeakMap<Game, Failure[]>();

function resolve(budget: Budget): { timeMs: number; memoryBytes: number } {
  return {
    timeMs: budget.timeMs ?? DEFAULT_BUILD_MS,
    memoryBytes: budget.memoryBytes ?? DEFAULT_GROUNDING_MEMORY_BYTES,
  };
}

/**
 * The failure of an earlier build of `game` whose budget was at least this one in time and memory, as a new
 * error saying so: a build with no more budget would fail the same way.
 */
export function earlierFailure(game: Game, budget: Budget): BudgetExceededError | undefined {
  const { timeMs, memoryBytes } = resolve(budget);
  const failure = failures.get(game)?.find((f) => f.timeMs >= timeMs && f.memoryBytes >= memoryBytes);
  if (failure === undefined) return undefined;
  return new BudgetExceededError(
    `${failure.error.message} (an earlier build of this game with ${failure.timeMs} ms and no less memory failed so; not built again)`,
    failure.error.detail,
  );
}

export function rememberFailure(game: Game, budget: Budget, error: BudgetExceededError): void {
  const list = failures.get(game) ?? [];
  list.push({ ...resolve(budget), error });
  failures.set(game, list);
}
