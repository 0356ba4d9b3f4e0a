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
