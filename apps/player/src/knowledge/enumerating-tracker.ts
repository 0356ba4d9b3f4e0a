import { type Reasoner, Rng, type TermId } from '@gdlkit/core';
import type { KnowledgeTracker } from './knowledge-tracker.js';
import { luby } from './luby.js';
import { legalInAll, legalInMost } from './state-legality.js';

export interface EnumeratingTrackerOptions {
  /** Most states kept; beyond it a uniform sample of this size is kept and the tracker is incomplete. */
  readonly maxStates?: number;
  /** Most joint moves enumerated per state; beyond it this many are drawn at random (incomplete). */
  readonly maxJointMoves?: number;
  readonly seed?: number;
}

/**
 * Tracks the set of states consistent with the player's own moves and percepts by enumeration: every
 * tracked state, every joint move in which the player made its own move, kept when `sees` gives exactly the
 * percepts received. While `complete`, a move legal in every tracked state is legal in the true state.
 * When the bounds cut the enumeration, the tracked states are a uniform sample of the consistent ones
 * (sound no more: logged by the match). When no tracked state explains the percepts, the states are
 * re-sampled along the whole history of moves and percepts by random walks that backtrack at dead ends.
 */
export class EnumeratingTracker<S> implements KnowledgeTracker<S> {
  complete = true;
  private states: S[];
  private readonly history: { ownMove: TermId; percepts: string }[] = [];
  private readonly maxStates: number;
  private readonly maxJointMoves: number;
  private readonly rng: Rng;

  constructor(
    private readonly reasoner: Reasoner<S>,
    private readonly role: number,
    options: EnumeratingTrackerOptions = {},
  ) {
    this.maxStates = options.maxStates ?? 2048;
    this.maxJointMoves = options.maxJointMoves ?? 4096;
    this.rng = new Rng(options.seed ?? 7);
    this.states = [reasoner.initialState()];
  }

  get size(): number {
    return this.states.length;
  }

  /**
   * Takes in a round. At `deadline` (performance.now() ms) the enumeration stops with the successors found so
   * far (incomplete), so a turn's update never holds the worker past its clock.
   */
  update(ownMove: TermId, percepts: readonly TermId[], deadline = Number.POSITIVE_INFINITY): void {
    const key = perceptKey(percepts);
    this.history.push({ ownMove, percepts: key });
    const next = new Map<string, S>();
    let seen = 0;
    for (const state of this.states) {
      if (performance.now() > deadline) {
        this.complete = false;
        break;
      }
      for (const successor of this.successors(state, ownMove, key)) {
        const id = this.stateKey(successor);
        if (next.has(id)) continue;
        seen++;
        if (next.size < this.maxStates) {
          next.set(id, successor);
          continue;
        }
        // Reservoir sampling keeps a uniform sample of the distinct successors.
        this.complete = false;
        const slot = this.rng.nextInt(seen);
        if (slot < this.maxStates) {
          const victim = [...next.keys()][slot]!;
          next.delete(victim);
          next.set(id, successor);
        }
      }
    }
    this.states = [...next.values()];
    if (this.states.length === 0 && performance.now() <= deadline) this.resample(deadline);
  }

  knownLegalMoves(): readonly TermId[] {
    return legalInAll(this.reasoner, this.role, this.states);
  }

  /** The moves legal in the most tracked states, for when no move is legal in all of them. */
  likelyLegalMoves(): readonly TermId[] {
    return legalInMost(this.reasoner, this.role, this.states);
  }

  sampleStates(n: number): S[] {
    const copy = [...this.states];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.rng.nextInt(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** Successors of `state` under joint moves with the player's `ownMove` whose percepts match `key`. */
  private *successors(state: S, ownMove: TermId, key: string): Generator<S> {
    const reasoner = this.reasoner;
    if (reasoner.isTerminal(state)) return;
    const legal = reasoner.roles.map((_, r) => (r === this.role ? [ownMove] : reasoner.legalMoves(state, r)));
    if (!reasoner.legalMoves(state, this.role).includes(ownMove)) return;
    const total = legal.reduce((n, moves) => n * moves.length, 1);
    const enumerate = total <= this.maxJointMoves;
    if (!enumerate) this.complete = false;
    const count = enumerate ? total : this.maxJointMoves;
    const move = new Array<TermId>(legal.length);
    for (let i = 0; i < count; i++) {
      let rest = enumerate ? i : this.rng.nextInt(total);
      for (let r = legal.length - 1; r >= 0; r--) {
        const moves = legal[r]!;
        move[r] = moves[rest % moves.length]!;
        rest = Math.floor(rest / moves.length);
      }
      if (perceptKey(reasoner.sees(state, move, this.role)) === key) yield reasoner.nextState(state, move);
    }
  }

  /**
   * Random walks from the initial state that agree with every recorded move and percept, each allowed to
   * backtrack when a round has no explaining successor (as HyperPlay's models do, giga13-05 section 3): a walk
   * that cannot backtrack dies at the first unlikely percept, and with it every walk when the consistent
   * histories are rare (the tracker then had nothing to play from). A walk that spends its expansions is dropped
   * and a new one starts, with budgets growing by Luby's universal restart sequence (1, 1, 2, 1, 1, 2, 4, …
   * rounds' worth): a dead end that comes from a choice many rounds back is left early, one that needs a long
   * local search still gets it. Fresh walks also spread the states over the information set.
   */
  private resample(deadline: number): void {
    this.complete = false;
    const found = new Map<string, S>();
    const wanted = Math.min(this.maxStates, RESAMPLED_STATES);
    const walks = Math.max(MIN_WALKS, wanted * WALKS_PER_STATE);
    for (let w = 1; w <= walks && found.size < wanted && performance.now() <= deadline; w++) {
      const state = this.backtrackingWalk(luby(w) * (this.history.length + 1), deadline);
      if (state !== undefined) found.set(this.stateKey(state), state);
    }
    this.states = [...found.values()];
  }

  /**
   * One walk along the history: at each round a successor drawn from those that explain it, the next one tried
   * when the walk comes back; none when every choice was tried, or after `budget` expansions, or at `deadline`.
   */
  private backtrackingWalk(budget: number, deadline: number): S | undefined {
    const history = this.history;
    // frames[d]: the untried states after d rounds, in random order (the last is tried next).
    const frames: S[][] = [[this.reasoner.initialState()]];
    while (frames.length > 0) {
      const depth = frames.length - 1;
      const state = frames[depth]!.pop();
      if (state === undefined) {
        frames.pop();
        continue;
      }
      if (depth === history.length) return state;
      if (budget <= 0 || performance.now() > deadline) return undefined;
      budget--;
      const { ownMove, percepts } = history[depth]!;
      const next = [...this.successors(state, ownMove, percepts)];
      for (let i = next.length - 1; i > 0; i--) {
        const j = this.rng.nextInt(i + 1);
        [next[i], next[j]] = [next[j]!, next[i]!];
      }
      frames.push(next);
    }
    return undefined;
  }

  private stateKey(state: S): string {
    return [...this.reasoner.stateToFacts(state)].sort((a, b) => a - b).join(',');
  }
}

/**
 * States a re-sample looks for (fewer when `maxStates` is smaller). More states make the next rounds' updates
 * slower: at 256, Krieg-TicTacToe's tracker at 300 ms per update lost every state in more rounds than before.
 */
const RESAMPLED_STATES = 32;
/** Walks a re-sample may start: per state it looks for, and at least. */
const WALKS_PER_STATE = 4;
const MIN_WALKS = 64;

function perceptKey(percepts: readonly TermId[]): string {
  return [...new Set(percepts)].sort((a, b) => a - b).join(',');
}
