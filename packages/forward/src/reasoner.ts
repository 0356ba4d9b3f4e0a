// Adapts the state machine to the Reasoner contract, with batch playouts and perft in its own loop.
import {
  BaseReasoner,
  type Capabilities,
  DEFAULT_MAX_DEPTH,
  GdlkitError,
  type GoalValue,
  goalNumber,
  IllegalMoveError,
  type PlayoutOptions,
  type PlayoutStats,
  PlayoutTally,
  Rng,
  type TermId,
} from '@gdlkit/core';
import type { CompileReport } from './compile.js';
import type { StateMachine } from './state-machine.js';

/** A state: the relation-local ids of its fluents. */
export interface ForwardState {
  readonly fluents: Int32Array;
}

export const FORWARD_CAPABILITIES: Capabilities = {
  gdl2: true,
  batchPlayouts: true,
  batchPerft: true,
  threads: false,
};

export class ForwardReasoner extends BaseReasoner<ForwardState> {
  readonly backend = 'forward';
  readonly capabilities = FORWARD_CAPABILITIES;
  /** The state whose phase A facts are in the knowledge base. */
  private loaded: ForwardState | undefined;
  private readonly legal: Int32Array[];
  private readonly legalCounts: Int32Array;

  constructor(
    readonly machine: StateMachine,
    readonly report: CompileReport,
  ) {
    super(machine.game);
    this.legal = this.roles.map(() => new Int32Array(machine.moves.size));
    this.legalCounts = new Int32Array(this.roles.length);
  }

  /** Build time by phase (read by apps/bench for the paper's Table 1 columns). */
  get buildPhases(): Readonly<Record<string, number>> {
    return { ground: this.report.groundMs, optimise: this.report.optimiseMs };
  }

  /** Bytes of the argument indexes the table-free rules built so far (they grow with the states seen). */
  get joinIndexBytes(): number {
    return this.machine.program.joinIndexBytes;
  }

  initialState(): ForwardState {
    return { fluents: this.machine.initial() };
  }

  legalMoves(state: ForwardState, role: number): readonly TermId[] {
    this.ensure(state);
    this.machine.legalByRole(this.legal, this.legalCounts);
    const out: TermId[] = [];
    for (let i = 0; i < this.legalCounts[role]!; i++) out.push(this.machine.moveTerm(this.legal[role]![i]!));
    return out;
  }

  isTerminal(state: ForwardState): boolean {
    this.ensure(state);
    return this.machine.isTerminal();
  }

  goal(state: ForwardState, role: number): GoalValue {
    this.ensure(state);
    return this.machine.goal(role);
  }

  nextState(state: ForwardState, jointMove: readonly TermId[]): ForwardState {
    this.apply(state, jointMove);
    return { fluents: this.machine.successor() };
  }

  sees(state: ForwardState, jointMove: readonly TermId[], role: number): readonly TermId[] {
    this.apply(state, jointMove);
    return this.machine.percepts(role);
  }

  stateToFacts(state: ForwardState): readonly TermId[] {
    return Array.from(state.fluents, (f) => this.machine.fluentTerm(f));
  }

  stateFromFacts(facts: readonly TermId[]): ForwardState {
    const layout = this.machine.fluents;
    const ids = new Set<number>();
    for (const fact of facts) {
      const id = layout.encode([fact], true);
      if (id < 0) {
        throw new GdlkitError(
          'BAD_TERM',
          `fluent ${this.game.store.toKif(fact)} can never hold in ${this.game.file}: no init or next rule produces it`,
        );
      }
      ids.add(id);
    }
    return { fluents: Int32Array.from(ids) };
  }

  override playouts(state: ForwardState, options: PlayoutOptions): PlayoutStats {
    const m = this.machine;
    const rng = new Rng(options.seed);
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const roleCount = this.roles.length;
    const tally = new PlayoutTally(roleCount);
    const move = new Int32Array(roleCount);
    for (let p = 0; p < options.count; p++) {
      let depth = 0;
      let truncated = false;
      m.load(state.fluents);
      while (!m.isTerminal()) {
        if (depth >= maxDepth) {
          truncated = true;
          break;
        }
        m.legalByRole(this.legal, this.legalCounts);
        for (let r = 0; r < roleCount; r++) {
          const n = this.legalCounts[r]!;
          if (n === 0)
            throw new GdlkitError('INVALID_GAME', `role ${this.game.roleName(r)} has no legal move`);
          move[r] = this.legal[r]![rng.nextInt(n)]!;
        }
        m.play(move);
        m.advance();
        depth++;
      }
      for (let r = 0; r < roleCount; r++) tally.addGoal(r, goalNumber(m.goal(r)));
      tally.finish(depth, truncated);
    }
    this.loaded = undefined;
    return tally.result();
  }

  override perft(state: ForwardState, depth: number): number {
    const nodes = this.perftIds(state.fluents, depth);
    this.loaded = undefined;
    return nodes;
  }

  private perftIds(fluents: Int32Array, depth: number): number {
    const m = this.machine;
    m.load(fluents);
    if (depth <= 0 || m.isTerminal()) return 1;
    m.legalByRole(this.legal, this.legalCounts);
    const legal = this.legal.map((l, r) => l.slice(0, this.legalCounts[r]!));
    const children: Int32Array[] = [];
    const move = new Int32Array(legal.length);
    const visit = (r: number): void => {
      if (r === legal.length) {
        m.play(move);
        children.push(m.successor());
        return;
      }
      for (const id of legal[r]!) {
        move[r] = id;
        visit(r + 1);
      }
    };
    visit(0);
    let nodes = 1;
    for (const child of children) nodes += this.perftIds(child, depth - 1);
    return nodes;
  }

  private ensure(state: ForwardState): void {
    if (this.loaded === state) return;
    this.machine.load(state.fluents);
    this.loaded = state;
  }

  private apply(state: ForwardState, jointMove: readonly TermId[]): void {
    this.ensure(state);
    const ids = new Int32Array(this.roles.length);
    for (let r = 0; r < ids.length; r++) {
      const id = this.machine.legalId(r, jointMove[r]!);
      if (id < 0) throw new IllegalMoveError(this.game.roleName(r), this.game.store.toKif(jointMove[r]!));
      ids[r] = id;
    }
    this.machine.play(ids);
  }
}
