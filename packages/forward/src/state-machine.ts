// The game as a state machine over relation ids: loading a state, reading legal moves, goals and terminal,
// applying a joint move. States are the relation-local ids of their `true` fluents (true, next and init share
// one layout, as do does and legal, so ids carry over between them unchanged).
import { type Game, type GoalValue, goalValueOf, type TermId } from '@gdlkit/core';
import type { KnowledgeBase } from './knowledge-base.js';
import { GOAL, LEGAL, type PhaseAQuery, type Program, SUCCESSOR, TERMINAL } from './program.js';
import { compileStages, type QueryFunction } from './query-codegen.js';
import type { RelationLayout } from './relation-ids.js';

export class StateMachine {
  readonly game: Game;
  readonly kb: KnowledgeBase;
  readonly fluents: RelationLayout;
  readonly next: RelationLayout;
  readonly moves: RelationLayout;
  readonly does: RelationLayout;
  readonly goals: RelationLayout;
  readonly sees: RelationLayout;
  readonly terminalId: number;
  /** Role index of each legal id (lazily filled, -2 = unknown). */
  private readonly roleOfMove: Int32Array;
  private readonly moveTerms: Int32Array;
  private readonly fluentTerms: Int32Array;
  private readonly roleIndex = new Map<TermId, number>();
  /** Per phase-A stage, the load generation it was last derived in. */
  private readonly derivedIn: Int32Array;
  private generation = 1;
  /** Per query, the load generation in which all its stages were derived. */
  private readonly answered = new Int32Array(4);
  /** Per goal id: its role index (-1 none, -2 unknown) and numeric value (NaN when not a number). */
  private readonly goalRole: Int32Array;
  private readonly goalValue: Float64Array;
  /** Generated evaluation of each query and of phase B, once the rules are final (`compile`). */
  private compiled: QueryFunction[] | undefined;
  private compiledPhaseB: QueryFunction | undefined;
  /** For each shape of next, the program-wide shape of true with the same instances. */
  private readonly nextToTrue: Int32Array;
  private readonly nextShapes: Int32Array;

  constructor(readonly program: Program) {
    const game = (this.game = program.game);
    const k = game.keywords;
    const l = program.layouts;
    this.kb = program.kb;
    this.fluents = l[k.true]!;
    this.next = l[k.next]!;
    this.moves = l[k.legal]!;
    this.does = l[k.does]!;
    this.goals = l[k.goal]!;
    this.sees = l[k.sees]!;
    this.terminalId = l[k.terminal]!.base;
    this.roleOfMove = new Int32Array(this.moves.size).fill(-2);
    this.moveTerms = new Int32Array(this.moves.size).fill(-1);
    this.fluentTerms = new Int32Array(this.fluents.size).fill(-1);
    for (const [i, r] of game.roles.entries()) this.roleIndex.set(r, i);
    this.derivedIn = new Int32Array(program.phaseA.length);
    this.goalRole = new Int32Array(this.goals.size).fill(-2);
    this.goalValue = new Float64Array(this.goals.size);
    this.nextShapes = Int32Array.from(this.next.shapes, (s) => s.global);
    this.nextToTrue = Int32Array.from(
      this.next.shapes,
      (s) => this.fluents.shapes[this.next.shapes.indexOf(s)]!.global,
    );
  }

  /** The initial state: the permanent `init` facts. */
  initial(): Int32Array {
    const init = this.program.layouts[this.game.keywords.init]!;
    return Int32Array.from(this.kb.ids(init), (g) => g - init.base);
  }

  /** Loads a state; what depends on it is derived when first asked (`derive`). */
  load(state: Int32Array): void {
    const p = this.program;
    p.clear(p.clearA);
    const layout = this.fluents;
    const base = layout.base;
    for (let i = 0; i < state.length; i++) {
      const id = state[i]!;
      this.kb.add(base + id, layout.shapeOf(id).global);
    }
    this.generation++;
  }

  /** Loads the successor of the loaded state after `play`, straight from the next lists (no state array). */
  advance(): void {
    const p = this.program;
    const kb = this.kb;
    const shift = this.fluents.base - this.next.base;
    // The next lists are phase B heads: clearing true leaves them intact.
    p.clear(p.clearA);
    for (let k = 0; k < this.nextShapes.length; k++) {
      const s = this.nextShapes[k]!;
      const target = this.nextToTrue[k]!;
      const start = kb.starts[s]!;
      const end = start + kb.counts[s]!;
      for (let i = start; i < end; i++) kb.add(kb.data[i]! + shift, target);
    }
    this.generation++;
  }

  /** Runs the phase A stages a query needs that have not run for the loaded state. */
  derive(query: PhaseAQuery): void {
    if (this.answered[query] === this.generation) return;
    this.answered[query] = this.generation;
    if (this.compiled) {
      this.compiled[query]!(this.generation);
      return;
    }
    const p = this.program;
    const stages = p.stagesFor[query];
    for (let i = 0; i < stages.length; i++) {
      const s = stages[i]!;
      if (this.derivedIn[s] === this.generation) continue;
      this.derivedIn[s] = this.generation;
      p.deriveStage(p.phaseA[s]!);
    }
  }

  /** Generates the evaluation functions; call again whenever a stage's rules are replaced. */
  compile(): void {
    const p = this.program;
    this.compiled = p.stagesFor.map((stages) => compileStages(p, p.phaseA, stages, this.derivedIn));
    this.compiledPhaseB = compileStages(p, p.phaseB, undefined, this.derivedIn);
  }

  /** Derives all of phase A (for statistics over every relation). */
  deriveAll(): void {
    this.derive(TERMINAL);
    this.derive(LEGAL);
    this.derive(GOAL);
    this.derive(SUCCESSOR);
  }

  isTerminal(): boolean {
    this.derive(TERMINAL);
    return this.kb.bits[this.terminalId] !== 0;
  }

  /** Role index of a relation-local legal id. */
  roleOf(move: number): number {
    let r = this.roleOfMove[move]!;
    if (r === -2) {
      r = this.roleIndex.get(this.moves.decode(move)[0]!) ?? -1;
      this.roleOfMove[move] = r;
    }
    return r;
  }

  moveTerm(move: number): TermId {
    let t = this.moveTerms[move]!;
    if (t < 0) this.moveTerms[move] = t = this.moves.decode(move)[1]!;
    return t;
  }

  fluentTerm(fluent: number): TermId {
    let t = this.fluentTerms[fluent]!;
    if (t < 0) this.fluentTerms[fluent] = t = this.fluents.decode(fluent)[0]!;
    return t;
  }

  /** Writes the legal ids of every role of the loaded state into per-role buffers; returns the counts. */
  legalByRole(out: Int32Array[], counts: Int32Array): void {
    this.derive(LEGAL);
    counts.fill(0);
    const { starts, data } = this.kb;
    const kbCounts = this.kb.counts;
    const base = this.moves.base;
    const roles = this.roleOfMove;
    const shapes = this.moves.shapes;
    for (let k = 0; k < shapes.length; k++) {
      const s = shapes[k]!.global;
      const start = starts[s]!;
      const end = start + kbCounts[s]!;
      for (let i = start; i < end; i++) {
        const move = data[i]! - base;
        let r = roles[move]!;
        if (r === -2) r = this.roleOf(move);
        if (r >= 0) out[r]![counts[r]!++] = move;
      }
    }
  }

  /** Relation-local legal id of a move for a role, or -1 when it is not legal in the loaded state. */
  legalId(role: number, move: TermId): number {
    this.derive(LEGAL);
    const id = this.moves.encode([this.game.roles[role]!, move]);
    return id >= 0 && this.kb.bits[this.moves.base + id] !== 0 ? id : -1;
  }

  goal(role: number): GoalValue {
    this.derive(GOAL);
    const kb = this.kb;
    const layout = this.goals;
    let value: number | undefined;
    let count = 0;
    for (const shape of layout.shapes) {
      const start = kb.starts[shape.global]!;
      const end = start + kb.counts[shape.global]!;
      for (let i = start; i < end; i++) {
        const g = kb.data[i]! - layout.base;
        if (this.goalRole[g] === -2) this.describeGoal(g);
        if (this.goalRole[g] !== role || Number.isNaN(this.goalValue[g]!)) continue;
        if (count++ === 0) value = this.goalValue[g]!;
      }
    }
    if (count === 0) return null;
    if (count === 1) return value!;
    return goalValueOf(this.goalValues(role));
  }

  /** Every numeric goal value of a role in the loaded state (several mean an ill-formed game). */
  private goalValues(role: number): number[] {
    const values: number[] = [];
    for (const g of this.kb.ids(this.goals)) {
      const local = g - this.goals.base;
      if (this.goalRole[local] === role && !Number.isNaN(this.goalValue[local]!))
        values.push(this.goalValue[local]!);
    }
    return values;
  }

  private describeGoal(local: number): void {
    const [r, v] = this.goals.decode(local);
    this.goalRole[local] = this.roleIndex.get(r!) ?? -1;
    const n = Number(this.game.store.toKif(v!));
    this.goalValue[local] = Number.isFinite(n) ? n : Number.NaN;
  }

  /** Applies legal ids (one per role) to the loaded state (phase B). */
  play(moves: ArrayLike<number>): void {
    const p = this.program;
    this.derive(SUCCESSOR);
    p.clear(p.clearB);
    const does = this.does;
    for (let r = 0; r < moves.length; r++) {
      const id = moves[r]!;
      this.kb.add(does.base + id, does.shapeOf(id).global);
    }
    if (this.compiledPhaseB) this.compiledPhaseB(this.generation);
    else p.runStages(p.phaseB);
  }

  /** The successor state after `play`. */
  successor(): Int32Array {
    const kb = this.kb;
    const next = this.next;
    let n = 0;
    for (const shape of next.shapes) n += kb.counts[shape.global]!;
    const out = new Int32Array(n);
    let k = 0;
    for (const shape of next.shapes) {
      const start = kb.starts[shape.global]!;
      const end = start + kb.counts[shape.global]!;
      for (let i = start; i < end; i++) out[k++] = kb.data[i]! - next.base;
    }
    return out;
  }

  /** Percepts of a role after `play`. */
  percepts(role: number): TermId[] {
    const out: TermId[] = [];
    for (const g of this.kb.ids(this.sees)) {
      const [r, p] = this.sees.decode(g - this.sees.base);
      if (r === this.game.roles[role]) out.push(p!);
    }
    return out;
  }
}
