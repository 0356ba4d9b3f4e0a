import { type Reasoner, Rng, type TermId } from '@gdlkit/core';
import { MoveHistory } from './move-history.js';
import type { PlayoutPolicy } from './playout-policy.js';
import type { Search } from './search.js';
import { type SimulationScratch, simulate, simulationScratch } from './simulate.js';

export interface SampledSearchOptions {
  readonly exploration?: number;
  readonly maxPlayoutDepth?: number;
  readonly seed?: number;
}

/**
 * The GDL-II move choice until the filter lands: flat UCB1 over the player's known-legal moves, each
 * simulation starting from one of the sampled states consistent with its percepts, the other roles' moves and
 * the playout drawn by the playout policy. A move is only tried in a sampled state where it is legal, so the
 * search never plays an illegal move in its samples. Each move goes through the states in turn on its own: a
 * single cursor shared by all moves, with UCB1 alternating between two moves, tried each move on only one of
 * two states (Monty Hall: staying always on the state where it wins, switching on the other).
 */
export class SampledSearch<S> implements Search {
  iterations = 0;
  /** Per move, the next sampled state to try it in. */
  private readonly cursors: Int32Array;
  /** Moves legal in no non-terminal sampled state. */
  private readonly dead: Uint8Array;
  private readonly visits: Float64Array;
  private readonly sums: Float64Array;
  private readonly exploration: number;
  private readonly maxDepth: number;
  private readonly rng: Rng;
  private readonly history: MoveHistory;
  private readonly scratch: SimulationScratch;

  constructor(
    private readonly reasoner: Reasoner<S>,
    readonly role: number,
    readonly policy: PlayoutPolicy,
    readonly moves: readonly TermId[],
    private readonly states: readonly S[],
    options: SampledSearchOptions = {},
  ) {
    if (moves.length === 0) throw new Error('no known legal move to search');
    this.cursors = new Int32Array(moves.length);
    this.dead = new Uint8Array(moves.length);
    this.visits = new Float64Array(moves.length);
    this.sums = new Float64Array(moves.length);
    this.exploration = options.exploration ?? 40;
    this.maxDepth = options.maxPlayoutDepth ?? 400;
    this.rng = new Rng(options.seed ?? 1);
    this.history = new MoveHistory(reasoner.roles.length);
    this.scratch = simulationScratch(reasoner.roles.length);
  }

  bestMove(): TermId {
    let best = 0;
    for (let i = 1; i < this.moves.length; i++) {
      if (this.visits[i]! > this.visits[best]!) best = i;
    }
    return this.moves[best]!;
  }

  iterate(deadline: number): boolean {
    if (this.moves.length === 1 || this.states.length === 0) return false;
    const reasoner = this.reasoner;
    const ours = this.select();
    if (ours < 0) return false;
    const state = this.stateFor(ours);
    if (state === null) {
      this.dead[ours] = 1;
      return true;
    }
    this.history.reset();
    const move = this.scratch.jointMove;
    for (let r = 0; r < reasoner.roles.length; r++) {
      if (r === this.role) {
        move[r] = this.moves[ours]!;
        continue;
      }
      const options = reasoner.legalMoves(state, r);
      move[r] = options[options.length === 1 ? 0 : this.policy.choose(r, options, this.history, this.rng)]!;
    }
    this.history.push(move);
    const next = reasoner.nextState(state, move);
    if (
      !simulate(reasoner, next, this.policy, this.history, this.rng, this.maxDepth, deadline, this.scratch)
    ) {
      return false;
    }
    this.visits[ours]!++;
    this.sums[ours]! += this.scratch.rewards[this.role]!;
    this.policy.record(this.history, this.scratch.rewards);
    this.iterations++;
    return true;
  }

  /** Per move: simulations and mean reward of the role (0..100), in the order of `moves`. */
  moveStats(): { move: TermId; visits: number; mean: number }[] {
    return [...this.moves].map((move, i) => ({
      move,
      visits: this.visits[i]!,
      mean: this.visits[i]! === 0 ? 0 : this.sums[i]! / this.visits[i]!,
    }));
  }

  /** The move's next sampled state, in its own turn, where it is legal and the game goes on; null if none. */
  private stateFor(move: number): S | null {
    const states = this.states;
    for (let k = 0; k < states.length; k++) {
      const state = states[this.cursors[move]!++ % states.length]!;
      if (this.reasoner.isTerminal(state)) continue;
      if (this.reasoner.legalMoves(state, this.role).includes(this.moves[move]!)) return state;
    }
    return null;
  }

  /** UCB1 among the moves still legal somewhere; unvisited ones first; -1 when none is. */
  private select(): number {
    let total = 0;
    for (let i = 0; i < this.moves.length; i++) total += this.visits[i]!;
    const logTotal = Math.log(Math.max(1, total));
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < this.moves.length; i++) {
      if (this.dead[i]) continue;
      const n = this.visits[i]!;
      const value =
        n === 0 ? Number.POSITIVE_INFINITY : this.sums[i]! / n + this.exploration * Math.sqrt(logTotal / n);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    return best;
  }
}
