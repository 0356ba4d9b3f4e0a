// Adapts the incremental propnet engine to the Reasoner contract. A state is a bit set over base propositions.
import {
  BaseReasoner,
  type Capabilities,
  DEFAULT_MAX_DEPTH,
  type Game,
  type GoalValue,
  goalValueOf,
  IllegalMoveError,
  type PlayoutOptions,
  type PlayoutStats,
  PlayoutTally,
  Rng,
  type TermId,
} from '@gdlkit/core';
import { initialStateOf, PropnetEngine, type PropnetEvaluator } from './engine.js';
import type { PropnetIR } from './ir.js';
import { IrTerms } from './ir-terms.js';

export const PROPNET_CAPABILITIES: Capabilities = {
  gdl2: true,
  batchPlayouts: true,
  batchPerft: false,
  threads: false,
};

export class PropnetReasoner extends BaseReasoner<Uint32Array> {
  readonly backend: string = 'propnet';
  readonly capabilities = PROPNET_CAPABILITIES;
  protected readonly engine: PropnetEvaluator;
  private readonly initial: Uint32Array;
  private readonly terms: IrTerms;
  private readonly scratchInputs: Int32Array;

  constructor(
    game: Game,
    readonly ir: PropnetIR,
    engine: PropnetEvaluator = new PropnetEngine(ir),
  ) {
    super(game);
    this.engine = engine;
    this.initial = initialStateOf(ir, engine);
    this.terms = new IrTerms(game, ir);
    this.scratchInputs = new Int32Array(ir.roleCount);
  }

  /** Loads a state (with no input set) for reading legal, goal and terminal propositions. */
  private view(state: Uint32Array): Uint8Array {
    this.engine.load(state);
    return this.engine.values;
  }

  initialState(): Uint32Array {
    return this.initial.slice();
  }

  legalMoves(state: Uint32Array, role: number): readonly TermId[] {
    const values = this.view(state);
    const { ir } = this;
    const out: TermId[] = [];
    for (let l = ir.legalStart[role]!; l < ir.legalStart[role + 1]!; l++) {
      if (values[ir.legalGate[l]!]) out.push(ir.legalTerm[l]!);
    }
    return out;
  }

  isTerminal(state: Uint32Array): boolean {
    return this.view(state)[this.ir.terminalGate] === 1;
  }

  goal(state: Uint32Array, role: number): GoalValue {
    const values = this.view(state);
    this.engine.refreshGoals?.();
    const { ir } = this;
    const held: number[] = [];
    for (let k = ir.goalStart[role]!; k < ir.goalStart[role + 1]!; k++) {
      if (values[ir.goalGate[k]!]) held.push(ir.goalValue[k]!);
    }
    return goalValueOf(held);
  }

  nextState(state: Uint32Array, jointMove: readonly TermId[]): Uint32Array {
    this.applyMove(state, jointMove);
    const next = new Uint32Array(this.initial.length);
    this.engine.readNext(next);
    return next;
  }

  sees(state: Uint32Array, jointMove: readonly TermId[], role: number): readonly TermId[] {
    this.applyMove(state, jointMove);
    const { ir } = this;
    const values = this.engine.values;
    const out: TermId[] = [];
    for (let k = ir.seesStart[role]!; k < ir.seesStart[role + 1]!; k++) {
      if (values[ir.seesGate[k]!]) out.push(ir.seesTerm[k]!);
    }
    return out;
  }

  private applyMove(state: Uint32Array, jointMove: readonly TermId[]): void {
    const values = this.view(state);
    const { ir } = this;
    for (let r = 0; r < ir.roleCount; r++) {
      const l = this.terms.legalIndex[r]!.get(jointMove[r]!);
      if (l === undefined || !values[ir.legalGate[l]!]) {
        const move = jointMove[r] === undefined ? '(none)' : this.game.store.toKif(jointMove[r]!);
        throw new IllegalMoveError(this.game.roleName(r), move);
      }
      this.scratchInputs[r] = ir.legalInput[l]!;
    }
    this.engine.applyInputs(this.scratchInputs);
  }

  stateToFacts(state: Uint32Array): readonly TermId[] {
    return this.terms.stateToFacts(state);
  }

  stateFromFacts(facts: readonly TermId[]): Uint32Array {
    return this.terms.stateFromFacts(facts);
  }

  override playouts(start: Uint32Array, options: PlayoutOptions): PlayoutStats {
    const { ir, engine } = this;
    const rng = new Rng(options.seed);
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const roles = ir.roleCount;
    const tally = new PlayoutTally(roles);
    const legalScratch = new Int32Array(ir.legalGate.length);
    let current = new Uint32Array(start.length);
    let next = new Uint32Array(start.length);
    const values = engine.values;
    for (let p = 0; p < options.count; p++) {
      current.set(start);
      let depth = 0;
      let truncated = false;
      for (;;) {
        engine.load(current);
        if (values[ir.terminalGate]) break;
        if (depth >= maxDepth) {
          truncated = true;
          break;
        }
        for (let r = 0; r < roles; r++) {
          let n = 0;
          for (let l = ir.legalStart[r]!; l < ir.legalStart[r + 1]!; l++) {
            if (values[ir.legalGate[l]!]) legalScratch[n++] = l;
          }
          if (n === 0) throw new Error(`role ${this.game.roleName(r)} has no legal move`);
          this.scratchInputs[r] = ir.legalInput[legalScratch[rng.nextInt(n)]!]!;
        }
        engine.applyInputs(this.scratchInputs);
        engine.readNext(next);
        const t = current;
        current = next;
        next = t;
        depth++;
      }
      for (let r = 0; r < roles; r++) {
        let best = Number.NEGATIVE_INFINITY;
        for (let k = ir.goalStart[r]!; k < ir.goalStart[r + 1]!; k++) {
          if (values[ir.goalGate[k]!] && ir.goalValue[k]! > best) best = ir.goalValue[k]!;
        }
        tally.addGoal(r, best === Number.NEGATIVE_INFINITY ? 0 : best);
      }
      tally.finish(depth, truncated);
    }
    return tally.result();
  }
}
