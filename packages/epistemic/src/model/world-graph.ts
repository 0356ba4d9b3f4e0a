// Level 0 of the knowledge model: the reachable states of the game (Definition 1 of giga13-06) explored from
// a grounded reasoner, with one edge per joint legal move. A terminal state, and a non-terminal one where some
// role has no legal move, loops to itself with the STOP move (Definition 6's infinite extension), so that every
// run is infinite and a dead end is visible to (1) and (2). A role's observation on an edge is its own move and
// its percepts (Definition 2); in a GDL game without `sees` every role observes the whole joint move.
import { type Game, GrowableInt32, jointMoves, type TermId } from '@gdlkit/core';
import type { BudgetClock } from './budget.js';
import type { GameTransitions } from './game-transitions.js';
import { type Model, STOP_MOVE } from './model.js';

/** The incoming move of the initial world (the paper's INIT). */
export const INIT_MOVE = -2;

export interface WorldGraphOptions {
  /** Distinguish worlds by the joint move that led to them (needed when a formula reads `does`). */
  readonly trackMoves: boolean;
}

export class WorldGraph implements Model {
  readonly level = 0;
  readonly game: Game;
  readonly roleCount: number;
  private readonly states: Uint32Array[] = [];
  private readonly incoming = new GrowableInt32();
  private readonly index = new Map<string, number>();
  private readonly firstEdge = new GrowableInt32();
  private readonly lastEdge = new GrowableInt32();
  private readonly target = new GrowableInt32();
  private readonly source = new GrowableInt32();
  private readonly move = new GrowableInt32();
  private readonly observation = new GrowableInt32();
  private readonly observationIds = new Map<string, number>();
  private readonly jointMoveIds = new Map<string, number>();
  /** Joint moves by id (term ids in role order). */
  readonly jointMoveList: TermId[][] = [];
  private readonly legalCache: (readonly TermId[])[][] = [];

  constructor(
    readonly reasoner: GameTransitions,
    private clock: BudgetClock,
    private readonly options: WorldGraphOptions,
  ) {
    this.game = reasoner.game;
    this.roleCount = reasoner.roles.length;
    this.intern(reasoner.initialState(), INIT_MOVE);
  }

  /** The budget of the check now running (a model is reused by later checks). */
  useClock(clock: BudgetClock): void {
    this.clock = clock;
  }

  get size(): number {
    return this.states.length;
  }

  state(world: number): Uint32Array {
    return this.states[world]!;
  }

  /** The joint move id that led to the world (INIT_MOVE, STOP_MOVE or an id of jointMoveList). */
  incomingMove(world: number): number {
    return this.incoming.get(world);
  }

  private intern(state: Uint32Array, incomingMove: number): number {
    let key = '';
    for (let i = 0; i < state.length; i++) key += String.fromCharCode(state[i]! & 0xffff, state[i]! >>> 16);
    if (this.options.trackMoves) key += `#${incomingMove}`;
    const known = this.index.get(key);
    if (known !== undefined) return known;
    const id = this.states.length;
    this.states.push(state);
    this.index.set(key, id);
    this.incoming.push(incomingMove);
    this.firstEdge.push(-1);
    this.lastEdge.push(-1);
    return id;
  }

  private internKey(map: Map<string, number>, key: string): number {
    let id = map.get(key);
    if (id === undefined) {
      id = map.size;
      map.set(key, id);
    }
    return id;
  }

  legal(world: number, role: number): readonly TermId[] {
    let perRole = this.legalCache[world];
    if (!perRole) {
      perRole = [];
      this.legalCache[world] = perRole;
    }
    let moves = perRole[role];
    if (!moves) {
      moves = this.reasoner.legalMoves(this.states[world]!, role);
      perRole[role] = moves;
    }
    return moves;
  }

  expand(world: number): number {
    const known = this.firstEdge.get(world);
    if (known >= 0) return known;
    this.clock.tick('exploring the game states');
    const state = this.states[world]!;
    const first = this.target.length;
    const legal: (readonly TermId[])[] = [];
    let dead = this.reasoner.isTerminal(state);
    for (let r = 0; r < this.roleCount && !dead; r++) {
      legal.push(this.legal(world, r));
      if (legal[r]!.length === 0) dead = true;
    }
    if (dead) {
      const stop = this.internKey(this.observationIds, 'STOP');
      // The loop's target is this world, or its STOP twin when moves are tracked.
      this.addEdge(world, this.intern(state, STOP_MOVE), STOP_MOVE, () => stop);
    } else {
      const percepts: TermId[][] = [];
      for (const joint of jointMoves(legal)) {
        const moveId = this.internKey(this.jointMoveIds, joint.join(','));
        if (moveId === this.jointMoveList.length) this.jointMoveList.push(joint);
        this.clock.tick('exploring the game states');
        const next = this.intern(this.reasoner.transition(state, joint, percepts), moveId);
        this.addEdge(world, next, moveId, (r) => this.observe(percepts[r]!, moveId, r));
      }
    }
    this.firstEdge.set(world, first);
    this.lastEdge.set(world, this.target.length);
    return first;
  }

  private addEdge(world: number, target: number, moveId: number, observe: (role: number) => number): void {
    this.target.push(target);
    this.source.push(world);
    this.move.push(moveId);
    for (let r = 0; r < this.roleCount; r++) this.observation.push(observe(r));
  }

  private observe(percepts: readonly TermId[], moveId: number, role: number): number {
    if (!this.game.isGdl2) return this.internKey(this.observationIds, `${moveId}`);
    const own = this.jointMoveList[moveId]![role];
    return this.internKey(this.observationIds, `${own}|${percepts.join(',')}`);
  }

  edgeEnd(world: number): number {
    return this.lastEdge.get(world);
  }

  edgeTarget(edge: number): number {
    return this.target.get(edge);
  }

  edgeMove(edge: number): number {
    return this.move.get(edge);
  }

  edgeSource(edge: number): number {
    return this.source.get(edge);
  }

  edgeObservation(edge: number, role: number): number {
    return this.observation.get(edge * this.roleCount + role);
  }

  baseNode(world: number): number {
    return world;
  }
}
