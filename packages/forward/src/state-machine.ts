// The game as a state machine over relation ids: loading a state, reading legal moves, goals and terminal,
// applying a joint move. States are the relation-local ids of their `true` fluents (true, next and init share
// one layout, as do does and legal, so ids carry over between them unchanged).
import { type Game, type GoalValue, goalValueOf, type TermId } from '@gdlkit/core';
import type { KnowledgeBase } from './knowledge-base.js';
import type { Program } from './program.js';
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
  }

  /** The initial state: the permanent `init` facts. */
  initial(): Int32Array {
    const init = this.program.layouts[this.game.keywords.init]!;
    return Int32Array.from(this.kb.ids(init), (g) => g - init.base);
  }

  /** Loads a state and derives everything that depends on it alone (phase A). */
  load(state: Int32Array): void {
    const p = this.program;
    p.clear(p.clearA);
    const layout = this.fluents;
    const base = layout.base;
    for (let i = 0; i < state.length; i++) {
      const id = state[i]!;
      this.kb.add(base + id, layout.shapeOf(id).global);
    }
    p.runStages(p.phaseA);
  }

  isTerminal(): boolean {
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
    counts.fill(0);
    const kb = this.kb;
    const base = this.moves.base;
    for (const shape of this.moves.shapes) {
      const start = kb.starts[shape.global]!;
      const end = start + kb.counts[shape.global]!;
      for (let i = start; i < end; i++) {
        const move = kb.data[i]! - base;
        const r = this.roleOf(move);
        if (r >= 0) out[r]![counts[r]!++] = move;
      }
    }
  }

  /** Relation-local legal id of a move for a role, or -1 when it is not legal in the loaded state. */
  legalId(role: number, move: TermId): number {
    const id = this.moves.encode([this.game.roles[role]!, move]);
    return id >= 0 && this.kb.bits[this.moves.base + id] !== 0 ? id : -1;
  }

  goal(role: number): GoalValue {
    const values: number[] = [];
    const store = this.game.store;
    for (const g of this.kb.ids(this.goals)) {
      const [r, v] = this.goals.decode(g - this.goals.base);
      if (r !== this.game.roles[role]) continue;
      const n = Number(store.toKif(v!));
      if (Number.isFinite(n)) values.push(n);
    }
    return goalValueOf(values);
  }

  /** Applies legal ids (one per role) to the loaded state (phase B). */
  play(moves: ArrayLike<number>): void {
    const p = this.program;
    p.clear(p.clearB);
    const does = this.does;
    for (let r = 0; r < moves.length; r++) {
      const id = moves[r]!;
      this.kb.add(does.base + id, does.shapeOf(id).global);
    }
    p.runStages(p.phaseB);
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
