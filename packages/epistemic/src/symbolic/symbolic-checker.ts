// The symbolic (BDD) checker of crates/epistemic-bdd through the native binding: one per game, built on
// first use and kept, since its reachable states are explored once and resumed across checks. Absent when
// the native binary is not built (the verifier then skips the symbolic phase).
import type { Game, TermId } from '@gdlkit/core';
import { loadNative, type NativeSymbolicChecker } from '@gdlkit/native';
import type { PropnetIR } from '@gdlkit/propnet';
import type { Ctl } from '../formula/ctl.js';
import type { CheckBudget } from '../model/budget.js';
import { encodeCtl } from './encode.js';
import { termBlocks, termOrder } from './term-order.js';

/** Bytes per BDD node a budget allows for (the node itself, the apply tables, the sets kept alive). */
const BYTES_PER_NODE = 128;
/** The longest evidence run asked for. */
const MAX_RUN = 100_000;

export interface SymbolicAnswer {
  /** `undecided`: the bounds did not meet at the initial state; `unknown`: the budget ran out. */
  readonly result: 'holds' | 'fails' | 'undecided' | 'unknown';
  readonly reason?: string;
  /** States of the universe labelled on (-1: not built), exactly the reachable ones when `exact`. */
  readonly states: number;
  readonly exact: boolean;
}

export interface SymbolicRun {
  /** Joint moves as term ids, role order. */
  readonly moves: TermId[][];
  /** The step a lasso loops back to. */
  readonly loopsTo?: number;
}

export class SymbolicChecker {
  private constructor(
    private readonly native: NativeSymbolicChecker,
    private readonly game: Game,
    private readonly ir: PropnetIR,
  ) {}

  /** Whether the native binary (and so the symbolic checker) is there. */
  static available(): boolean {
    return !('error' in loadNative());
  }

  /**
   * Builds the game's BDDs; a string says why it could not (no native binary, or the budget). With
   * `approximate`, formulas are labelled on the over-approximation of the reachable states even where the
   * exact set fits (the path large games take, testable on small ones).
   */
  static create(
    game: Game,
    ir: PropnetIR,
    budget: CheckBudget,
    approximate = false,
  ): SymbolicChecker | string {
    const loaded = loadNative();
    if ('error' in loaded) return loaded.error.message;
    try {
      const native = new loaded.binding.NativeSymbolicChecker(
        ir,
        game.isGdl2,
        termOrder(game, ir),
        termBlocks(game, ir),
        approximate,
        budget.seconds,
        nodeLimit(budget),
      );
      return new SymbolicChecker(native, game, ir);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (message.startsWith('budget: ')) return message.slice('budget: '.length);
      throw e;
    }
  }

  check(f: Ctl, budget: CheckBudget): SymbolicAnswer {
    const a = this.native.check(encodeCtl(f, this.game, this.ir), budget.seconds, nodeLimit(budget));
    return {
      result: a.result as SymbolicAnswer['result'],
      ...(a.reason ? { reason: a.reason } : {}),
      states: a.universeStates,
      exact: a.exact,
    };
  }

  /** A run from the initial state that shows `f` (which holds there), or undefined past the budget. */
  witness(f: Ctl, budget: CheckBudget): SymbolicRun | undefined {
    const run = this.native.witness(
      encodeCtl(f, this.game, this.ir),
      budget.seconds,
      nodeLimit(budget),
      MAX_RUN,
    );
    if (!run) return undefined;
    const roles = this.ir.roleCount;
    const moves: TermId[][] = [];
    for (let k = 0; k < run.moves.length; k += roles)
      moves.push(run.moves.slice(k, k + roles).map((entry) => this.ir.legalTerm[entry]!));
    return { moves, ...(run.loopsTo >= 0 ? { loopsTo: run.loopsTo } : {}) };
  }
}

function nodeLimit(budget: CheckBudget): number {
  return Math.max(1e5, Math.floor(budget.memoryBytes / BYTES_PER_NODE));
}
