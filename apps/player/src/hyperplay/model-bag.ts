import { type Reasoner, Rng, type TermId } from '@gdlkit/core';
import { legalInAll, legalInMost } from '../knowledge/state-legality.js';
import { Hypergame, type HypergameRound } from './hypergame.js';
import { normalisedWeights } from './weighting.js';

/** What the role did and perceived in one round. */
export interface Observation {
  readonly ownMove: TermId;
  readonly percepts: readonly TermId[];
}

/**
 * A bound on the states after a round, from the filter: B+ ⊆ state ⊆ B+ ∪ B0 (Proposition 2 of Thielscher
 * 2013 makes every state of the information set satisfy it). Called with the state's fluents.
 */
export type StateBound = (fluents: readonly TermId[]) => boolean;

export interface ModelBagOptions {
  /** Models kept (the resource "hypergames" of giga13-05 section 4.1). */
  readonly models: number;
  /** Most of the other roles' joint moves tried per round; beyond it that many are drawn at random. */
  readonly maxJointMoves?: number;
  /** Most rounds undone while one model backtracks in one update, before it is drawn again from the start. */
  readonly maxBacktracks?: number;
  readonly seed?: number;
}

/** Work counters of the bag, for the logs and the measurement of the filter's pruning. */
export interface BagStats {
  /** Joint moves examined (one per candidate per round extended). */
  candidates: number;
  /**
   * Candidates that explained the percepts but whose successor lies outside the filter's bound. Both are sound,
   * so this stays 0 unless one of them is wrong: a consistency check, kept because it is cheap.
   */
  outsideBound: number;
  /** `sees` evaluations. */
  perceptChecks: number;
  /** Rounds undone by backtracking. */
  backtracks: number;
  /** Models drawn again from the initial state, or copied from another model, after backtracking failed. */
  redraws: number;
}

/**
 * HyperPlay's bag of hypergames for one role (giga13-05 section 3, after Schofield et al. 2012): models of the
 * information set, each updated after every round by choosing the other roles' moves so that the role's own
 * move was legal and its percepts are exactly the ones it received. A model that cannot explain the new round
 * backtracks along its history: it undoes its last round and takes another joint move that explained that
 * round, going further back while a round has no alternative left. Each model carries its weight (weighting.ts).
 */
export class ModelBag<S> {
  models: Hypergame<S>[];
  readonly observations: Observation[] = [];
  readonly stats: BagStats = { candidates: 0, outsideBound: 0, perceptChecks: 0, backtracks: 0, redraws: 0 };
  /** Per round (index = states after it), the filter's bound on the states, when the role has one. */
  private readonly bounds: (StateBound | null)[] = [null];
  private readonly maxJointMoves: number;
  private readonly maxBacktracks: number;
  private readonly rng: Rng;
  private readonly perceptKeys: string[] = [];

  constructor(
    readonly reasoner: Reasoner<S>,
    readonly role: number,
    readonly options: ModelBagOptions,
    private readonly initial: S = reasoner.initialState(),
  ) {
    this.maxJointMoves = options.maxJointMoves ?? 1024;
    this.maxBacktracks = options.maxBacktracks ?? 64;
    this.rng = new Rng(options.seed ?? 17);
    this.models = Array.from({ length: options.models }, () => Hypergame.initial(initial));
  }

  get size(): number {
    return this.models.length;
  }

  weights(): Float64Array {
    return normalisedWeights(this.models);
  }

  /**
   * Takes in a round: every model is extended (backtracking when needed) to explain it. A model that still
   * cannot is replaced by a copy of one that can, or dropped when none can; the bag is empty only when no model
   * could be found within the backtracking limits. `deadline` (performance.now() ms) stops the work: models not
   * updated by then are replaced the same way.
   */
  update(
    ownMove: TermId,
    percepts: readonly TermId[],
    bound: StateBound | null = null,
    deadline = Infinity,
  ): void {
    this.record({ ownMove, percepts }, bound);
    // A bag emptied by an earlier update (out of time, or no model explained the round) is drawn again from
    // the initial state along the whole history; otherwise it would stay empty for the rest of the match.
    if (this.models.length === 0) {
      this.models = Array.from({ length: this.options.models }, () => Hypergame.initial(this.initial));
    }
    const extended: Hypergame<S>[] = [];
    const failed: number[] = [];
    for (let i = 0; i < this.models.length; i++) {
      const model = this.models[i]!;
      if (performance.now() < deadline && (this.extend(model) || this.redraw(model))) extended.push(model);
      else failed.push(i);
    }
    if (extended.length > 0) {
      // Copies of models that explain everything keep the bag's size (HyperPlay keeps a fixed number).
      for (let k = 0; k < failed.length; k++) {
        this.stats.redraws++;
        extended.push(extended[this.rng.nextInt(extended.length)]!.clone());
      }
    }
    this.models = extended;
  }

  /** Moves of the role legal in every model (the HyperPlayer's belief of its legal moves). */
  commonLegalMoves(): TermId[] {
    return legalInAll(this.reasoner, this.role, this.states());
  }

  /** The role's moves legal in the most models, for when no move is legal in all of them. */
  likelyLegalMoves(): TermId[] {
    return legalInMost(this.reasoner, this.role, this.states());
  }

  /**
   * States of the information set the bag knows, most likely first: every model's current state, then the
   * states its last round's other explaining joint moves lead to (what one step of backtracking would try).
   */
  *knownStates(): Generator<S> {
    for (const model of this.models) yield model.state;
    for (const model of this.models) {
      const last = model.rounds[model.rounds.length - 1];
      if (!last) continue;
      const before = model.states[model.states.length - 2]!;
      for (let i = last.alternatives.length - 1; i >= 0; i--) {
        yield this.reasoner.nextState(before, last.alternatives[i]!);
      }
    }
  }

  private states(): S[] {
    return this.models.map((m) => m.state);
  }

  private record(observation: Observation, bound: StateBound | null): void {
    this.observations.push(observation);
    this.perceptKeys.push(perceptKey(observation.percepts));
    this.bounds.push(bound);
  }

  /** Extends the model to every recorded round, backtracking at most `maxBacktracks` rounds; false if it fails. */
  private extend(model: Hypergame<S>): boolean {
    let undone = 0;
    while (model.rounds.length < this.observations.length) {
      const round = this.explain(model.state, model.rounds.length);
      if (round && this.take(model, round)) continue;
      // No joint move explains this round from here: undo rounds until one has an untried alternative.
      for (;;) {
        const last = model.pop();
        if (!last || ++undone > this.maxBacktracks) return false;
        this.stats.backtracks++;
        const next = last.alternatives.pop();
        if (next && this.take(model, { ...last, jointMove: next })) break;
      }
    }
    return true;
  }

  /**
   * Extends the model by the round's joint move, or else by its alternatives, taking the first whose successor
   * lies within the filter's bound for that round (every successor, without a bound); false if none does. The
   * bound is checked on the successor the model takes anyway: checked on every candidate before its percepts, to
   * spare `sees` calls, it rejected 75 % of the candidates on Krieg-TicTacToe but made the update 5× slower.
   */
  private take(model: Hypergame<S>, round: HypergameRound): boolean {
    const bound = this.bounds[model.rounds.length + 1] ?? null;
    for (
      let joint: readonly TermId[] | undefined = round.jointMove;
      joint;
      joint = round.alternatives.pop()
    ) {
      const next = this.reasoner.nextState(model.state, joint);
      if (!bound || bound(this.reasoner.stateToFacts(next))) {
        model.push(joint === round.jointMove ? round : { ...round, jointMove: joint }, next);
        return true;
      }
      this.stats.outsideBound++;
    }
    return false;
  }

  /** Draws the model again from the initial state (a random walk with backtracking along the history). */
  private redraw(model: Hypergame<S>): boolean {
    while (model.rounds.length > 0) model.pop();
    this.stats.redraws++;
    return this.extend(model);
  }

  /**
   * The joint moves that explain round `index` from `state`: the role's own move is legal and the role's
   * percepts are the recorded ones; the successor lies within the filter's bound when there is one. Returns the
   * round with one of them chosen uniformly (the others as alternatives), or null when none does.
   */
  private explain(state: S, index: number): HypergameRound | null {
    const reasoner = this.reasoner;
    if (reasoner.isTerminal(state)) return null;
    const { ownMove } = this.observations[index]!;
    if (!reasoner.legalMoves(state, this.role).includes(ownMove)) return null;
    const legal = reasoner.roles.map((_, r) => (r === this.role ? [ownMove] : reasoner.legalMoves(state, r)));
    const total = legal.reduce((n, moves) => n * moves.length, 1);
    const enumerate = total <= this.maxJointMoves;
    const tries = enumerate ? total : this.maxJointMoves;
    const key = this.perceptKeys[index]!;
    const found: TermId[][] = [];
    const seen = new Set<string>();
    for (let i = 0; i < tries; i++) {
      const joint = jointMoveAt(legal, enumerate ? i : this.rng.nextInt(total));
      if (!enumerate) {
        const id = joint.join(',');
        if (seen.has(id)) continue;
        seen.add(id);
      }
      this.stats.candidates++;
      this.stats.perceptChecks++;
      if (perceptKey(reasoner.sees(state, joint, this.role)) === key) found.push(joint);
    }
    if (found.length === 0) return null;
    for (let i = found.length - 1; i > 0; i--) {
      const j = this.rng.nextInt(i + 1);
      [found[i], found[j]] = [found[j]!, found[i]!];
    }
    // Drawn joint moves (not enumerated) estimate the explaining fraction from the draws.
    const examined = enumerate ? total : tries;
    return { jointMove: found.pop()!, alternatives: found, likelihood: (found.length + 1) / examined };
  }
}

/** The `index`-th joint move of the product of the roles' move lists (last role fastest). */
export function jointMoveAt(legal: readonly (readonly TermId[])[], index: number): TermId[] {
  const move = new Array<TermId>(legal.length);
  for (let r = legal.length - 1; r >= 0; r--) {
    const moves = legal[r]!;
    move[r] = moves[index % moves.length]!;
    index = Math.floor(index / moves.length);
  }
  return move;
}

export function perceptKey(percepts: readonly TermId[]): string {
  return [...new Set(percepts)].sort((a, b) => a - b).join(',');
}
