// The update procedure of Thielscher 2013, section "A Basic Update Method": one role's incomplete knowledge
// of the game state, kept as (B+, B0) over the atoms true(F), updated every round by its own move and its
// percepts. Step numbers in comments are the paper's.
import {
  type Atom,
  type Game,
  type GoalValue,
  goalValueOf,
  IllegalMoveError,
  type RelationId,
  type TermId,
} from '@gdlkit/core';
import { type Support, type SupportedAnswer, SupportProver } from '@gdlkit/prover';
import { type ForcedLiterals, forcedLiterals, InconsistentObservationError, strengthen } from './filter.js';
import { FluentAtoms, KnowledgeState } from './knowledge-state.js';

export interface UpdateOptions {
  /**
   * Filter only through the observations actually made, not through all possible observations not made:
   * the simplified player the paper used for vis_Pacman (section "Experimental Results", Times). Sound,
   * weaker, much cheaper in games with many possible percepts.
   */
  readonly observationsOnly?: boolean;
  /**
   * Milliseconds one update may spend filtering through non-observations; once exceeded, the remaining ones
   * are skipped (the update is then the observations-only filter for them — still sound). Default: none.
   */
  readonly updateBudgetMs?: number;
  /**
   * Supp(¬o) is the set of hitting sets of Supp(o), exponential in the worst case. When the product of the
   * support sizes of o exceeds this bound (default 4096), ¬o is filtered through its forced literals only:
   * the complement of every one-literal support of o (each holds in every model where o fails).
   */
  readonly maxCountersupports?: number;
}

export interface UpdateResult {
  readonly state: KnowledgeState;
  /** Possible observations not made that were skipped (budget or observationsOnly). */
  readonly skippedNonObservations: number;
  /** Whether the time budget cut the filtering through non-observations short. */
  readonly fellBack: boolean;
}

const DEFAULT_MAX_COUNTERSUPPORTS = 4096;

/** The knowledge-update procedure for one role (`role` is an index into game.roles). */
export class KnowledgeUpdater {
  readonly prover: SupportProver;
  readonly fluents: FluentAtoms;
  private readonly k: Game['keywords'];
  private readonly noAtoms: ReadonlySet<TermId> = new Set();

  constructor(
    readonly game: Game,
    readonly role: number,
    readonly options: UpdateOptions = {},
  ) {
    this.prover = new SupportProver(game);
    this.fluents = new FluentAtoms(game);
    this.k = game.keywords;
  }

  /** Step 1: B+ = { true(F)θ : ⟨G, ∅, ∅⟩ ⊢θ,∅ init(F) }, B0 = ∅. */
  initial(): KnowledgeState {
    const init = this.prover.skeptical(this.pattern(this.k.init, [null]), this.noAtoms, this.noAtoms);
    return this.fluents.exactly(init.map((atom) => this.game.store.arg(atom, 0)));
  }

  /** Moves M with legal(role, M) skeptically entailed: the moves known to be legal. */
  knownMoves(state: KnowledgeState, role: number): TermId[] {
    return this.secondArgs(
      this.prover.skeptical(this.roleQuery(this.k.legal, role), state.bPlus, state.bZero),
    );
  }

  /** Moves M with legal(role, M) credulously entailed: the moves that may be legal (step 2.1). */
  possibleMoves(state: KnowledgeState, role: number): TermId[] {
    return this.secondArgs(
      this.prover.credulous(this.roleQuery(this.k.legal, role), state.bPlus, state.bZero),
    );
  }

  /** Step 3: terminal is skeptically entailed (known to hold), credulously only (unknown), or neither. */
  terminalKnowledge(state: KnowledgeState): 'terminal' | 'not terminal' | 'unknown' {
    const answers = this.prover.supports(this.pattern(this.k.terminal, []), state.bPlus, state.bZero);
    if (answers.length === 0) return 'not terminal';
    return answers[0]!.supports.some((s) => s.length === 0) ? 'terminal' : 'unknown';
  }

  /** The goal values v with goal(role, v) skeptically entailed (known), and those credulously entailed. */
  goalKnowledge(state: KnowledgeState, role: number): { known: GoalValue; possible: number[] } {
    const answers = this.prover.supports(this.roleQuery(this.k.goal, role), state.bPlus, state.bZero);
    const known: number[] = [];
    const possible: number[] = [];
    for (const a of answers) {
      const value = Number(this.game.store.toKif(this.game.store.arg(a.answer, 1)));
      if (!Number.isInteger(value)) continue;
      possible.push(value);
      if (a.supports.some((s) => s.length === 0)) known.push(value);
    }
    return { known: goalValueOf(known), possible: [...new Set(possible)].sort((x, y) => x - y) };
  }

  /** Step 2.1: the possible legal moves of every other role (random included), as does(R, M) atoms. */
  possibleOtherMoves(state: KnowledgeState): TermId[] {
    const atoms: TermId[] = [];
    for (let r = 0; r < this.game.roles.length; r++) {
      if (r === this.role) continue;
      for (const move of this.possibleMoves(state, r)) atoms.push(this.does(r, move));
    }
    return atoms;
  }

  /**
   * Step 2.2: add does(my_role, my_move) to B+ and the others' possible moves to B0; filter by the percepts
   * against the range of possible observations; the next knowledge state is the skeptical (B+) and credulous
   * (B0) instances of next(F).
   */
  update(state: KnowledgeState, ownMove: TermId, percepts: readonly TermId[]): UpdateResult {
    const started = performance.now();
    if (!this.possibleMoves(state, this.role).includes(ownMove)) {
      throw new IllegalMoveError(this.game.roleName(this.role), this.game.store.toKif(ownMove));
    }
    const withMoves = new KnowledgeState(
      [...state.bPlus, this.does(this.role, ownMove)],
      [...state.bZero, ...this.possibleOtherMoves(state)],
    );
    const observed = percepts.map((p) => this.game.atomTerm(this.k.sees, [this.game.roles[this.role]!, p]));
    const { forced, skipped, fellBack } = this.options.observationsOnly
      ? this.observationsOnly(withMoves, observed)
      : this.allObservations(withMoves, observed, started);
    return {
      state: this.nextKnowledge(strengthen(withMoves, forced)),
      skippedNonObservations: skipped,
      fellBack,
    };
  }

  /**
   * The knowledge after a round in which the whole joint move is known and the percepts are not used: every
   * does(R, M) of the joint move in B+, no filtering. Sound (it only drops the percepts' information) and
   * exact when the knowledge before was complete, as in the original GDL protocol where all moves are told.
   */
  updateWithJointMove(state: KnowledgeState, jointMove: readonly TermId[]): KnowledgeState {
    return this.nextKnowledge(this.withJointMove(state, jointMove));
  }

  /** Percepts of a role known to follow from the state and the joint move: skeptical sees(role, P). */
  knownPercepts(state: KnowledgeState, jointMove: readonly TermId[], role: number): TermId[] {
    const withMoves = this.withJointMove(state, jointMove);
    return this.secondArgs(
      this.prover.skeptical(this.roleQuery(this.k.sees, role), withMoves.bPlus, withMoves.bZero),
    );
  }

  private withJointMove(state: KnowledgeState, jointMove: readonly TermId[]): KnowledgeState {
    return new KnowledgeState(
      [...state.bPlus, ...jointMove.map((move, r) => this.does(r, move))],
      state.bZero,
    );
  }

  /** O = the percepts made; 𝒪 = sees(my_role, P)θ credulously entailed; filter through O and 𝒪 \ O. */
  private allObservations(
    state: KnowledgeState,
    observed: readonly TermId[],
    started: number,
  ): { forced: ForcedLiterals[]; skipped: number; fellBack: boolean } {
    const possible: readonly SupportedAnswer[] = this.prover.supports(
      this.roleQuery(this.k.sees, this.role),
      state.bPlus,
      state.bZero,
    );
    const supportsOf = new Map(possible.map((a) => [a.answer, a.supports]));
    const forced: ForcedLiterals[] = [];
    for (const o of observed) forced.push(this.forcedByObservation(o, supportsOf.get(o) ?? []));
    const seen = new Set(observed);
    const budget = this.options.updateBudgetMs ?? Number.POSITIVE_INFINITY;
    const limit = this.options.maxCountersupports ?? DEFAULT_MAX_COUNTERSUPPORTS;
    let skipped = 0;
    let fellBack = false;
    for (const { answer, supports } of possible) {
      if (seen.has(answer)) continue;
      if (fellBack || performance.now() - started > budget) {
        fellBack = true;
        skipped++;
        continue;
      }
      if (supports.some((s) => s.length === 0)) {
        throw new InconsistentObservationError(`not ${this.game.store.toKif(answer)}`);
      }
      const f =
        hittingSetBound(supports) <= limit
          ? forcedLiterals(this.prover.supportsOfNegation(answer, state.bPlus, state.bZero))
          : forcedBySingletons(supports);
      if (f === null) throw new InconsistentObservationError(`not ${this.game.store.toKif(answer)}`);
      forced.push(f);
    }
    return { forced, skipped, fellBack };
  }

  /** The paper's simplified filter: only the observations made, each queried as a ground atom. */
  private observationsOnly(
    state: KnowledgeState,
    observed: readonly TermId[],
  ): { forced: ForcedLiterals[]; skipped: number; fellBack: boolean } {
    const forced = observed.map((o) =>
      this.forcedByObservation(o, this.prover.supports(o, state.bPlus, state.bZero)[0]?.supports ?? []),
    );
    return { forced, skipped: 0, fellBack: false };
  }

  private forcedByObservation(o: TermId, supports: readonly Support[]): ForcedLiterals {
    const f = forcedLiterals(supports);
    if (f === null) throw new InconsistentObservationError(this.game.store.toKif(o));
    return f;
  }

  /** B+ := skeptical true(F) of next(F); B0 := credulous ones minus B+ (step 2.2, last item). */
  private nextKnowledge(state: KnowledgeState): KnowledgeState {
    const answers = this.prover.supports(this.pattern(this.k.next, [null]), state.bPlus, state.bZero);
    const plus: TermId[] = [];
    const zero: TermId[] = [];
    for (const a of answers) {
      const atom = this.fluents.wrap(this.game.store.arg(a.answer, 0));
      (a.supports.some((s) => s.length === 0) ? plus : zero).push(atom);
    }
    return new KnowledgeState(plus, zero);
  }

  private does(role: number, move: TermId): TermId {
    return this.game.atomTerm(this.k.does, [this.game.roles[role]!, move]);
  }

  private roleQuery(relation: RelationId, role: number): Atom {
    return this.pattern(relation, [this.game.roles[role]!, null]);
  }

  /** relation(args) with `null` arguments as distinct variables. */
  private pattern(relation: RelationId, args: readonly (TermId | null)[]): Atom {
    let next = 0;
    return {
      relation,
      args: args.map((a) => (a === null ? { kind: 'var', index: next++ } : { kind: 'ground', term: a })),
    };
  }

  private secondArgs(atoms: readonly TermId[]): TermId[] {
    return atoms.map((atom) => this.game.store.arg(atom, 1));
  }
}

/** An upper bound on the number of countersupports of an atom: the product of its support sizes. */
function hittingSetBound(supports: readonly Support[]): number {
  let product = 1;
  for (const s of supports) {
    product *= s.length;
    if (product > Number.MAX_SAFE_INTEGER / 64) break;
  }
  return product;
}

/** Literals forced by ¬o without enumerating Supp(¬o): the complement of each one-literal support of o. */
function forcedBySingletons(supports: readonly Support[]): ForcedLiterals {
  const plus: TermId[] = [];
  const minus: TermId[] = [];
  for (const s of supports) {
    if (s.length !== 1) continue;
    const literal = s[0]!;
    (literal.positive ? minus : plus).push(literal.atom);
  }
  return { plus, minus };
}
