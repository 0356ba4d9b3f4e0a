import { getHeapStatistics } from 'node:v8';
import { BudgetExceededError } from '@gdlkit/core';

/** The time and memory a check may use; past either, the answer is `unknown`. */
export interface CheckBudget {
  readonly seconds: number;
  /** Heap bytes; checked every few thousand expanded nodes. */
  readonly memoryBytes: number;
}

/** 60 s, and 2 GiB of heap or 70% of the heap limit if that is smaller (so the budget, not V8, stops a check). */
export const DEFAULT_CHECK_BUDGET: CheckBudget = {
  seconds: 60,
  memoryBytes: Math.min(2 * 2 ** 30, 0.7 * getHeapStatistics().heap_size_limit),
};

/** Counts work and throws BudgetExceededError once the deadline or the heap limit is passed. */
export class BudgetClock {
  private readonly deadline: number;
  private ticks = 0;

  constructor(readonly budget: CheckBudget) {
    this.deadline = performance.now() + budget.seconds * 1000;
  }

  /** Call once per unit of work (an expanded node, a belief update). */
  tick(what: string): void {
    if ((++this.ticks & 255) !== 0) return;
    if (performance.now() > this.deadline) {
      throw new BudgetExceededError(`the ${this.budget.seconds.toFixed(1)} s budget ran out while ${what}`, {
        limit: 'time',
      });
    }
    if ((this.ticks & 4095) === 0 && process.memoryUsage().heapUsed > this.budget.memoryBytes) {
      throw new BudgetExceededError(
        `the ${(this.budget.memoryBytes / 2 ** 20).toFixed(0)} MB memory budget ran out while ${what}`,
        { limit: 'memory' },
      );
    }
  }
}
