// Answers with supports for open logic programs ⟨P, B+, B0⟩: Thielscher 2013, "Filtering with Logic Programs
// and Its Application to General Game Playing", section "A Backward-Chaining Proof Method". Each answer θ of a
// query comes with the supports S under which it follows, by exactly the four derivation rules of the paper:
//   1. Lθ ∈ B+ gives support ∅;                2. Lθ ∈ B0 gives support {Lθ};
//   3. a ground ¬A gives every consistent set holding the complement of some literal of each support of A;
//   4. unfolding A with a clause gives the union, when consistent, of the supports of the body literals.
// Supports are kept minimal per answer (a superset of another support adds no model, and the filter's
// intersections over Supp(o) are unchanged by dropping it) and without duplicates.
//
// The `kleene` option replaces every non-empty support by one token "unknown": rule 2 gives it to a B0 atom,
// rule 3 gives ¬A the support ∅ when A has no support, none when A has ∅, and "unknown" otherwise. That is
// Kleene's three-valued evaluation with B0 unknown, polynomial like plain tabling. It is sound for the filter:
// by induction over the strata, a Kleene support ∅ is a support ∅ of the exact rules (skeptically true), and
// every atom with an exact support has a Kleene support (so credulous answers are a superset).
import {
  type Atom,
  type Game,
  type RelationId,
  type TermId,
  type TermStore,
  UnsupportedError,
} from '@gdlkit/core';
import { addAnswer, COMPLETE, MemoSpace, type TableEntry } from './memo-table.js';
import { type CompiledRule, L_DISTINCT, L_NEG, type Program } from './program.js';
import { Solver } from './solve.js';
import { BudgetClock, type SupportBudget } from './support-budget.js';
import { Fixpoint } from './tabling.js';
import { Unifier } from './unify.js';

/** A ground atom with a sign: `positive: false` stands for its negation ¬atom. */
export interface SignedAtom {
  readonly atom: TermId;
  readonly positive: boolean;
}

/** A set of signed ground atoms, sorted by atom id (positive before negative), consistent. */
export type Support = readonly SignedAtom[];

export interface SupportedAnswer {
  /** The ground instance Qθ of the query. */
  readonly answer: TermId;
  /** Its computed supports, minimal, sorted by size then literals; `[]` among them means skeptically true. */
  readonly supports: readonly Support[];
}

/** A query: a ground atom term, or an atom pattern with variables (e.g. from `queryAtom`). */
export type SupportQuery = TermId | Atom;

/** A ground instance of a query that holds in some extension; `skeptical`: in every extension. */
export interface Entailment {
  readonly answer: TermId;
  readonly skeptical: boolean;
}

export interface SupportProverOptions {
  /**
   * Three-valued (Kleene) evaluation instead of the paper's supports: only whether an answer is skeptically or
   * credulously entailed is computed, soundly but less completely, in polynomial time. `supports` and
   * `supportsOfNegation` are then unavailable.
   */
  readonly kleene?: boolean;
}

/** Signed literals encoded as atom * 2 + (negative ? 1 : 0), sorted ascending. */
type Literals = Int32Array;

const NO_LITERALS: Literals = new Int32Array(0);
/** The one non-empty support of the Kleene evaluation: "unknown" (no atom has a negative id). */
const UNKNOWN: Literals = Int32Array.of(-2);

export class SupportProver {
  readonly program: Program;
  private readonly store: TermStore;
  private readonly u: Unifier;
  private readonly fixpoint = new Fixpoint();
  private readonly space = new MemoSpace();
  /** Per table entry, the supports of each answer atom. */
  private readonly supportsOf = new Map<TableEntry, Map<TermId, Literals[]>>();
  private readonly counterCache = new Map<TermId, Literals[]>();
  /** Answers of the relations that B+ and B0 cannot reach, from the plain solver (all with support ∅). */
  private readonly closed: Solver;
  private changes = 0;
  private readonly kleene: boolean;
  private readonly clock: BudgetClock;

  private bPlus: ReadonlySet<TermId> = new Set();
  private bZero: ReadonlySet<TermId> = new Set();
  private sessionKey: Int32Array = new Int32Array(0);
  private baseAtoms = new Map<RelationId, { atom: TermId; positive: boolean }[]>();
  /** Relations whose answers may depend on B+ or B0 (and always on true/does). */
  private open: Uint8Array = new Uint8Array(0);

  constructor(
    readonly game: Game,
    options: SupportProverOptions = {},
  ) {
    this.closed = new Solver(game);
    this.program = this.closed.program;
    this.store = game.store;
    this.u = new Unifier(this.program, this.store);
    this.kleene = options.kleene === true;
    this.clock = new BudgetClock((relation) => game.relations[relation]?.key ?? `relation ${relation}`);
  }

  /**
   * Every answer of the query with all its computed supports: Supp(Q) per ground instance. Every query throws
   * BudgetExceededError when it exceeds `budget`; the prover stays usable.
   */
  supports(
    query: SupportQuery,
    bPlus: ReadonlySet<TermId>,
    bZero: ReadonlySet<TermId>,
    budget?: SupportBudget,
  ): SupportedAnswer[] {
    this.assertExact('supports');
    const found = this.run(query, bPlus, bZero, budget);
    return found.map(([answer, literals]) => ({ answer, supports: literals.map(toSupport) }));
  }

  /** The computed supports of ¬atom for a ground atom: its countersupports (derivation rule 3). */
  supportsOfNegation(
    atom: TermId,
    bPlus: ReadonlySet<TermId>,
    bZero: ReadonlySet<TermId>,
    budget?: SupportBudget,
  ): Support[] {
    this.assertExact('supportsOfNegation');
    return this.guarded(bPlus, bZero, budget, () => this.countersupports(atom).map(toSupport));
  }

  /** Ground instances that hold in every extension of ⟨P, B+, B0⟩: those with the empty support. */
  skeptical(
    query: SupportQuery,
    bPlus: ReadonlySet<TermId>,
    bZero: ReadonlySet<TermId>,
    budget?: SupportBudget,
  ): TermId[] {
    return this.run(query, bPlus, bZero, budget)
      .filter(([, literals]) => literals.some((s) => s.length === 0))
      .map(([answer]) => answer);
  }

  /** Ground instances that hold in some extension: those with any consistent support. */
  credulous(
    query: SupportQuery,
    bPlus: ReadonlySet<TermId>,
    bZero: ReadonlySet<TermId>,
    budget?: SupportBudget,
  ): TermId[] {
    return this.run(query, bPlus, bZero, budget).map(([answer]) => answer);
  }

  /** The credulously entailed instances of the query, each marked whether it is also skeptically entailed. */
  entailed(
    query: SupportQuery,
    bPlus: ReadonlySet<TermId>,
    bZero: ReadonlySet<TermId>,
    budget?: SupportBudget,
  ): Entailment[] {
    return this.run(query, bPlus, bZero, budget).map(([answer, literals]) => ({
      answer,
      skeptical: literals.some((s) => s.length === 0),
    }));
  }

  private assertExact(method: string): void {
    if (this.kleene) {
      throw new UnsupportedError(
        `SupportProver.${method}: a three-valued (kleene) prover has no supports; use entailed, skeptical or credulous`,
      );
    }
  }

  private run(
    query: SupportQuery,
    bPlus: ReadonlySet<TermId>,
    bZero: ReadonlySet<TermId>,
    budget: SupportBudget | undefined,
  ): [TermId, Literals[]][] {
    return this.guarded(bPlus, bZero, budget, () => {
      if (typeof query === 'number') {
        const literals = this.supportsOfAtom(query);
        return literals.length === 0 ? [] : [[query, literals]];
      }
      return this.solveQuery(query);
    });
  }

  /** Runs a top-level computation for (B+, B0), keeping tables while the sets keep their contents. */
  private guarded<T>(
    bPlus: ReadonlySet<TermId>,
    bZero: ReadonlySet<TermId>,
    budget: SupportBudget | undefined,
    body: () => T,
  ): T {
    this.startSession(bPlus, bZero);
    this.clock.start(budget);
    const mark = this.program.mark();
    try {
      this.u.refresh();
      return body();
    } catch (error) {
      this.clearTables();
      throw error;
    } finally {
      this.program.release(mark);
      this.u.reset();
    }
  }

  private startSession(bPlus: ReadonlySet<TermId>, bZero: ReadonlySet<TermId>): void {
    const plus = Int32Array.from(bPlus).sort();
    const zero = Int32Array.from(bZero).sort();
    const key = new Int32Array(plus.length + zero.length + 1);
    key.set(plus);
    key[plus.length] = -1;
    key.set(zero, plus.length + 1);
    if (sameLiterals(key, this.sessionKey)) return;
    this.sessionKey = key;
    this.bPlus = bPlus;
    this.bZero = bZero;
    this.clearTables();
    this.baseAtoms = new Map();
    const addBase = (atom: TermId, positive: boolean) => {
      const relation = this.game.relationOf(atom);
      if (relation === undefined) return;
      let list = this.baseAtoms.get(relation);
      if (list === undefined) this.baseAtoms.set(relation, (list = []));
      list.push({ atom, positive });
    };
    for (const atom of plus) addBase(atom, true);
    for (const atom of zero) if (!bPlus.has(atom)) addBase(atom, false);
    this.open = this.openRelations();
  }

  private clearTables(): void {
    this.space.clear();
    this.supportsOf.clear();
    this.counterCache.clear();
    this.fixpoint.reset();
  }

  /** Relations that depend on a relation with atoms in B+ or B0, or on true/does. */
  private openRelations(): Uint8Array {
    const open = new Uint8Array(this.game.relations.length);
    open[this.game.keywords.true] = 1;
    open[this.game.keywords.does] = 1;
    for (const relation of this.baseAtoms.keys()) open[relation] = 1;
    for (let changed = true; changed; ) {
      changed = false;
      for (const rule of this.program.rules) {
        if (open[rule.relation]) continue;
        if (rule.body.some((l) => l.kind !== L_DISTINCT && open[l.relation])) {
          open[rule.relation] = 1;
          changed = true;
        }
      }
    }
    return open;
  }

  private solveQuery(query: Atom): [TermId, Literals[]][] {
    const args = this.program.compileAtom(query);
    this.u.refresh();
    const variables = maxVariable(query) + 1;
    const frame = this.u.pushFrame(variables);
    const keyStart = this.u.reserveScratch(args.length);
    for (let i = 0; i < args.length; i++) this.u.scratch[keyStart + i] = this.u.build(args[i]!, frame);
    const entry = this.call(query.relation, keyStart, args.length);
    const table = this.supportsOf.get(entry);
    const out: [TermId, Literals[]][] = [];
    for (const atom of entry.answers) {
      const mark = this.u.trailTop;
      if (this.u.matchArgs(args, atom, frame)) out.push([atom, sortSupports(table!.get(atom)!)]);
      this.u.undo(mark);
    }
    return out;
  }

  /** Supp(A) of one ground atom, and whether that set is final (false only inside a recursive component). */
  private supportsOfAtom(atom: TermId): Literals[] {
    return this.atomSupports(atom).supports;
  }

  private atomSupports(atom: TermId): { supports: Literals[]; complete: boolean } {
    const relation = this.game.relationOf(atom);
    if (relation === undefined) {
      const supports = this.bPlus.has(atom)
        ? [NO_LITERALS]
        : this.bZero.has(atom)
          ? [this.unknownAtom(atom)]
          : [];
      return { supports, complete: true };
    }
    const arity = this.store.arity(atom);
    const keyStart = this.u.reserveScratch(arity);
    for (let i = 0; i < arity; i++) this.u.scratch[keyStart + i] = this.store.arg(atom, i);
    const entry = this.call(relation, keyStart, arity);
    this.u.scratchTop = keyStart;
    const found = this.supportsOf.get(entry)!.get(atom);
    return { supports: found === undefined ? [] : sortSupports(found), complete: entry.status === COMPLETE };
  }

  /**
   * Derivation rule 3: the consistent sets that hold the complement of some literal of each support of the
   * atom; minimal ones only. No support gives {∅}; an empty support (skeptically true) gives none.
   */
  private countersupports(atom: TermId): Literals[] {
    const cached = this.counterCache.get(atom);
    if (cached !== undefined) return cached;
    const { supports, complete } = this.atomSupports(atom);
    if (!complete) {
      throw new UnsupportedError(
        `recursion through negation: ${this.store.toKif(atom)} is negated while it is still being proved`,
      );
    }
    if (this.kleene) {
      const result =
        supports.length === 0 ? [NO_LITERALS] : supports.some((s) => s.length === 0) ? [] : [UNKNOWN];
      this.counterCache.set(atom, result);
      return result;
    }
    const relation = this.game.relationOf(atom) ?? 0;
    let result: Literals[] = [NO_LITERALS];
    for (const support of supports) {
      const next: Literals[] = [];
      for (const partial of result) {
        for (let i = 0; i < support.length; i++) {
          this.clock.tick(relation);
          const complement = support[i]! ^ 1;
          const extended = union(partial, Int32Array.of(complement));
          if (extended !== null) addMinimal(next, extended);
        }
      }
      this.clock.checkCount(next.length, relation);
      result = next;
      if (result.length === 0) break;
    }
    this.counterCache.set(atom, result);
    return result;
  }

  /** Derivation rule 2's support of a B0 atom: {atom}, or "unknown" in the Kleene evaluation. */
  private unknownAtom(atom: TermId): Literals {
    return this.kleene ? UNKNOWN : Int32Array.of(atom * 2);
  }

  /** The solved memo entry of the call whose key sits in scratch[keyStart .. keyStart+arity). */
  private call(relation: RelationId, keyStart: number, arity: number): TableEntry {
    const entry = this.space.lookup(relation, this.u.scratch, keyStart, arity);
    let table = this.supportsOf.get(entry);
    if (table === undefined) this.supportsOf.set(entry, (table = new Map()));
    if (!this.fixpoint.mustSolve(entry)) return entry;
    if (!this.open[relation]) {
      // Not reachable from B+ or B0: the plain answers, each skeptically true.
      for (const atom of this.closed.answers(relation, entry.key)) this.add(entry, table, atom, NO_LITERALS);
      entry.status = COMPLETE;
      return entry;
    }
    const depth = this.fixpoint.begin(entry);
    const mark = this.fixpoint.incompleteCount;
    let before: number;
    do {
      this.fixpoint.startPass(depth);
      before = this.changes;
      this.solveBase(entry, table);
      this.solveRules(entry, table);
    } while (this.fixpoint.endPass(entry, depth, mark, this.changes !== before));
    return entry;
  }

  /** Derivation rules 1 and 2 for the atoms of B+ and B0 that match the call. */
  private solveBase(entry: TableEntry, table: Map<TermId, Literals[]>): void {
    const atoms = this.baseAtoms.get(entry.relation);
    if (atoms === undefined) return;
    const key = entry.key;
    for (const { atom, positive } of atoms) {
      let matches = true;
      for (let i = 0; i < key.length && matches; i++) {
        if (key[i]! >= 0 && this.store.arg(atom, i) !== key[i]) matches = false;
      }
      if (matches) this.add(entry, table, atom, positive ? NO_LITERALS : this.unknownAtom(atom));
    }
  }

  /** Derivation rule 4: unfolding with every clause whose head matches the call. */
  private solveRules(entry: TableEntry, table: Map<TermId, Literals[]>): void {
    const key = entry.key;
    const rules = this.program.rulesFor(entry.relation, key.length > 0 ? key[0]! : -1);
    for (const rule of rules) {
      const frame = this.u.pushFrame(rule.variableCount);
      const mark = this.u.trailTop;
      let matched = true;
      for (let i = 0; i < key.length && matched; i++) {
        if (key[i]! >= 0 && !this.u.match(rule.head[i]!, key[i]!, frame)) matched = false;
      }
      if (matched) this.solveBody(rule, 0, frame, NO_LITERALS, entry, table);
      this.u.undo(mark);
      this.u.frameTop = frame;
    }
  }

  private solveBody(
    rule: CompiledRule,
    index: number,
    frame: number,
    support: Literals,
    entry: TableEntry,
    table: Map<TermId, Literals[]>,
  ): void {
    const u = this.u;
    this.clock.tick(rule.relation);
    if (index === rule.body.length) {
      const atom = u.buildAtom(this.program.relationSymbol[rule.relation]!, rule.head, frame);
      if (atom < 0) throw new Error('internal prover error: rule head not ground after its body');
      this.add(entry, table, atom, support);
      return;
    }
    const literal = rule.body[index]!;
    if (literal.kind === L_DISTINCT) {
      const left = u.build(literal.args[0]!, frame);
      const right = u.build(literal.args[1]!, frame);
      if (left !== right) this.solveBody(rule, index + 1, frame, support, entry, table);
      return;
    }
    if (literal.kind === L_NEG) {
      const atom = u.buildAtom(this.program.relationSymbol[literal.relation]!, literal.args, frame);
      if (atom < 0) throw new Error('internal prover error: negated literal is not ground');
      for (const counter of this.countersupports(atom)) {
        const merged = union(support, counter);
        if (merged !== null) this.solveBody(rule, index + 1, frame, merged, entry, table);
      }
      return;
    }
    const args = literal.args;
    const keyStart = u.reserveScratch(args.length);
    for (let i = 0; i < args.length; i++) u.scratch[keyStart + i] = u.build(args[i]!, frame);
    const called = this.call(literal.relation, keyStart, args.length);
    u.scratchTop = keyStart;
    const calledTable = this.supportsOf.get(called)!;
    const answers = called.answers;
    for (let a = 0; a < answers.length; a++) {
      const atom = answers[a]!;
      const mark = u.trailTop;
      if (u.matchArgs(args, atom, frame)) {
        const supports = calledTable.get(atom)!;
        for (let s = 0; s < supports.length; s++) {
          const merged = union(support, supports[s]!);
          if (merged !== null) this.solveBody(rule, index + 1, frame, merged, entry, table);
        }
      }
      u.undo(mark);
    }
  }

  private add(entry: TableEntry, table: Map<TermId, Literals[]>, atom: TermId, support: Literals): void {
    let list = table.get(atom);
    if (list === undefined) {
      addAnswer(entry, atom);
      table.set(atom, (list = []));
    }
    if (addMinimal(list, support)) {
      this.changes++;
      this.clock.checkCount(list.length, entry.relation);
    }
  }
}

/** Adds a support unless a subset of it is present, dropping the supersets it makes redundant. */
function addMinimal(list: Literals[], support: Literals): boolean {
  for (const s of list) if (isSubset(s, support)) return false;
  let kept = 0;
  for (let i = 0; i < list.length; i++) if (!isSubset(support, list[i]!)) list[kept++] = list[i]!;
  list.length = kept;
  list.push(support);
  return true;
}

function isSubset(a: Literals, b: Literals): boolean {
  if (a.length > b.length) return false;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    while (j < b.length && b[j]! < a[i]!) j++;
    if (j === b.length || b[j] !== a[i]) return false;
    j++;
  }
  return true;
}

/** The union of two supports, or null when it holds an atom with both signs (inconsistent). */
function union(a: Literals, b: Literals): Literals | null {
  if (b.length === 0 || a === b) return a;
  if (a.length === 0) return b;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const v = j === b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (n > 0 && out[n - 1] === v) continue;
    // Sorted by atom, positive (even) before negative (odd): a clash sits right next to its partner.
    if ((v & 1) === 1 && n > 0 && out[n - 1] === v - 1) return null;
    out[n++] = v;
  }
  return n === out.length ? out : out.slice(0, n);
}

function sameLiterals(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function compareSupports(a: Literals, b: Literals): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function sortSupports(list: readonly Literals[]): Literals[] {
  return [...list].sort(compareSupports);
}

function toSupport(literals: Literals): Support {
  return Array.from(literals, (l) => ({ atom: l >> 1, positive: (l & 1) === 0 }));
}

function maxVariable(atom: Atom): number {
  let max = -1;
  const visit = (p: Atom['args'][number]): void => {
    if (p.kind === 'var') max = Math.max(max, p.index);
    else if (p.kind === 'fn') for (const a of p.args) visit(a);
  };
  for (const a of atom.args) visit(a);
  return max;
}
