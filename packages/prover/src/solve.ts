// The tabled SLD-NF resolution engine. Every call is a call pattern (relation, ground-or-free arguments) whose
// complete set of ground answers is computed once and memoised (static relations for the whole game, dynamic
// ones for one state or one joint move). Clause bodies are solved left to right over a binding stack with a
// trail (unify.ts); a call that meets its own variant on the stack reuses the answers found so far and its
// recursive component is re-solved until no new answer appears (tabling.ts), which is the loop check: left-
// recursive and redundant rules such as `smaller(X,Y) :- smaller(X,Y)` terminate (GGP book ch. 13.5).
// GDL rules are safe, so every answer is ground and bindings only ever hold ground term ids.
import { type Game, GdlkitError, type RelationId, type TermId, type TermStore } from '@gdlkit/core';
import { FactIndex } from './fact-index.js';
import { addAnswer, COMPLETE, MemoSpace, type TableEntry } from './memo-table.js';
import {
  type CompiledLiteral,
  type CompiledRule,
  L_DISTINCT,
  L_NEG,
  P_GROUND,
  P_VAR,
  Program,
} from './program.js';
import { type QueryBudget, QueryClock } from './query-budget.js';
import { Fixpoint } from './tabling.js';
import { Unifier } from './unify.js';

const SPACE_STATIC = 0;
const SPACE_STATE = 1;
const SPACE_MOVE = 2;
const SPACE_TRUE = 3;
const SPACE_DOES = 4;

const NO_FACTS = new Int32Array(0);

export class Solver {
  readonly program: Program;
  readonly store: TermStore;
  private readonly trueRelation: RelationId;
  private readonly doesRelation: RelationId;
  /** Which memo space a relation's tables live in (SPACE_*). */
  private readonly spaceOf: Uint8Array;
  private readonly spaces = [new MemoSpace(), new MemoSpace(), new MemoSpace()];

  private readonly u: Unifier;

  private readonly fixpoint = new Fixpoint();
  private answerCount = 0;
  private readonly clock: QueryClock;

  private facts: FactIndex;
  private currentState: object | null = null;
  private doesAtoms: TermId[] = [];
  private readonly currentMove: TermId[] = [];
  private moveSet = false;

  /** Inferences (clause entries) so far, for profiling. */
  inferences = 0;

  constructor(
    readonly game: Game,
    budget: QueryBudget = {},
  ) {
    this.program = new Program(game);
    this.clock = new QueryClock(budget, (relation) => game.relations[relation]!.key);
    this.store = game.store;
    this.u = new Unifier(this.program, this.store);
    this.trueRelation = game.keywords.true;
    this.doesRelation = game.keywords.does;
    const analysis = game.analysis;
    this.spaceOf = Uint8Array.from(game.relations, (r) =>
      !analysis.dynamic[r.id] ? SPACE_STATIC : analysis.dependsOnDoes[r.id] ? SPACE_MOVE : SPACE_STATE,
    );
    this.spaceOf[this.trueRelation] = SPACE_TRUE;
    this.spaceOf[this.doesRelation] = SPACE_DOES;
    this.facts = new FactIndex(this.store, NO_FACTS);
  }

  /**
   * Makes the indexed fluents the state that `true` reads. `owner` identifies the state: while it stays the
   * same object, the state's memo tables are kept.
   */
  setState(owner: object, index: FactIndex): void {
    if (owner === this.currentState) return;
    this.currentState = owner;
    this.facts = index;
    this.spaces[SPACE_STATE]!.clear();
    this.clearMove();
  }

  /** Makes `does(roles[i], move[i])` the facts that `does` reads; an empty move means no `does` facts. */
  setMove(move: readonly TermId[]): void {
    if (this.moveSet && sameMove(this.currentMove, move)) return;
    this.clearMove();
    const roles = this.game.roles;
    const symbol = this.program.relationSymbol[this.doesRelation]!;
    for (let i = 0; i < move.length; i++) {
      this.currentMove.push(move[i]!);
      this.u.scratch[0] = roles[i]!;
      this.u.scratch[1] = move[i]!;
      this.doesAtoms.push(this.store.compound(symbol, this.u.scratch, 0, 2));
    }
    this.moveSet = true;
  }

  /**
   * The complete ground answers (atoms) of a call: `key[i]` is a ground term id or -1 for a free argument. The
   * array belongs to the memo table; do not modify it.
   */
  answers(relation: RelationId, key: ArrayLike<number>): readonly TermId[] {
    const arity = this.program.relationArity[relation]!;
    if (key.length !== arity)
      throw new RangeError(`call of arity ${key.length} to a relation of arity ${arity}`);
    const space = this.spaceOf[relation]!;
    if (space === SPACE_TRUE || space === SPACE_DOES) return this.baseAnswers(relation, key);
    try {
      this.clock.start();
      this.u.refresh();
      for (let i = 0; i < arity; i++) this.u.scratch[i] = key[i]!;
      this.u.scratchTop = arity;
      const entry = this.call(relation, 0, arity);
      return entry.answers;
    } catch (error) {
      this.reset();
      throw error;
    } finally {
      this.u.scratchTop = 0;
    }
  }

  /** Forgets every memo table, the static ones included. */
  reset(): void {
    for (const s of this.spaces) s.clear();
    this.u.reset();
    this.fixpoint.reset();
  }

  private clearMove(): void {
    this.spaces[SPACE_MOVE]!.clear();
    this.doesAtoms = [];
    this.currentMove.length = 0;
    this.moveSet = false;
  }

  /** Answers of a top-level call to `true` or `does`, read straight from the facts. */
  private baseAnswers(relation: RelationId, key: ArrayLike<number>): TermId[] {
    const out: TermId[] = [];
    if (relation === this.doesRelation) {
      for (const atom of this.doesAtoms) {
        const r = this.store.arg(atom, 0);
        const m = this.store.arg(atom, 1);
        if ((key[0]! < 0 || key[0] === r) && (key[1]! < 0 || key[1] === m)) out.push(atom);
      }
      return out;
    }
    const symbol = this.program.relationSymbol[relation]!;
    for (const f of this.facts.facts) {
      if (key[0]! >= 0 && key[0] !== f) continue;
      this.u.scratch[0] = f;
      out.push(this.store.compound(symbol, this.u.scratch, 0, 1));
    }
    return out;
  }

  /** The memo entry of the call whose key sits in scratch[keyStart .. keyStart+arity), solved. */
  private call(relation: RelationId, keyStart: number, arity: number): TableEntry {
    const entry = this.spaces[this.spaceOf[relation]!]!.lookup(relation, this.u.scratch, keyStart, arity);
    if (this.fixpoint.mustSolve(entry)) {
      const fixpoint = this.fixpoint;
      const depth = fixpoint.begin(entry);
      const mark = fixpoint.incompleteCount;
      let before: number;
      do {
        fixpoint.startPass(depth);
        before = this.answerCount;
        this.solveRules(entry);
      } while (fixpoint.endPass(entry, depth, mark, this.answerCount !== before));
    }
    return entry;
  }

  private solveRules(entry: TableEntry): void {
    const key = entry.key;
    const rules = this.program.rulesFor(entry.relation, key.length > 0 ? key[0]! : -1);
    for (let r = 0; r < rules.length; r++) {
      const rule = rules[r]!;
      this.inferences++;
      this.clock.tick(entry.relation);
      const frame = this.u.pushFrame(rule.variableCount);
      const trailMark = this.u.trailTop;
      let matched = true;
      const head = rule.head;
      for (let i = 0; i < key.length; i++) {
        const k = key[i]!;
        if (k >= 0 && !this.u.match(head[i]!, k, frame)) {
          matched = false;
          break;
        }
      }
      const stop = matched && this.solveBody(rule, 0, frame, entry);
      this.u.undo(trailMark);
      this.u.frameTop = frame;
      if (stop) return;
    }
  }

  /** Solves body literals from `index` on; true when the entry is settled and the search can stop. */
  private solveBody(rule: CompiledRule, index: number, frame: number, entry: TableEntry): boolean {
    if (index === rule.body.length) return this.emit(rule, frame, entry);
    const literal = rule.body[index]!;
    if (literal.kind === L_DISTINCT) {
      const left = this.u.build(literal.args[0]!, frame);
      const right = this.u.build(literal.args[1]!, frame);
      if (left < 0 || right < 0) throw internal('distinct over an unbound variable');
      return left !== right && this.solveBody(rule, index + 1, frame, entry);
    }
    if (literal.kind === L_NEG) {
      return !this.holds(literal, frame) && this.solveBody(rule, index + 1, frame, entry);
    }
    const relation = literal.relation;
    const space = this.spaceOf[relation]!;
    if (space === SPACE_TRUE) return this.solveTrue(rule, index, frame, entry, literal.args[0]!);
    if (space === SPACE_DOES) return this.solveDoes(rule, index, frame, entry, literal.args);
    const args = literal.args;
    const answers = this.callLiteral(literal, frame).answers;
    for (let a = 0; a < answers.length; a++) {
      const atom = answers[a]!;
      const mark = this.u.trailTop;
      if (this.u.matchArgs(args, atom, frame) && this.solveBody(rule, index + 1, frame, entry)) {
        this.u.undo(mark);
        return true;
      }
      this.u.undo(mark);
    }
    return false;
  }

  private solveTrue(
    rule: CompiledRule,
    index: number,
    frame: number,
    entry: TableEntry,
    pattern: number,
  ): boolean {
    const code = this.u.code;
    const tag = code[pattern]!;
    let candidates: readonly TermId[] | Int32Array;
    if (tag === P_GROUND) {
      return this.facts.has(code[pattern + 1]!) && this.solveBody(rule, index + 1, frame, entry);
    }
    if (tag === P_VAR) {
      const bound = this.u.bindings[frame + code[pattern + 1]!]!;
      if (bound >= 0) return this.facts.has(bound) && this.solveBody(rule, index + 1, frame, entry);
      candidates = this.facts.facts;
    } else {
      const functor = code[pattern + 1]!;
      const arity = code[pattern + 2]!;
      const whole = this.u.build(pattern, frame);
      if (whole >= 0) return this.facts.has(whole) && this.solveBody(rule, index + 1, frame, entry);
      const first = arity > 0 ? this.u.build(pattern + 4, frame) : -1;
      candidates =
        first >= 0 ? this.facts.withFirstArg(functor, arity, first) : this.facts.withFunctor(functor, arity);
    }
    for (let i = 0; i < candidates.length; i++) {
      const mark = this.u.trailTop;
      if (this.u.match(pattern, candidates[i]!, frame) && this.solveBody(rule, index + 1, frame, entry)) {
        this.u.undo(mark);
        return true;
      }
      this.u.undo(mark);
    }
    return false;
  }

  private solveDoes(
    rule: CompiledRule,
    index: number,
    frame: number,
    entry: TableEntry,
    args: Int32Array,
  ): boolean {
    const atoms = this.doesAtoms;
    for (let i = 0; i < atoms.length; i++) {
      const mark = this.u.trailTop;
      if (this.u.matchArgs(args, atoms[i]!, frame) && this.solveBody(rule, index + 1, frame, entry)) {
        this.u.undo(mark);
        return true;
      }
      this.u.undo(mark);
    }
    return false;
  }

  /** Negation as failure on a ground literal (the normalised body binds its variables first). */
  private holds(literal: CompiledLiteral, frame: number): boolean {
    const args = literal.args;
    const relation = literal.relation;
    const space = this.spaceOf[relation]!;
    if (space === SPACE_TRUE) {
      const fluent = this.u.build(args[0]!, frame);
      if (fluent < 0) throw internal('negated true literal is not ground');
      return this.facts.has(fluent);
    }
    if (space === SPACE_DOES) {
      const role = this.u.build(args[0]!, frame);
      const move = this.u.build(args[1]!, frame);
      if (role < 0 || move < 0) throw internal('negated does literal is not ground');
      for (const atom of this.doesAtoms) {
        if (this.store.arg(atom, 0) === role && this.store.arg(atom, 1) === move) return true;
      }
      return false;
    }
    const entry = this.callLiteral(literal, frame);
    if (entry.answers.length > 0) return true;
    if (entry.status !== COMPLETE) {
      const name = this.game.relations[relation]!.key;
      // A cycle through negation among the ground atoms the query reached: the game has no meaning there,
      // as the grounded backends report at build (DESIGN.md 4a).
      throw new GdlkitError(
        'INVALID_GAME',
        `recursion through negation at the ground level: ${name} is negated while it is still being proved, so the game is not stratified`,
      );
    }
    return false;
  }

  /** Builds the call pattern of a positive or negative literal and solves it. */
  private callLiteral(literal: CompiledLiteral, frame: number): TableEntry {
    const args = literal.args;
    const arity = args.length;
    const keyStart = this.u.reserveScratch(arity);
    for (let i = 0; i < arity; i++) {
      const t = this.u.build(args[i]!, frame);
      this.u.scratch[keyStart + i] = t;
    }
    const entry = this.call(literal.relation, keyStart, arity);
    this.u.scratchTop = keyStart;
    return entry;
  }

  /** Adds the instantiated head to the entry; true when the entry is ground and now settled. */
  private emit(rule: CompiledRule, frame: number, entry: TableEntry): boolean {
    const head = rule.head;
    const arity = head.length;
    const start = this.u.reserveScratch(arity);
    for (let i = 0; i < arity; i++) {
      const t = this.u.build(head[i]!, frame);
      if (t < 0) throw internal('rule head not ground after its body');
      this.u.scratch[start + i] = t;
    }
    const atom = this.store.compound(
      this.program.relationSymbol[rule.relation]!,
      this.u.scratch,
      start,
      arity,
    );
    this.u.scratchTop = start;
    if (addAnswer(entry, atom)) {
      this.answerCount++;
      this.clock.answer(rule.relation);
    }
    return entry.ground;
  }
}

function sameMove(a: readonly TermId[], b: readonly TermId[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function internal(what: string): Error {
  return new Error(`internal prover error: ${what}`);
}
