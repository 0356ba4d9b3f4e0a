import type { Game } from '../game/game.js';
import { createPolicyTable } from '../policy/create-policy-table.js';
import { genericSimulate } from '../policy/simulate.js';
import { Rng } from '../rng.js';
import type { TermId } from '../terms/term-store.js';
import { jointMoves } from './joint-moves.js';
import type { PolicySpec, PolicyTable, SimulationBatch, SimulationResults } from './simulations.js';
import type { Capabilities, GoalValue, PlayoutOptions, PlayoutStats, Reasoner } from './types.js';

export const DEFAULT_MAX_DEPTH = 10_000;

/**
 * The derived part of the contract, written once: all goals, random playouts, policy simulations and
 * fixed-depth node counts on top of the primitives. Backends override these only to run them faster in their own loops.
 */
export abstract class BaseReasoner<State> implements Reasoner<State> {
  abstract readonly backend: string;
  abstract readonly capabilities: Capabilities;
  readonly roles: readonly TermId[];

  constructor(readonly game: Game) {
    this.roles = game.roles;
  }

  abstract initialState(): State;
  abstract legalMoves(state: State, role: number): readonly TermId[];
  abstract isTerminal(state: State): boolean;
  abstract goal(state: State, role: number): GoalValue;
  abstract nextState(state: State, jointMove: readonly TermId[]): State;
  abstract sees(state: State, jointMove: readonly TermId[], role: number): readonly TermId[];
  abstract stateToFacts(state: State): readonly TermId[];
  abstract stateFromFacts(facts: readonly TermId[]): State;

  goals(state: State): GoalValue[] {
    return this.roles.map((_, r) => this.goal(state, r));
  }

  playouts(state: State, options: PlayoutOptions): PlayoutStats {
    return genericPlayouts(this, state, options);
  }

  createPolicy(spec: PolicySpec): PolicyTable {
    return createPolicyTable(spec, this.roles.length);
  }

  simulate(batch: SimulationBatch<State>, policy: PolicyTable): SimulationResults {
    return genericSimulate(this, batch, policy);
  }

  perft(state: State, depth: number): number {
    if (depth <= 0 || this.isTerminal(state)) return 1;
    let nodes = 1;
    const legal = this.roles.map((_, r) => this.legalMoves(state, r));
    for (const move of jointMoves(legal)) nodes += this.perft(this.nextState(state, move), depth - 1);
    return nodes;
  }

  dispose(): void {}
}

/** Uniform random playouts through the primitives; the reference for every backend's batch path. */
export function genericPlayouts<State>(
  reasoner: Reasoner<State>,
  start: State,
  options: PlayoutOptions,
): PlayoutStats {
  const rng = new Rng(options.seed);
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const roleCount = reasoner.roles.length;
  const tally = new PlayoutTally(roleCount);
  const move: TermId[] = new Array(roleCount).fill(0);
  for (let p = 0; p < options.count; p++) {
    let state = start;
    let depth = 0;
    let truncated = false;
    while (!reasoner.isTerminal(state)) {
      if (depth >= maxDepth) {
        truncated = true;
        break;
      }
      for (let r = 0; r < roleCount; r++) {
        const legal = reasoner.legalMoves(state, r);
        if (legal.length === 0) throw new Error(`role ${reasoner.game.roleName(r)} has no legal move`);
        move[r] = legal[rng.nextInt(legal.length)]!;
      }
      state = reasoner.nextState(state, move);
      depth++;
    }
    for (let r = 0; r < roleCount; r++) tally.addGoal(r, goalNumber(reasoner.goal(state, r)));
    tally.finish(depth, truncated);
  }
  return tally.result();
}

/** Accumulates the statistics of a batch of playouts; every backend's batch path reports through it. */
export class PlayoutTally {
  private readonly goalSums: number[];
  private playouts = 0;
  private totalDepth = 0;
  private minDepth = Number.POSITIVE_INFINITY;
  private maxDepth = 0;
  private truncated = 0;

  constructor(roleCount: number) {
    this.goalSums = new Array<number>(roleCount).fill(0);
  }

  /** Adds a role's goal value in the final state of the current playout (0 when none holds). */
  addGoal(role: number, value: number): void {
    this.goalSums[role]! += value;
  }

  /** Ends a playout of `depth` joint moves, i.e. depth + 1 visited states; `truncated` when cut at maxDepth. */
  finish(depth: number, truncated: boolean): void {
    this.playouts++;
    this.totalDepth += depth;
    if (depth < this.minDepth) this.minDepth = depth;
    if (depth > this.maxDepth) this.maxDepth = depth;
    if (truncated) this.truncated++;
  }

  result(): PlayoutStats {
    return {
      playouts: this.playouts,
      states: this.playouts + this.totalDepth,
      totalDepth: this.totalDepth,
      minDepth: this.playouts === 0 ? 0 : this.minDepth,
      maxDepth: this.maxDepth,
      goalSums: [...this.goalSums],
      truncated: this.truncated,
    };
  }
}

/** A goal value as one number: the value, the largest of several, or 0 when none holds. */
export function goalNumber(value: GoalValue): number {
  if (value === null) return 0;
  if (typeof value === 'number') return value;
  return value.length === 0 ? 0 : value[value.length - 1]!;
}

/** Normalises a list of derived goal values to the GoalValue shape (sorted, deduplicated). */
export function goalValueOf(values: Iterable<number>): GoalValue {
  const unique = [...new Set(values)].sort((a, b) => a - b);
  if (unique.length === 0) return null;
  if (unique.length === 1) return unique[0]!;
  return unique;
}
