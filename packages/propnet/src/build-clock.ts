// The build's time budget beyond grounding: building, optimising and freezing a very large ground program can
// take longer than grounding it, so those stages check the same deadline between passes and fail with a
// BudgetExceededError naming the stage instead of running on.
import { BudgetExceededError } from '@gdlkit/core';

/** Default wall-clock budget of a whole propnet build (grounding included), as for grounding alone. */
export const DEFAULT_BUILD_MS = 60_000;

export class BuildClock {
  private readonly deadline: number;

  constructor(private readonly timeMs: number = DEFAULT_BUILD_MS) {
    this.deadline = performance.now() + timeMs;
  }

  /** Milliseconds left, for the grounder's own budget. */
  get remainingMs(): number {
    return Math.max(1, this.deadline - performance.now());
  }

  check(stage: string): void {
    if (performance.now() > this.deadline) {
      throw new BudgetExceededError(
        `building the propnet exceeded its time budget of ${this.timeMs} ms during ${stage}`,
        { limit: `${this.timeMs} ms` },
      );
    }
  }
}

/** JavaScript's own limits (2^24 entries in a Map or Set, array and buffer lengths), met by a build too large. */
const CAPACITY =
  /maximum size exceeded|Invalid (typed )?array length|Array buffer allocation failed|Invalid string length/;

/**
 * Runs one stage of a build, turning a collection-capacity RangeError into the BudgetExceededError every
 * caller handles (auto falls back to another backend), instead of a crash (amazons.kif grounds past 2^24).
 */
export function withinCapacity<T>(stage: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RangeError && CAPACITY.test(e.message)) {
      throw new BudgetExceededError(
        `building the propnet outgrew what JavaScript collections hold during ${stage} (${e.message})`,
        { limit: 'JavaScript collection capacity' },
      );
    }
    throw e;
  }
}
