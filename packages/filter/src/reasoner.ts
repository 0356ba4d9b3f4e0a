// Adapts the knowledge-update procedure to the Reasoner contract of core, from one role's point of view: a
// state is that role's knowledge state (B+, B0), and every answer is what the role *knows* (skeptical
// consequences, Thielscher 2013, "A Basic Update Method"); the credulous ("possible") answers are extra methods.
import {
  assertJointMoveArity,
  type Backend,
  type BackendOptions,
  BaseReasoner,
  type Capabilities,
  type Game,
  GdlkitError,
  type GoalValue,
  IllegalMoveError,
  type TermId,
} from '@gdlkit/core';
import type { KnowledgeState } from './knowledge-state.js';
import { KnowledgeUpdater, type UpdateOptions, type UpdateResult } from './update.js';

const CAPABILITIES: Capabilities = { gdl2: true, batchPlayouts: false, batchPerft: false, threads: false };

export interface FilterOptions extends UpdateOptions {
  /** The tracked role: its name (e.g. 'candidate') or index into game.roles. Default: the first role. */
  readonly role?: string | number;
}

export class FilterReasoner extends BaseReasoner<KnowledgeState> {
  readonly backend = 'filter';
  readonly capabilities = CAPABILITIES;
  /** Index of the tracked role in `roles`. */
  readonly role: number;
  readonly updater: KnowledgeUpdater;

  constructor(game: Game, options: FilterOptions = {}) {
    super(game);
    this.role = resolveRole(game, options.role);
    this.updater = new KnowledgeUpdater(game, this.role, options);
  }

  /** Step 1 of the update method: complete knowledge of the initial state. */
  initialState(): KnowledgeState {
    return this.updater.initial();
  }

  /** The moves known to be legal for `role`: legal(role, M) skeptically entailed. */
  legalMoves(state: KnowledgeState, role: number): readonly TermId[] {
    return this.updater.knownMoves(state, role);
  }

  /** The moves that may be legal for `role`: legal(role, M) credulously entailed. */
  possibleLegalMoves(state: KnowledgeState, role: number): readonly TermId[] {
    return this.updater.possibleMoves(state, role);
  }

  /**
   * Whether the tracked role knows all its legal moves: no legal(role, M) is credulously but not skeptically
   * entailed (the paper's footnote 4).
   */
  knowsLegalMoves(state: KnowledgeState, role = this.role): boolean {
    const { known, possible } = this.updater.legalKnowledge(state, role);
    return known.length === possible.length;
  }

  /** Queries answered three-valued so far (KnowledgeUpdater.threeValuedQueries). */
  get threeValuedQueries(): number {
    return this.updater.threeValuedQueries;
  }

  /** Known terminal (step 3): terminal is skeptically entailed. */
  isTerminal(state: KnowledgeState): boolean {
    return this.updater.terminalKnowledge(state) === 'terminal';
  }

  /** 'terminal' (known), 'not terminal' (known not to be), or 'unknown'. */
  terminalKnowledge(state: KnowledgeState): 'terminal' | 'not terminal' | 'unknown' {
    return this.updater.terminalKnowledge(state);
  }

  /** The goal values known for `role`: goal(role, v) skeptically entailed; null when none is known. */
  goal(state: KnowledgeState, role: number): GoalValue {
    return this.updater.goalKnowledge(state, role).known;
  }

  /** Known and possible goal values of `role` (default: the tracked role). */
  goalKnowledge(state: KnowledgeState, role = this.role): { known: GoalValue; possible: number[] } {
    return this.updater.goalKnowledge(state, role);
  }

  /**
   * The round update of the paper (step 2.2) for the tracked role: its own move and its percepts. Throws
   * IllegalMoveError when the move cannot be legal, InconsistentObservationError when the percepts cannot
   * follow from any model of the state.
   */
  update(state: KnowledgeState, ownMove: TermId, percepts: readonly TermId[]): UpdateResult {
    return this.updater.update(state, ownMove, percepts);
  }

  /**
   * The knowledge after `jointMove` when the whole joint move is told (the original GDL protocol) and the
   * percepts are ignored: sound, and exact whenever `state` is complete. A player that only knows its own
   * move and its percepts must call `update` instead. Throws IllegalMoveError when some move of the joint
   * move cannot be legal for its role (not even credulously).
   */
  nextState(state: KnowledgeState, jointMove: readonly TermId[]): KnowledgeState {
    assertJointMoveArity(this.roles.length, jointMove);
    jointMove.forEach((move, r) => {
      if (!this.updater.possibleMoves(state, r).includes(move)) {
        throw new IllegalMoveError(this.game.roleName(r), this.game.store.toKif(move));
      }
    });
    return this.updater.updateWithJointMove(state, jointMove);
  }

  /** The percepts `role` is known to receive after the joint move: sees(role, P) skeptically entailed. */
  sees(state: KnowledgeState, jointMove: readonly TermId[], role: number): readonly TermId[] {
    assertJointMoveArity(this.roles.length, jointMove);
    return this.updater.knownPercepts(state, jointMove, role);
  }

  /** The known fluents (B+); all fluents of the state when the knowledge is complete. */
  stateToFacts(state: KnowledgeState): readonly TermId[] {
    return this.updater.fluents.known(state);
  }

  /** Complete knowledge of the given fluents. */
  stateFromFacts(facts: readonly TermId[]): KnowledgeState {
    return this.updater.fluents.exactly(facts);
  }

  /** Possible but unknown fluents (B0). */
  possibleFacts(state: KnowledgeState): readonly TermId[] {
    return this.updater.fluents.possible(state);
  }
}

/** A filter reasoner tracking one role's knowledge. */
export function createFilter(game: Game, options: FilterOptions = {}): FilterReasoner {
  return new FilterReasoner(game, options);
}

/**
 * The `filter` backend. BackendOptions: `role` (name or index, default the first role), `observationsOnly`
 * (boolean), `updateBudgetMs` and `maxCountersupports` (numbers) — see FilterOptions.
 */
export const filterBackend: Backend = {
  name: 'filter',
  description: 'GDL-II knowledge (B+, B0) of one role by filtering with logic programs (Thielscher 2013)',
  capabilities: CAPABILITIES,
  availability: () => ({ available: true }),
  async create(game: Game, options: BackendOptions = {}) {
    return createFilter(game, filterOptions(options));
  },
};

function filterOptions(options: BackendOptions): FilterOptions {
  const { role, observationsOnly, updateBudgetMs, maxCountersupports } = options;
  if (role !== undefined && typeof role !== 'string' && typeof role !== 'number') {
    throw new GdlkitError('BAD_TERM', 'filter backend: option role must be a role name or index');
  }
  return {
    ...(role !== undefined ? { role } : {}),
    observationsOnly: observationsOnly === true,
    ...(typeof updateBudgetMs === 'number' ? { updateBudgetMs } : {}),
    ...(typeof maxCountersupports === 'number' ? { maxCountersupports } : {}),
  };
}

function resolveRole(game: Game, role: string | number | undefined): number {
  if (role === undefined) return 0;
  const index = typeof role === 'number' ? role : Number.isInteger(Number(role)) ? Number(role) : -1;
  const found = index >= 0 ? index : game.roles.findIndex((r) => game.store.toKif(r) === role);
  if (found < 0 || found >= game.roles.length) {
    const names = game.roles.map((r) => game.store.toKif(r)).join(', ');
    throw new GdlkitError('BAD_TERM', `unknown role ${String(role)}: the game's roles are ${names}`);
  }
  return found;
}
