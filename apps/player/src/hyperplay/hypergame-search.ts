import type { Rng, TermId } from '@gdlkit/core';
import type { Search } from '../search/search.js';
import type { Hypergame } from './hypergame.js';

/**
 * Simulations of moves in hypergames: one per (`models[i]`, `moves[i]`), the role's reward (0..100) written to
 * `rewards[i]`. Several at once when the technique can hand them to the engine together (HyperPlay's playouts,
 * one `Reasoner.simulate` call); `batch` is the most one call takes (1 when each is a whole match of its own).
 */
export interface MoveEvaluation<S> {
  readonly batch: number;
  /** False, with no reward written, when `deadline` (performance.now() ms) cut the simulations short. */
  run(
    models: readonly Hypergame<S>[],
    moves: readonly TermId[],
    rewards: Float64Array,
    deadline: number,
  ): boolean;
}

/** Simulations in an iteration's first call; each later call may take twice as many as the one before. */
const FIRST_BATCH = 8;

/** A move's value: its weighted expected reward over the hypergames where it was simulated. */
export interface MoveValue {
  readonly move: TermId;
  readonly value: number;
  readonly simulations: number;
}

/**
 * The move choice shared by HyperPlay and HyperPlay-II (giga13-05, Definitions 3 and 4): every candidate move
 * is simulated in every hypergame in turn (round-robin over models and moves, so an interrupted search has
 * spread its work evenly), and the move with the highest weighted expected value across the hypergames is
 * chosen. What one simulation is (a perfect-information playout, or an Imperfect Information Simulation) is the
 * evaluation passed in. `perPair` simulations per model and move spend the resources; then `iterate` says so.
 * An iteration takes the next simulations of the round-robin together, as many as the evaluation batches: a
 * few at first, doubling per iteration, so a search cut by the clock early has not put everything in one call.
 */
export class HypergameSearch<S> implements Search {
  iterations = 0;
  private readonly sums: Float64Array;
  private readonly counts: Float64Array;
  private next = 0;
  private size = FIRST_BATCH;
  private readonly batchModels: Hypergame<S>[] = [];
  private readonly batchMoves: TermId[] = [];
  private rewards = new Float64Array(0);

  constructor(
    readonly moves: readonly TermId[],
    private readonly models: readonly Hypergame<S>[],
    private readonly weights: Float64Array,
    private readonly evaluate: MoveEvaluation<S>,
    private readonly perPair: number,
    /** Breaks ties between moves of equal value (the paper's HyperPlayer "chooses randomly"). */
    private readonly rng: Rng,
  ) {
    if (moves.length === 0) throw new Error('no known legal move to search');
    if (models.length === 0) throw new Error('no hypergame to search in');
    this.sums = new Float64Array(models.length * moves.length);
    this.counts = new Float64Array(models.length * moves.length);
  }

  get done(): boolean {
    return this.next >= this.perPair * this.sums.length;
  }

  iterate(deadline: number, most = Number.POSITIVE_INFINITY): boolean {
    if (this.moves.length === 1 || this.done) return false;
    const pairs = this.sums.length;
    const count = Math.max(
      1,
      Math.min(this.perPair * pairs - this.next, this.evaluate.batch, this.size, most),
    );
    this.size = Math.min(2 * this.size, this.evaluate.batch);
    if (this.rewards.length < count) this.rewards = new Float64Array(count);
    this.batchModels.length = count;
    this.batchMoves.length = count;
    for (let i = 0; i < count; i++) {
      const pair = (this.next + i) % pairs;
      this.batchModels[i] = this.models[Math.floor(pair / this.moves.length)]!;
      this.batchMoves[i] = this.moves[pair % this.moves.length]!;
    }
    if (!this.evaluate.run(this.batchModels, this.batchMoves, this.rewards, deadline)) return false;
    for (let i = 0; i < count; i++) {
      const pair = (this.next + i) % pairs;
      this.sums[pair]! += this.rewards[i]!;
      this.counts[pair]!++;
    }
    this.next += count;
    this.iterations += count;
    return true;
  }

  /** Runs to the end of the resources or `deadline`. */
  run(deadline: number): void {
    while (this.iterate(deadline)) {}
  }

  /** Per move, Σ_h w_h · mean_h(move) / Σ_h w_h over the hypergames where the move was simulated. */
  values(): MoveValue[] {
    return this.moves.map((move, m) => {
      let weighted = 0;
      let weight = 0;
      let simulations = 0;
      for (let h = 0; h < this.models.length; h++) {
        const pair = h * this.moves.length + m;
        const n = this.counts[pair]!;
        if (n === 0) continue;
        weighted += this.weights[h]! * (this.sums[pair]! / n);
        weight += this.weights[h]!;
        simulations += n;
      }
      return { move, value: weight === 0 ? 0 : weighted / weight, simulations };
    });
  }

  bestMove(): TermId {
    const values = this.values().filter((v) => v.simulations > 0);
    if (values.length === 0) return this.moves[0]!;
    const top = Math.max(...values.map((v) => v.value));
    // A first-in-order tie-break is a strategy the other simulated players exploit (Spy vs Spy: a disarming
    // agent whose hypergames split 2-2 always cut the same wire, so hiding one colour looked better).
    const best = values.filter((v) => v.value >= top - 1e-9);
    return best[best.length === 1 ? 0 : this.rng.nextInt(best.length)]!.move;
  }
}
