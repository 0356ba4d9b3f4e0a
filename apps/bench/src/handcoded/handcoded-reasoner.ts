import {
  assertJointMoveArity,
  BaseReasoner,
  type Capabilities,
  DEFAULT_MAX_DEPTH,
  type Game,
  GdlkitError,
  type GoalValue,
  IllegalMoveError,
  type PlayoutOptions,
  type PlayoutStats,
  PlayoutTally,
  Rng,
  type TermId,
} from '@gdlkit/core';
import type { BitboardRules } from './bitboard-rules.js';

const CAPABILITIES: Capabilities = { gdl2: false, batchPlayouts: true, batchPerft: true, threads: false };

/**
 * Game-specific code behind the Reasoner contract: states are boards (Int32Array), moves and fluents are
 * translated to and from term ids of `game.store` only at the contract's edge. `playouts` and `perft` run on
 * the boards with move codes and preallocated buffers, drawing random numbers exactly as core's
 * genericPlayouts does on the primitives, so both give the same statistics for a seed.
 */
export class HandcodedReasoner extends BaseReasoner<Int32Array> {
  readonly backend = 'handcoded';
  readonly capabilities = CAPABILITIES;
  private readonly fluentTerms: Int32Array;
  private readonly slotOfFluent = new Map<TermId, number>();
  private readonly moveTerm = new Map<number, TermId>();
  private readonly moveCode = new Map<TermId, number>();
  private readonly legalBuffers: Int32Array[];
  private readonly codes: Int32Array;

  constructor(
    game: Game,
    readonly rules: BitboardRules,
  ) {
    super(game);
    this.fluentTerms = Int32Array.from(rules.fluents, (f) => game.parseTerm(f.text));
    for (const [i, t] of this.fluentTerms.entries()) this.slotOfFluent.set(t, i);
    for (const [code, text] of rules.moves) {
      const term = game.parseTerm(text);
      this.moveTerm.set(code, term);
      this.moveCode.set(term, code);
    }
    this.legalBuffers = this.roles.map(() => new Int32Array(rules.maxMoves));
    this.codes = new Int32Array(this.roles.length);
  }

  initialState(): Int32Array {
    const board = new Int32Array(this.rules.words);
    this.rules.initial(board);
    return board;
  }

  legalMoves(state: Int32Array, role: number): readonly TermId[] {
    const buffer = this.legalBuffers[role]!;
    const n = this.rules.legal(state, role, buffer);
    const out: TermId[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.moveTerm.get(buffer[i]!)!;
    return out;
  }

  isTerminal(state: Int32Array): boolean {
    return this.rules.terminal(state);
  }

  goal(state: Int32Array, role: number): GoalValue {
    return this.rules.goal(state, role);
  }

  nextState(state: Int32Array, jointMove: readonly TermId[]): Int32Array {
    assertJointMoveArity(this.roles.length, jointMove);
    const codes = new Int32Array(this.roles.length);
    for (let r = 0; r < this.roles.length; r++) {
      const code = this.moveCode.get(jointMove[r]!);
      const buffer = this.legalBuffers[r]!;
      const n = this.rules.legal(state, r, buffer);
      if (code === undefined || buffer.subarray(0, n).indexOf(code) < 0)
        throw new IllegalMoveError(this.game.roleName(r), this.game.store.toKif(jointMove[r]!));
      codes[r] = code;
    }
    const next = new Int32Array(this.rules.words);
    this.rules.next(state, codes, next);
    return next;
  }

  sees(): readonly TermId[] {
    return [];
  }

  stateToFacts(state: Int32Array): readonly TermId[] {
    const facts: TermId[] = [];
    this.rules.fluents.forEach((f, i) => {
      if ((state[f.word]! >>> f.bit) & 1) facts.push(this.fluentTerms[i]!);
    });
    return facts;
  }

  stateFromFacts(facts: readonly TermId[]): Int32Array {
    const board = new Int32Array(this.rules.words);
    for (const fact of facts) {
      const slot = this.slotOfFluent.get(fact);
      if (slot === undefined) {
        throw new GdlkitError(
          'BAD_TERM',
          `${this.game.store.toKif(fact)} is not a fluent of ${this.rules.file} the hand-coded engine represents`,
        );
      }
      const f = this.rules.fluents[slot]!;
      board[f.word]! |= 1 << f.bit;
    }
    return board;
  }

  override playouts(state: Int32Array, options: PlayoutOptions): PlayoutStats {
    const rules = this.rules;
    const roleCount = this.roles.length;
    const rng = new Rng(options.seed);
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const tally = new PlayoutTally(roleCount);
    const buffers = this.legalBuffers;
    const codes = this.codes;
    let a = new Int32Array(rules.words);
    let b = new Int32Array(rules.words);
    for (let p = 0; p < options.count; p++) {
      a.set(state);
      let depth = 0;
      let truncated = false;
      while (!rules.terminal(a)) {
        if (depth >= maxDepth) {
          truncated = true;
          break;
        }
        for (let r = 0; r < roleCount; r++) {
          const buffer = buffers[r]!;
          const n = rules.legal(a, r, buffer);
          if (n === 0) throw new Error(`role ${this.game.roleName(r)} has no legal move`);
          codes[r] = buffer[rng.nextInt(n)]!;
        }
        rules.next(a, codes, b);
        const t = a;
        a = b;
        b = t;
        depth++;
      }
      for (let r = 0; r < roleCount; r++) tally.addGoal(r, rules.goalNumber(a, r));
      tally.finish(depth, truncated);
    }
    return tally.result();
  }

  override perft(state: Int32Array, depth: number): number {
    const levels = Math.max(0, depth) + 1;
    const search = new PerftSearch(this.rules, this.roles.length, levels);
    search.boards[0]!.set(state);
    return search.count(0, depth);
  }
}

/** Fixed-depth node count on boards: one board, move buffers and joint-move odometer per level. */
class PerftSearch {
  readonly boards: Int32Array[];
  private readonly legal: Int32Array[][];
  private readonly counts: Int32Array[];
  private readonly codes: Int32Array[];
  private readonly odometers: Int32Array[];

  constructor(
    private readonly rules: BitboardRules,
    private readonly roleCount: number,
    levels: number,
  ) {
    this.boards = Array.from({ length: levels }, () => new Int32Array(rules.words));
    this.legal = Array.from({ length: levels }, () =>
      Array.from({ length: roleCount }, () => new Int32Array(rules.maxMoves)),
    );
    this.counts = Array.from({ length: levels }, () => new Int32Array(roleCount));
    this.codes = Array.from({ length: levels }, () => new Int32Array(roleCount));
    this.odometers = Array.from({ length: levels }, () => new Int32Array(roleCount));
  }

  count(level: number, depth: number): number {
    const board = this.boards[level]!;
    if (depth <= 0 || this.rules.terminal(board)) return 1;
    const legal = this.legal[level]!;
    const counts = this.counts[level]!;
    const codes = this.codes[level]!;
    for (let r = 0; r < this.roleCount; r++) {
      counts[r] = this.rules.legal(board, r, legal[r]!);
      if (counts[r] === 0) return 1;
    }
    // Odometer over the joint moves, last role fastest (core's jointMoves order).
    const index = this.odometers[level]!;
    index.fill(0);
    let nodes = 1;
    for (;;) {
      for (let r = 0; r < this.roleCount; r++) codes[r] = legal[r]![index[r]!]!;
      this.rules.next(board, codes, this.boards[level + 1]!);
      nodes += this.count(level + 1, depth - 1);
      let r = this.roleCount - 1;
      for (; r >= 0; r--) {
        index[r] = index[r]! + 1;
        if (index[r]! < counts[r]!) break;
        index[r] = 0;
      }
      if (r < 0) return nodes;
    }
  }
}
