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
 * simulation starting from one of the sampled states consistent with its percepts (in turn), the other
 * roles' moves and the playout drawn by the playout policy. A move is only tried in a sampled state where it
 * is legal, so the search never plays an illegal move in its samples.
 */
export class SampledSearch<S> implements Search {
  iterations = 0;
  private cursor = 0;
  private readonly visits: Float64Array;
  private readonly sums: Float64Array;
  private readonly exploration: number;
  private readonly maxDepth: number;
  private readonly rng: Rng;
  private readonly history: MoveHistory;
  private readonly scratch: SimulationScratch;
  private readonly candidates: number[] = [];

  constructor(
    private readonly reasoner: Reasoner<S>,
    readonly role: number,
    readonly policy: PlayoutPolicy,
    readonly moves: readonly TermId[],
    private readonly states: readonly S[],
    options: SampledSearchOptions = {},
  ) {
    if (moves.length === 0) throw new Error('no known legal move to search');
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
    const state = this.states[this.cursor++ % this.states.length]!;
    if (reasoner.isTerminal(state)) return true;
    const legal = reasoner.legalMoves(state, this.role);
    this.candidates.length = 0;
    for (let i = 0; i < this.moves.length; i++) if (legal.includes(this.moves[i]!)) this.candidates.push(i);
    if (this.candidates.length === 0) return true;
    const ours = this.select();
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

  /** UCB1 among the candidates; unvisited ones first. */
  private select(): number {
    let total = 0;
    for (const i of this.candidates) total += this.visits[i]!;
    const logTotal = Math.log(Math.max(1, total));
    let best = this.candidates[0]!;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const i of this.candidates) {
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
