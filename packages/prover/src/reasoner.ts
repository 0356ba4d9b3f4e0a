// Adapts the tabled solver to the Reasoner contract of core: states are sorted fluent sets, queries are the
// GDL keyword relations called with the role bound.
import {
  type Backend,
  type BackendOptions,
  BaseReasoner,
  type Capabilities,
  DEFAULT_MAX_DEPTH,
  type Game,
  GdlkitError,
  type GoalValue,
  goalNumber,
  goalValueOf,
  IllegalMoveError,
  type PlayoutOptions,
  type PlayoutStats,
  PlayoutTally,
  Rng,
  type TermId,
} from '@gdlkit/core';
import { BYTES_PER_ANSWER, type QueryBudget } from './query-budget.js';
import { Solver } from './solve.js';
import { ProverState } from './state.js';

const CAPABILITIES: Capabilities = { gdl2: true, batchPlayouts: true, batchPerft: false, threads: false };
const NO_MOVE: readonly TermId[] = [];

export class ProverReasoner extends BaseReasoner<ProverState> {
  readonly backend = 'prover';
  readonly capabilities = CAPABILITIES;
  readonly solver: Solver;
  private readonly roleKeys: Int32Array[];
  private readonly goalValues = new Map<TermId, number | null>();
  private readonly freeKey = Int32Array.of(-1);

  constructor(game: Game, budget: QueryBudget = {}) {
    super(game);
    this.solver = new Solver(game, budget);
    this.roleKeys = game.roles.map((role) => Int32Array.of(role, -1));
  }

  initialState(): ProverState {
    this.solver.setState(this, ProverState.of([]).facts(this.game.store));
    const init = this.solver.answers(this.game.keywords.init, this.freeKey);
    return ProverState.of(init.map((atom) => this.game.store.arg(atom, 0)));
  }

  legalMoves(state: ProverState, role: number): readonly TermId[] {
    return this.secondArgs(this.legalAtoms(state, role));
  }

  isTerminal(state: ProverState): boolean {
    this.use(state);
    return this.solver.answers(this.game.keywords.terminal, NO_MOVE).length > 0;
  }

  goal(state: ProverState, role: number): GoalValue {
    this.use(state);
    const atoms = this.solver.answers(this.game.keywords.goal, this.roleKey(role));
    const values: number[] = [];
    for (const atom of atoms) {
      const value = this.goalNumber(this.game.store.arg(atom, 1));
      if (value !== null) values.push(value);
    }
    return goalValueOf(values);
  }

  nextState(state: ProverState, jointMove: readonly TermId[]): ProverState {
    this.checkMove(state, jointMove);
    return this.advance(jointMove);
  }

  /**
   * The generic uniform playouts (same moves, same statistics for a seed), without the per-move legality check
   * and the move arrays of the public primitives: moves are drawn from the legal answers directly.
   */
  override playouts(start: ProverState, options: PlayoutOptions): PlayoutStats {
    const rng = new Rng(options.seed);
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const roleCount = this.roles.length;
    const store = this.game.store;
    const tally = new PlayoutTally(roleCount);
    const move: TermId[] = new Array(roleCount).fill(0);
    for (let p = 0; p < options.count; p++) {
      let state = start;
      let depth = 0;
      let truncated = false;
      while (!this.isTerminal(state)) {
        if (depth >= maxDepth) {
          truncated = true;
          break;
        }
        for (let r = 0; r < roleCount; r++) {
          const legal = this.legalAtoms(state, r);
          if (legal.length === 0) {
            throw new GdlkitError(
              'INVALID_GAME',
              `role ${this.game.roleName(r)} has no legal move in a live state`,
            );
          }
          move[r] = store.arg(legal[rng.nextInt(legal.length)]!, 1);
        }
        state = this.advance(move);
        depth++;
      }
      for (let r = 0; r < roleCount; r++) tally.addGoal(r, goalNumber(this.goal(state, r)));
      tally.finish(depth, truncated);
    }
    return tally.result();
  }

  /** The successor of the solver's current state under a joint move already known to be legal. */
  private advance(jointMove: readonly TermId[]): ProverState {
    this.solver.setMove(jointMove);
    const next = this.solver.answers(this.game.keywords.next, this.freeKey);
    const store = this.game.store;
    const fluents = new Int32Array(next.length);
    for (let i = 0; i < next.length; i++) fluents[i] = store.arg(next[i]!, 0);
    // Answers are distinct atoms next(f), so the fluents are distinct too.
    return new ProverState(fluents.sort());
  }

  sees(state: ProverState, jointMove: readonly TermId[], role: number): readonly TermId[] {
    this.checkMove(state, jointMove);
    this.solver.setMove(jointMove);
    return this.secondArgs(this.solver.answers(this.game.keywords.sees, this.roleKey(role)));
  }

  stateToFacts(state: ProverState): readonly TermId[] {
    return Array.from(state.fluents);
  }

  stateFromFacts(facts: readonly TermId[]): ProverState {
    return ProverState.of(facts);
  }

  private use(state: ProverState): void {
    this.solver.setState(state, state.facts(this.game.store));
  }

  private legalAtoms(state: ProverState, role: number): readonly TermId[] {
    this.use(state);
    return this.solver.answers(this.game.keywords.legal, this.roleKey(role));
  }

  private roleKey(role: number): Int32Array {
    const key = this.roleKeys[role];
    if (key === undefined) throw new RangeError(`no role with index ${role}`);
    return key;
  }

  private checkMove(state: ProverState, jointMove: readonly TermId[]): void {
    const store = this.game.store;
    if (jointMove.length !== this.roles.length) {
      throw new GdlkitError(
        'ILLEGAL_MOVE',
        `a joint move needs one move per role (${this.roles.length}), got ${jointMove.length}`,
      );
    }
    for (let r = 0; r < this.roles.length; r++) {
      const move = jointMove[r]!;
      const legal = this.legalAtoms(state, r);
      let found = false;
      for (let i = 0; i < legal.length; i++) {
        if (store.arg(legal[i]!, 1) === move) {
          found = true;
          break;
        }
      }
      if (!found) throw new IllegalMoveError(this.game.roleName(r), store.toKif(move));
    }
  }

  private secondArgs(atoms: readonly TermId[]): TermId[] {
    const store = this.game.store;
    const out = new Array<TermId>(atoms.length);
    for (let i = 0; i < atoms.length; i++) out[i] = store.arg(atoms[i]!, 1);
    return out;
  }

  /** A goal value term as an integer, or null when it is not one (such a value is not reported). */
  private goalNumber(term: TermId): number | null {
    let value = this.goalValues.get(term);
    if (value === undefined) {
      const store = this.game.store;
      const text = store.arity(term) === 0 ? store.symbolName(store.functor(term)) : '';
      value = /^-?\d+$/.test(text) ? Number(text) : null;
      this.goalValues.set(term, value);
    }
    return value;
  }
}

/**
 * A prover reasoner for a game; perfect-information games and GDL-II games (with `sees`) alike. Each query is
 * bounded (query-budget.ts) by `queryTimeMs`, by `maxAnswers` new table answers (or `memoryBytes` worth of
 * them) and, when given, by `maxWorkUnits`; past a bound it throws BudgetExceededError.
 */
export function createProver(game: Game, options: BackendOptions = {}): ProverReasoner {
  return new ProverReasoner(game, queryBudgetOf(options));
}

function queryBudgetOf(options: BackendOptions): QueryBudget {
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const memory = number(options.memoryBytes);
  return {
    timeMs: number(options.queryTimeMs),
    maxAnswers:
      number(options.maxAnswers) ??
      (memory === undefined ? undefined : Math.floor(memory / BYTES_PER_ANSWER)),
    maxWorkUnits: number(options.maxWorkUnits),
  };
}

export const proverBackend: Backend = {
  name: 'prover',
  description: 'tabled SLD-NF backward chainer over term ids (reference backend)',
  capabilities: CAPABILITIES,
  availability: () => ({ available: true }),
  create: async (game, options) => createProver(game, options),
};
