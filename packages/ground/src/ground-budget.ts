// Time and memory limits for grounding: a game that does not fit fails fast with a BudgetExceededError naming
// the relation being instantiated, so a caller can fall back to a non-grounded backend.
import { BudgetExceededError } from '@gdlkit/core';

export interface GroundingBudget {
  /** Wall-clock milliseconds for grounding (default 60 000). */
  readonly timeMs?: number;
  /** Approximate bytes for atoms and ground rules (default 2 GiB). */
  readonly memoryBytes?: number;
}

/** The memory budget when none is given. */
export const DEFAULT_GROUNDING_MEMORY_BYTES = 2 * 1024 ** 3;

/** Rough bytes per atom (table, index entries, term) and per ground-rule body entry (incl. dedupe key). */
const BYTES_PER_ATOM = 96;
const BYTES_PER_RULE = 80;
const BYTES_PER_BODY_ENTRY = 12;

export class BudgetMeter {
  private readonly deadline: number;
  private readonly memoryBytes: number;
  private readonly timeMs: number;
  private ticks = 0;

  constructor(budget: GroundingBudget = {}) {
    this.timeMs = budget.timeMs ?? 60_000;
    this.memoryBytes = budget.memoryBytes ?? DEFAULT_GROUNDING_MEMORY_BYTES;
    this.deadline = performance.now() + this.timeMs;
  }

  /** Called per join candidate; checks the clock every 4096 calls. */
  tick(relation: string): void {
    if ((++this.ticks & 4095) !== 0) return;
    if (performance.now() > this.deadline) {
      throw new BudgetExceededError(
        `grounding exceeded its time budget of ${Math.round(this.timeMs)} ms while instantiating ${relation}`,
        { relation, limit: `${Math.round(this.timeMs)} ms` },
      );
    }
  }

  checkMemory(atoms: number, rules: number, bodyEntries: number, relation: string): void {
    const bytes = atoms * BYTES_PER_ATOM + rules * BYTES_PER_RULE + bodyEntries * BYTES_PER_BODY_ENTRY;
    if (bytes > this.memoryBytes) {
      throw new BudgetExceededError(
        `grounding exceeded its memory budget of ${Math.round(this.memoryBytes / 2 ** 20)} MiB while instantiating ${relation} (${atoms} atoms, ${rules} ground rules)`,
        { relation, limit: `${this.memoryBytes} bytes` },
      );
    }
  }
}
