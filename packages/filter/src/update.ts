// The update procedure of Thielscher 2013, section "A Basic Update Method": one role's incomplete knowledge
// of the game state, kept as (B+, B0) over the atoms true(F), updated every round by its own move and its
// percepts. Step numbers in comments are the paper's.
import {
  type Atom,
  BudgetExceededError,
  type Game,
  type GoalValue,
  goalValueOf,
  IllegalMoveError,
  type RelationId,
  type TermId,
} from '@gdlkit/core';
import {
  type Entailment,
  type Support,
  type SupportBudget,
  type SupportedAnswer,
  SupportProver,
  type SupportQuery,
} from '@gdlkit/prover';
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
   * Milliseconds of exact support computation for each phase of an update (the others' possible moves, the
   * filtering, the next state) and for each query on a knowledge state (legal, terminal, goal). A filtering
   * phase out of time skips the remaining (non-)observations (still sound by Proposition 2); a query out of
   * time is answered by the three-valued (Kleene) prover instead (sound, weaker). Default: no limit.
   */
  readonly updateBudgetMs?: number;
  /**
   * Supp(¬o) is the set of hitting sets of Supp(o), exponential in the worst case. When the product of the
   * support sizes of o exceeds this bound (default 4096), ¬o is filtered through its forced literals only:
   * the complement of every one-literal support of o (each holds in every model where o fails).
   */
  readonly maxCountersupports?: number;
}

/** The parts of an update that can fall back to a sound approximation when out of time. */
export type UpdatePhase = 'moves' | 'observations' | 'next';

export interface UpdateResult {
  readonly state: KnowledgeState;
  /** Possible observations not made that were skipped (budget or observationsOnly). */
  readonly skippedNonObservations: number;
  /** Whether the time budget ran out in this update, so that part of it is a sound approximation. */
  readonly fellBack: boolean;
  /**
   * The phases that ran out of time: 'moves' and 'next' were then computed three-valued (Kleene),
   * 'observations' filtered through only the (non-)observations done by then.
   */
  readonly approximated: readonly UpdatePhase[];
}

const DEFAULT_MAX_COUNTERSUPPORTS = 4096;

/** The knowledge-update procedure for one role (`role` is an index into game.roles). */
export class KnowledgeUpdater {
  readonly prover: SupportProver;
  readonly fluents: FluentAtoms;
  private readonly k: Game['keywords'];
  private readonly noAtoms: ReadonlySet<TermId> = new Set();
  private readonly budgetMs: number;
  /** The three-valued prover for queries out of time; made on first use. */
  private kleene: SupportProver | undefined;
  /** Per kind of query (see `exact`), the fewest unknown atoms with which it ran out of time. */
  private readonly outOfTime = new Map<number, number>();
  private kleeneAnswers = 0;

  constructor(
    readonly game: Game,
    readonly role: number,
    readonly options: UpdateOptions = {},
  ) {
    this.prover = new SupportProver(game);
    this.fluents = new FluentAtoms(game);
    this.k = game.keywords;
    this.budgetMs = options.updateBudgetMs ?? Number.POSITIVE_INFINITY;
  }

  /**
   * How many queries, in updates or on knowledge states, have been answered three-valued (Kleene) because the
   * exact computation ran out of time. Such an answer knows less than the paper's exact one, so a caller
   * measuring knowledge (Table 1) compares this count before and after a query to tell the two apart.
   */
  get threeValuedQueries(): number {
    return this.kleeneAnswers;
  }

  /** Step 1: B+ = { true(F)θ : ⟨G, ∅, ∅⟩ ⊢θ,∅ init(F) }, B0 = ∅. */
  initial(): KnowledgeState {
    const init = this.prover.skeptical(this.pattern(this.k.init, [null]), this.noAtoms, this.noAtoms);
    return this.fluents.exactly(init.map((atom) => this.game.store.arg(atom, 0)));
  }

  /** Moves M with legal(role, M) skeptically entailed: the moves known to be legal. */
  knownMoves(state: KnowledgeState, role: number): TermId[] {
    return this.legalKnowledge(state, role).known;
  }

  /** The moves known to be legal for `role` and those that may be legal, from one query. */
  legalKnowledge(state: KnowledgeState, role: number): { known: TermId[]; possible: TermId[] } {
    const { answers } = this.entailed(this.roleQuery(this.k.legal, role), state, this.deadline());
    return {
      known: this.secondArgs(answers.filter((a) => a.skeptical).map((a) => a.answer)),
      possible: this.secondArgs(answers.map((a) => a.answer)),
    };
  }

  /** Moves M with legal(role, M) credulously entailed: the moves that may be legal (step 2.1). */
  possibleMoves(state: KnowledgeState, role: number): TermId[] {
    return this.possibleMovesBy(state, role, this.deadline()).moves;
  }

  /** Step 3: terminal is skeptically entailed (known to hold), credulously only (unknown), or neither. */
  terminalKnowledge(state: KnowledgeState): 'terminal' | 'not terminal' | 'unknown' {
    const { answers } = this.entailed(this.pattern(this.k.terminal, []), state, this.deadline());
    if (answers.length === 0) return 'not terminal';
    return answers[0]!.skeptical ? 'terminal' : 'unknown';
  }

  /** The goal values v with goal(role, v) skeptically entailed (known), and those credulously entailed. */
  goalKnowledge(state: KnowledgeState, role: number): { known: GoalValue; possible: number[] } {
    const { answers } = this.entailed(this.roleQuery(this.k.goal, role), state, this.deadline());
    const known: number[] = [];
    const possible: number[] = [];
    for (const a of answers) {
      const value = Number(this.game.store.toKif(this.game.store.arg(a.answer, 1)));
      if (!Number.isInteger(value)) continue;
      possible.push(value);
      if (a.skeptical) known.push(value);
    }
    return { known: goalValueOf(known), possible: [...new Set(possible)].sort((x, y) => x - y) };
  }

  /** Step 2.1: the possible legal moves of every other role (random included), as does(R, M) atoms. */
  possibleOtherMoves(state: KnowledgeState): TermId[] {
    return this.possibleOtherMovesBy(state, this.deadline()).atoms;
  }

  private possibleOtherMovesBy(
    state: KnowledgeState,
    deadline: number,
  ): { atoms: TermId[]; approximated: boolean } {
    const atoms: TermId[] = [];
    let approximated = false;
    for (let r = 0; r < this.game.roles.length; r++) {
      if (r === this.role) continue;
      const found = this.possibleMovesBy(state, r, deadline);
      approximated ||= found.approximated;
      for (const move of found.moves) atoms.push(this.does(r, move));
    }
    return { atoms, approximated };
  }

  private possibleMovesBy(
    state: KnowledgeState,
    role: number,
    deadline: number,
  ): { moves: TermId[]; approximated: boolean } {
    const { answers, approximated } = this.entailed(this.roleQuery(this.k.legal, role), state, deadline);
    return { moves: this.secondArgs(answers.map((a) => a.answer)), approximated };
  }

  /**
   * Step 2.2: add does(my_role, my_move) to B+ and the others' possible moves to B0; filter by the percepts
   * against the range of possible observations; the next knowledge state is the skeptical (B+) and credulous
   * (B0) instances of next(F).
   */
  update(state: KnowledgeState, ownMove: TermId, percepts: readonly TermId[]): UpdateResult {
    const approximated: UpdatePhase[] = [];
    const moves = this.possibleMovesBy(state, this.role, this.deadline());
    if (!moves.moves.includes(ownMove)) {
      throw new IllegalMoveError(this.game.roleName(this.role), this.game.store.toKif(ownMove));
    }
    const others = this.possibleOtherMovesBy(state, this.deadline());
    if (moves.approximated || others.approximated) approximated.push('moves');
    const withMoves = new KnowledgeState(
      [...state.bPlus, this.does(this.role, ownMove)],
      [...state.bZero, ...others.atoms],
    );
    const observed = percepts.map((p) => this.game.atomTerm(this.k.sees, [this.game.roles[this.role]!, p]));
    const filtered = this.options.observationsOnly
      ? this.observationsOnly(withMoves, observed, this.deadline())
      : this.allObservations(withMoves, observed, this.deadline());
    if (filtered.fellBack) approximated.push('observations');
    const next = this.nextKnowledge(strengthen(withMoves, filtered.forced), this.deadline());
    if (next.approximated) approximated.push('next');
    return {
      state: next.state,
      skippedNonObservations: filtered.skipped,
      fellBack: approximated.length > 0,
      approximated,
    };
  }

  /**
   * The knowledge after a round in which the whole joint move is known and the percepts are not used: every
   * does(R, M) of the joint move in B+, no filtering. Sound (it only drops the percepts' information) and
   * exact when the knowledge before was complete, as in the original GDL protocol where all moves are told.
   */
  updateWithJointMove(state: KnowledgeState, jointMove: readonly TermId[]): KnowledgeState {
    return this.nextKnowledge(this.withJointMove(state, jointMove), this.deadline()).state;
  }

  /** Percepts of a role known to follow from the state and the joint move: skeptical sees(role, P). */
  knownPercepts(state: KnowledgeState, jointMove: readonly TermId[], role: number): TermId[] {
    const withMoves = this.withJointMove(state, jointMove);
    const { answers } = this.entailed(this.roleQuery(this.k.sees, role), withMoves, this.deadline());
    return this.secondArgs(answers.filter((a) => a.skeptical).map((a) => a.answer));
  }

  private withJointMove(state: KnowledgeState, jointMove: readonly TermId[]): KnowledgeState {
    return new KnowledgeState(
      [...state.bPlus, ...jointMove.map((move, r) => this.does(r, move))],
      state.bZero,
    );
  }

  /**
   * O = the percepts made; 𝒪 = sees(my_role, P)θ credulously entailed; filter through O and 𝒪 \ O. The
   * observations made come first, each as a ground query, so that running out of time later keeps them.
   */
  private allObservations(state: KnowledgeState, observed: readonly TermId[], deadline: number): Filtered {
    const made = this.observationsOnly(state, observed, deadline);
    if (made.fellBack) return made;
    const forced = made.forced;
    const query = this.roleQuery(this.k.sees, this.role);
    const possible: readonly SupportedAnswer[] | undefined = this.exact(query, state, deadline, (budget) =>
      this.prover.supports(query, state.bPlus, state.bZero, budget),
    );
    if (possible === undefined) return { forced, skipped: 0, fellBack: true };
    const seen = new Set(observed);
    const limit = this.options.maxCountersupports ?? DEFAULT_MAX_COUNTERSUPPORTS;
    let skipped = 0;
    let fellBack = false;
    for (const { answer, supports } of possible) {
      if (seen.has(answer)) continue;
      if (fellBack || performance.now() > deadline) {
        fellBack = true;
        skipped++;
        continue;
      }
      if (supports.some((s) => s.length === 0)) {
        throw new InconsistentObservationError(`not ${this.game.store.toKif(answer)}`);
      }
      let f: ForcedLiterals | null;
      try {
        f =
          hittingSetBound(supports) <= limit
            ? forcedLiterals(
                this.prover.supportsOfNegation(answer, state.bPlus, state.bZero, this.budget(deadline)),
              )
            : forcedBySingletons(supports);
      } catch (error) {
        if (!(error instanceof BudgetExceededError)) throw error;
        fellBack = true;
        skipped++;
        continue;
      }
      if (f === null) throw new InconsistentObservationError(`not ${this.game.store.toKif(answer)}`);
      forced.push(f);
    }
    return { forced, skipped, fellBack };
  }

  /** The paper's simplified filter: only the observations actually made, each queried as a ground atom. */
  private observationsOnly(state: KnowledgeState, observed: readonly TermId[], deadline: number): Filtered {
    const forced: ForcedLiterals[] = [];
    for (const o of observed) {
      const answers = this.exact(o, state, deadline, (budget) =>
        this.prover.supports(o, state.bPlus, state.bZero, budget),
      );
      if (answers === undefined) return { forced, skipped: 0, fellBack: true };
      forced.push(this.forcedByObservation(o, answers[0]?.supports ?? []));
    }
    return { forced, skipped: 0, fellBack: false };
  }

  private forcedByObservation(o: TermId, supports: readonly Support[]): ForcedLiterals {
    const f = forcedLiterals(supports);
    if (f === null) throw new InconsistentObservationError(this.game.store.toKif(o));
    return f;
  }

  /** B+ := skeptical true(F) of next(F); B0 := credulous ones minus B+ (step 2.2, last item). */
  private nextKnowledge(
    state: KnowledgeState,
    deadline: number,
  ): { state: KnowledgeState; approximated: boolean } {
    const { answers, approximated } = this.entailed(this.pattern(this.k.next, [null]), state, deadline);
    const plus: TermId[] = [];
    const zero: TermId[] = [];
    for (const a of answers) {
      const atom = this.fluents.wrap(this.game.store.arg(a.answer, 0));
      (a.skeptical ? plus : zero).push(atom);
    }
    return { state: new KnowledgeState(plus, zero), approximated };
  }

  /**
   * The credulous answers of a query, each marked skeptical or not: exact (supports) until the deadline, and
   * three-valued (Kleene) when the exact computation runs past it — sound, as the Kleene prover's skeptical
   * answers are exact skeptical ones and its credulous answers include the exact ones.
   */
  private entailed(
    query: SupportQuery,
    state: KnowledgeState,
    deadline: number,
  ): { answers: Entailment[]; approximated: boolean } {
    const answers = this.exact(query, state, deadline, (budget) =>
      this.prover.entailed(query, state.bPlus, state.bZero, budget),
    );
    if (answers !== undefined) return { answers, approximated: false };
    this.kleene ??= new SupportProver(this.game, { kleene: true });
    this.kleeneAnswers++;
    return { answers: this.kleene.entailed(query, state.bPlus, state.bZero), approximated: true };
  }

  /**
   * Runs an exact support query under the deadline; undefined when it ran out of time. A kind of query (its
   * relation, ground or not) that ran out of time with n unknown atoms is not tried exactly again while at
   * least n atoms are unknown: its supports only multiply with more unknown atoms, and every attempt would
   * cost a whole budget (blind breakthrough: minutes per match otherwise).
   */
  private exact<T>(
    query: SupportQuery,
    state: KnowledgeState,
    deadline: number,
    run: (budget: SupportBudget | undefined) => T,
  ): T | undefined {
    if (deadline === Number.POSITIVE_INFINITY) return run(undefined);
    const kind = typeof query === 'number' ? (this.game.relationOf(query) ?? -1) * 2 + 1 : query.relation * 2;
    const unknown = state.bZero.size;
    if (unknown >= (this.outOfTime.get(kind) ?? Number.POSITIVE_INFINITY)) return undefined;
    try {
      return run({ deadline });
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      this.outOfTime.set(kind, Math.min(unknown, this.outOfTime.get(kind) ?? Number.POSITIVE_INFINITY));
      return undefined;
    }
  }

  /** The deadline of a query or update phase starting now. */
  private deadline(): number {
    return performance.now() + this.budgetMs;
  }

  private budget(deadline: number): SupportBudget | undefined {
    return deadline === Number.POSITIVE_INFINITY ? undefined : { deadline };
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

interface Filtered {
  readonly forced: ForcedLiterals[];
  readonly skipped: number;
  /** Time ran out before every (non-)observation was filtered through. */
  readonly fellBack: boolean;
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
