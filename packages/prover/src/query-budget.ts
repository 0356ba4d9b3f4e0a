// A cooperative budget for one top-level query of the tabled solver. Tabling makes every GDL game that obeys
// the recursion restriction terminate, but a game that bends it (`(<= (n (s ?x)) (n ?x))` reached from a
// legal rule) fills a table with ever deeper terms forever; a query must then stop with core's
// BudgetExceededError, naming the relation, instead of growing the heap until the process dies. The solver
// ticks the budget once per clause entry and once per new answer; the clock is read on the first tick and
// then every CLOCK_EVERY ticks, so the check costs a counter increment per unit of work.
import { BudgetExceededError } from '@gdlkit/core';

/** Limits of one query (initialState, legalMoves, nextState, goal, terminal, sees). */
export interface QueryBudget {
  /** Milliseconds one query may take. Default DEFAULT_QUERY_TIME_MS. */
  readonly timeMs?: number;
  /** New answers one query may add to the memo tables (the table cap). Default DEFAULT_MAX_ANSWERS. */
  readonly maxAnswers?: number;
  /** Clause entries plus new answers one query may make: a deterministic work unit. Default unbounded. */
  readonly maxWorkUnits?: number;
}

/** A minute: far above any query of the corpus (the slowest, Othello's, take milliseconds). */
export const DEFAULT_QUERY_TIME_MS = 60_000;
/** About 2 M answers (term store entry, table slot, membership set) is a few hundred MB of heap. */
export const DEFAULT_MAX_ANSWERS = 2_000_000;
/** Heap per answer assumed when the cap comes from a byte budget (BackendOptions.memoryBytes). */
export const BYTES_PER_ANSWER = 160;

const CLOCK_EVERY = 1024;

export class QueryClock {
  private readonly timeMs: number;
  private readonly maxAnswers: number;
  private readonly maxWorkUnits: number;
  private deadline = Number.POSITIVE_INFINITY;
  private ticks = 0;
  private answers = 0;

  constructor(
    budget: QueryBudget,
    private readonly nameOf: (relation: number) => string,
  ) {
    this.timeMs = budget.timeMs ?? DEFAULT_QUERY_TIME_MS;
    this.maxAnswers = budget.maxAnswers ?? DEFAULT_MAX_ANSWERS;
    this.maxWorkUnits = budget.maxWorkUnits ?? Number.POSITIVE_INFINITY;
  }

  /** Starts the budget of a new top-level query. */
  start(): void {
    this.deadline = performance.now() + this.timeMs;
    this.ticks = 0;
    this.answers = 0;
  }

  /** One unit of work (a clause entry or a new answer) while proving `relation`. */
  tick(relation: number): void {
    const ticks = this.ticks++;
    if (ticks >= this.maxWorkUnits) this.exceeded(relation, `${this.maxWorkUnits} units of work`);
    if ((ticks & (CLOCK_EVERY - 1)) === 0 && performance.now() > this.deadline) {
      this.exceeded(relation, `${this.timeMs} ms`);
    }
  }

  /**
   * One new answer of `relation` in the memo tables; also a tick, since a recursive call that keeps feeding the
   * answer list its caller iterates over adds answers without entering clauses.
   */
  answer(relation: number): void {
    if (++this.answers > this.maxAnswers) this.exceeded(relation, `${this.maxAnswers} new table answers`);
    this.tick(relation);
  }

  private exceeded(relation: number, limit: string): never {
    const name = this.nameOf(relation);
    throw new BudgetExceededError(
      `the prover's query exceeded its budget of ${limit} while proving ${name}: the rules may build ` +
        'unboundedly many or deep terms (see the recursion-restriction warning of gdlkit check)',
      { relation: name, limit },
    );
  }
}
