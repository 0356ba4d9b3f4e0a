// A cooperative budget for one support computation. Supports over many unknown atoms under negation are
// hitting sets, exponential in the worst case, so a single query can run for hours; the solver ticks this
// budget per expansion and it throws core's BudgetExceededError once the deadline has passed or one answer has
// collected more supports than allowed. The clock is read on the first tick (so a deadline that has already
// passed stops any query that has work to do) and then every CLOCK_EVERY ticks.
import { BudgetExceededError } from '@gdlkit/core';

/** Limits for one query of the SupportProver. */
export interface SupportBudget {
  /** A `performance.now()` time after which the query throws BudgetExceededError. */
  readonly deadline?: number;
  /** The most supports one answer (or countersupports one negated atom) may have before the query throws. */
  readonly maxSupports?: number;
}

const CLOCK_EVERY = 1024;

export class BudgetClock {
  constructor(private readonly nameOf: (relation: number) => string) {}

  private deadline = Number.POSITIVE_INFINITY;
  private maxSupports = Number.POSITIVE_INFINITY;
  private ticks = 0;

  start(budget: SupportBudget | undefined): void {
    this.deadline = budget?.deadline ?? Number.POSITIVE_INFINITY;
    this.maxSupports = budget?.maxSupports ?? Number.POSITIVE_INFINITY;
    this.ticks = 0;
  }

  /** One unit of work on `relation` (its id, named in the error). */
  tick(relation: number): void {
    if ((this.ticks++ & (CLOCK_EVERY - 1)) !== 0 || performance.now() < this.deadline) return;
    const name = this.nameOf(relation);
    throw new BudgetExceededError(
      `support computation passed its deadline while proving ${name}: too many unknown atoms under negation; use a sound approximation (e.g. the three-valued prover) or a larger budget`,
      { relation: name, limit: 'deadline' },
    );
  }

  /** Throws when one answer has `count` supports, more than allowed. */
  checkCount(count: number, relation: number): void {
    if (count <= this.maxSupports) return;
    const name = this.nameOf(relation);
    throw new BudgetExceededError(
      `support computation of ${name} exceeded ${this.maxSupports} supports for one answer; use a sound approximation (e.g. the three-valued prover) or a larger budget`,
      { relation: name, limit: `${this.maxSupports} supports` },
    );
  }
}
