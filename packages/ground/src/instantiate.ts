// Bottom-up instantiation of a game's rules over the reachable ground atoms.
//
// Static relations (independent of true/does, no cycle through negation) are evaluated exactly, component by
// component in dependency order, by semi-naive fixpoints with negation as failure on lower strata: this is the
// constant folding of static parts. The state-dependent rules are then instantiated by one relaxed fixpoint
// that ignores negation: true(f) ranges over init ∪ next-derivable fluents and does(r, m) over legal-derivable
// moves (the bridges below), and positive literals are joined over the atoms found so far through
// per-argument indexes, never over Cartesian domains. Each ground instance is recorded as a ground rule whose
// body keeps the state-dependent literals; a negative literal whose atom is never reachable is dropped.
import {
  type Atom,
  collectVariables,
  type Game,
  type GameRule,
  type Pattern,
  type RelationId,
  type TermId,
} from '@gdlkit/core';
import { assertBoundedDepth } from './domains-permanent.js';
import { BudgetMeter, type GroundingBudget } from './ground-budget.js';
import { GroundProgram } from './ground-program.js';
import { AtomTable, firstStampAtLeast, type IndexShape, KEY_SEED, mixKey } from './instantiate-atoms.js';
import { ANY, type Demand, relationDemands } from './instantiate-demand.js';
import { type FactoredRules, factorMoveRules } from './instantiate-factor.js';
import { addMagicRelations } from './instantiate-magic.js';
import { type JoinPlan, planJoin, Visibility } from './instantiate-plan.js';
import { splitRuleBodies } from './instantiate-split.js';

interface PreparedPlan {
  readonly plan: JoinPlan;
  readonly indexes: Int32Array;
}

export interface GroundingOptions extends GroundingBudget {}

/**
 * Grounds `game`. Throws BudgetExceededError (from @gdlkit/core) naming the relation being instantiated when
 * the time or memory budget runs out.
 */
export function groundGame(game: Game, options: GroundingOptions = {}): GroundProgram {
  return new Instantiator(game, options).run();
}

const UNBOUND = -2;
const ABSENT = -1;

class Instantiator {
  private readonly started = performance.now();
  private readonly atoms: AtomTable;
  private readonly exact: boolean[];
  /** Magic relations (instantiate-magic.ts): their atoms restrict joins but are not part of ground rules. */
  private readonly filter: Uint8Array;
  /** The state-dependent rules, move-dependent bodies factored through auxiliary relations. */
  private readonly dynamic: FactoredRules;
  /** Per relation (the game's, then auxiliary ones): key for messages (an auxiliary relation's owner's) and
   * the symbol of its atoms. */
  private readonly relationKeys: string[];
  private readonly symbols: number[];
  private readonly demands: (Demand | undefined)[];
  private readonly meter: BudgetMeter;
  private readonly bindings: Int32Array;
  private readonly trail: number[] = [];
  private readonly chosen: Int32Array;
  /** Negated atom terms of the instance being built: negTerms[0, negCount). */
  private readonly negTerms: number[] = [];
  private negCount = 0;
  private round = 0;
  private dynamicRounds = 0;
  private plan!: JoinPlan;
  /** The atom table's index id of each step of `plan` (-1 for a scan). */
  private planIndexes!: Int32Array;
  private relationKey = '';
  private recording = false;
  private readonly heads: number[] = [];
  private readonly bodyStart: number[] = [0];
  private readonly negStart: number[] = [];
  private readonly body: number[] = [];
  private readonly sources: number[] = [];
  /** Duplicate ground rules are dropped: rules by body hash, chained through sameHash. */
  private readonly ruleByHash = new Map<number, number>();
  private readonly sameHash: number[] = [];
  private readonly scratchBody: Int32Array;
  /** Argument terms of the atom being built (build() of nested terms allocates its own). */
  private readonly scratchArgs: Int32Array;
  private readonly trueSymbol: number;
  private readonly doesSymbol: number;

  constructor(
    private readonly game: Game,
    options: GroundingOptions,
  ) {
    this.meter = new BudgetMeter(options);
    this.exact = exactRelations(game);
    const kw = game.keywords;
    const isExact = (r: RelationId) => this.exact[r]!;
    this.demands = relationDemands(game);
    const factored = factorMoveRules(
      game,
      // Rules of relations no keyword depends on are left out: their ground negative cycles (DESIGN.md 4a)
      // cannot change an answer, and the prover and forward chainer never evaluate them either.
      game.rules.filter(
        (r) =>
          game.used[r.head.relation] &&
          !this.exact[r.head.relation] &&
          r.head.relation !== kw.true &&
          r.head.relation !== kw.does,
      ),
      isExact,
    );
    const demanded = (r: RelationId) => this.demands[r] !== undefined;
    const withMagic = addMagicRelations(game, factored, demanded);
    this.dynamic = splitRuleBodies(game, withMagic, isExact, demanded);
    const aux = this.dynamic.aux;
    this.filter = new Uint8Array(game.relations.length + aux.length);
    for (const r of withMagic.filters) this.filter[r] = 1;
    this.relationKeys = [...game.relations.map((r) => r.key), ...aux.map((a) => a.owner)];
    this.symbols = [...game.relations.map((r) => r.symbol), ...aux.map((a) => game.store.symbol(a.name))];
    for (const _ of aux) this.exact.push(false);
    this.atoms = new AtomTable(game.store, this.relationKeys.length);
    let maxVars = 1;
    let maxBody = 1;
    for (const rule of [...game.rules, ...this.dynamic.rules]) {
      maxVars = Math.max(maxVars, rule.variableCount);
      maxBody = Math.max(maxBody, rule.body.length);
    }
    this.bindings = new Int32Array(maxVars).fill(UNBOUND);
    this.chosen = new Int32Array(maxBody);
    this.scratchBody = new Int32Array(maxBody);
    let maxArity = 1;
    for (const r of game.relations) maxArity = Math.max(maxArity, r.arity);
    this.scratchArgs = new Int32Array(Math.max(maxArity, ...this.dynamic.aux.map((a) => a.arity)));
    this.trueSymbol = game.relations[game.keywords.true]!.symbol;
    this.doesSymbol = game.relations[game.keywords.does]!.symbol;
  }

  run(): GroundProgram {
    const { game, exact } = this;
    const ruleIndex = new Map<GameRule, number>(game.rules.map((r, i) => [r, i]));
    for (const component of game.analysis.components) {
      if (!exact[component[0]!]) continue;
      const members = new Set(component);
      const rules = component.flatMap((r) => game.rulesByHead[r]!);
      this.fixpoint(
        rules,
        ruleIndex,
        (r) => members.has(r),
        () => {},
      );
    }
    const kw = game.keywords;
    this.recording = true;
    const start = this.round;
    this.fixpoint(
      this.dynamic.rules,
      this.dynamic.source,
      (r) => !exact[r],
      () => {
        // Exact init, next or legal facts feed true/does like derived ones do.
        for (const rel of [kw.init, kw.next, kw.legal]) {
          if (!exact[rel]) continue;
          for (const id of this.atoms.byRelation[rel]!) this.bridge(rel, this.atoms.terms[id]!);
        }
      },
    );
    this.dynamicRounds = this.round - start;
    return this.finish();
  }

  /** Semi-naive fixpoint of `rules`, whose heads and `variable` relations are computed here. */
  private fixpoint(
    rules: readonly GameRule[],
    ruleIndex: ReadonlyMap<GameRule, number>,
    variable: (relation: RelationId) => boolean,
    seed: () => void,
  ): void {
    const preferred = (r: RelationId) => this.exact[r]!;
    // Relations completed before this fixpoint have known sizes: the mean atoms per probe of an index.
    const fanout = (atom: Atom, shape: IndexShape | undefined): number => {
      if (variable(atom.relation)) return Number.POSITIVE_INFINITY;
      if (shape === undefined) return this.atoms.byRelation[atom.relation]!.length;
      return this.atoms.meanBucket(this.atoms.index(atom.relation, shape));
    };
    const first: PreparedPlan[] = [];
    const deltaPlans: { relation: RelationId; plan: PreparedPlan }[] = [];
    for (const rule of rules) {
      const index = ruleIndex.get(rule)!;
      const prebound = new Set<number>();
      for (const i of this.demands[rule.head.relation]?.fixed ?? [])
        collectVariables(rule.head.args[i]!, prebound);
      let variablePositives = 0;
      rule.body.forEach((l, i) => {
        if (l.kind !== 'pos' || !variable(l.atom.relation)) return;
        variablePositives++;
        deltaPlans.push({
          relation: l.atom.relation,
          plan: this.prepare(planJoin(rule, index, i, variable, preferred, prebound, fanout)),
        });
      });
      if (variablePositives === 0) {
        first.push(this.prepare(planJoin(rule, index, -1, variable, preferred, prebound, fanout)));
      }
    }
    this.round++;
    seed();
    for (const plan of first) this.runPlan(plan);
    const watched = [...new Set(deltaPlans.map((d) => d.relation))];
    const changed = new Uint8Array(this.relationKeys.length);
    for (;;) {
      const previous = this.round;
      this.round++;
      let anyDelta = false;
      for (const rel of watched) {
        const list = this.atoms.byRelation[rel]!;
        changed[rel] = list.length > 0 && this.atoms.stamps[list[list.length - 1]!] === previous ? 1 : 0;
        if (changed[rel]) anyDelta = true;
      }
      if (!anyDelta) return;
      for (const { relation, plan } of deltaPlans) if (changed[relation]) this.runPlan(plan);
    }
  }

  /** Registers the index each step of a plan probes. */
  private prepare(plan: JoinPlan): PreparedPlan {
    const indexes = Int32Array.from(plan.steps, (step) =>
      step.shape === undefined ? -1 : this.atoms.index(step.atom.relation, step.shape),
    );
    return { plan, indexes };
  }

  private runPlan({ plan, indexes }: PreparedPlan): void {
    this.plan = plan;
    this.planIndexes = indexes;
    this.relationKey = this.relationKeys[plan.rule.head.relation]!;
    const demand = this.demands[plan.rule.head.relation];
    if (demand === undefined) {
      this.start();
      return;
    }
    const head = plan.rule.head;
    for (const tuple of demand.tuples) {
      let ok = true;
      for (let i = 0; i < tuple.length && ok; i++) {
        const t = tuple[i]!;
        if (t !== ANY) ok = this.match(head.args[i]!, t);
      }
      if (ok) this.start();
      while (this.trail.length > 0) this.bindings[this.trail.pop()!] = UNBOUND;
    }
  }

  /** Checks the guards that need no join, then joins. */
  private start(): void {
    this.negCount = 0;
    for (const guard of this.plan.groundGuards) if (!this.guard(guard)) return;
    this.join(0);
  }

  private join(k: number): void {
    const steps = this.plan.steps;
    if (k === steps.length) {
      this.emit();
      return;
    }
    const step = steps[k]!;
    const atom = step.atom;
    const rel = atom.relation;
    const atoms = this.atoms;
    let candidates: readonly number[] | undefined;
    if (step.shape === undefined) {
      candidates = atoms.byRelation[rel]!;
    } else {
      let key = KEY_SEED;
      const { probeVar, probeTerm } = step;
      for (let i = 0; i < probeVar.length; i++) {
        const v = probeVar[i]!;
        key = mixKey(key, v < 0 ? probeTerm[i]! : this.bindings[v]!);
      }
      candidates = atoms.probe(this.planIndexes[k]!, key);
      if (candidates === undefined) return;
    }
    let lo = 0;
    let hi = candidates.length;
    if (step.visibility !== Visibility.Complete) {
      // Semi-naive: the last round's atoms (Delta), those before it (Old) or both (All), never this round's.
      const previous = this.round - 1;
      const stamps = atoms.stamps;
      const deltaFrom = firstStampAtLeast(candidates, stamps, previous, 0, hi);
      if (step.visibility === Visibility.Old) hi = deltaFrom;
      else {
        hi = firstStampAtLeast(candidates, stamps, previous + 1, deltaFrom, hi);
        if (step.visibility === Visibility.Delta) lo = deltaFrom;
      }
    }
    const store = this.game.store;
    const relationKey = this.relationKey;
    const negMark = this.negCount;
    for (let i = lo; i < hi; i++) {
      const id = candidates[i]!;
      this.meter.tick(relationKey);
      const mark = this.trail.length;
      const term = atoms.terms[id]!;
      let ok = true;
      for (let p = 0; p < atom.args.length && ok; p++) ok = this.match(atom.args[p]!, store.arg(term, p));
      if (ok) {
        this.chosen[k] = id;
        for (const guard of step.guards) {
          if (!this.guard(guard)) {
            ok = false;
            break;
          }
        }
        if (ok) this.join(k + 1);
      }
      this.negCount = negMark;
      while (this.trail.length > mark) this.bindings[this.trail.pop()!] = UNBOUND;
    }
  }

  private match(p: Pattern, term: TermId): boolean {
    if (p.kind === 'ground') return p.term === term;
    if (p.kind === 'var') {
      const b = this.bindings[p.index]!;
      if (b >= 0) return b === term;
      this.bindings[p.index] = term;
      this.trail.push(p.index);
      return true;
    }
    const store = this.game.store;
    if (store.functor(term) !== p.functor || store.arity(term) !== p.args.length) return false;
    for (let i = 0; i < p.args.length; i++) if (!this.match(p.args[i]!, store.arg(term, i))) return false;
    return true;
  }

  /** The term a pattern denotes under the bindings without interning: UNBOUND, or ABSENT if never built. */
  private value(p: Pattern): number {
    if (p.kind === 'ground') return p.term;
    if (p.kind === 'var') return this.bindings[p.index]!;
    const args: number[] = [];
    for (const a of p.args) {
      const v = this.value(a);
      if (v < 0) return v;
      args.push(v);
    }
    return this.game.store.find(p.functor, args) ?? ABSENT;
  }

  /** The term a pattern denotes under the (complete) bindings, interned. */
  private build(p: Pattern): TermId {
    if (p.kind === 'ground') return p.term;
    if (p.kind === 'var') return this.bindings[p.index]!;
    return this.game.store.compound(
      p.functor,
      p.args.map((a) => this.build(a)),
    );
  }

  private atomTermOf(atom: Atom): TermId {
    const args = atom.args;
    const scratch = this.scratchArgs;
    for (let i = 0; i < args.length; i++) scratch[i] = this.build(args[i]!);
    return this.game.store.compound(this.symbols[atom.relation]!, scratch, 0, args.length);
  }

  /** Checks a guard; a negative literal over a relation that is not exact is kept for the ground rule. */
  private guard(literal: GameRule['body'][number]): boolean {
    if (literal.kind === 'distinct') return this.build(literal.left) !== this.build(literal.right);
    if (literal.kind === 'pos') return true;
    const atom = literal.atom;
    if (this.exact[atom.relation]) {
      const args: number[] = [];
      for (const a of atom.args) {
        const v = this.value(a);
        if (v === ABSENT) return true;
        args.push(v);
      }
      const term = this.game.store.find(this.symbols[atom.relation]!, args);
      return term === undefined || this.atoms.find(term) === undefined;
    }
    this.negTerms[this.negCount++] = this.atomTermOf(atom);
    return true;
  }

  private emit(): void {
    const head = this.plan.rule.head;
    const term = this.atomTermOf(head);
    const added = this.atoms.add(head.relation, term, this.round);
    if (added >= 0) assertBoundedDepth(this.game.store, term, -1, this.relationKeys[head.relation]!);
    if (!this.recording || this.filter[head.relation]) return;
    if (added >= 0) this.bridge(head.relation, term);
    const headId = added >= 0 ? added : -added - 1;
    const steps = this.plan.steps;
    // The body keeps the state-dependent atoms in join order, then the negated atom terms.
    let positives = 0;
    let hash = mixKey(KEY_SEED, headId);
    for (let k = 0; k < steps.length; k++) {
      const relation = steps[k]!.atom.relation;
      if (this.exact[relation] || this.filter[relation]) continue;
      const id = this.chosen[k]!;
      this.scratchBody[positives++] = id;
      hash = mixKey(hash, id);
    }
    hash = mixKey(hash, -1);
    for (let i = 0; i < this.negCount; i++) hash = mixKey(hash, this.negTerms[i]!);
    const first = this.ruleByHash.get(hash);
    for (let r = first ?? -1; r >= 0; r = this.sameHash[r]!) {
      if (this.isRule(r, headId, positives)) return;
    }
    this.ruleByHash.set(hash, this.heads.length);
    this.sameHash.push(first ?? -1);
    for (let i = 0; i < positives; i++) this.body.push(this.scratchBody[i]!);
    this.negStart.push(this.body.length);
    for (let i = 0; i < this.negCount; i++) this.body.push(this.negTerms[i]!);
    this.heads.push(headId);
    this.bodyStart.push(this.body.length);
    this.sources.push(this.plan.ruleIndex);
    if ((this.heads.length & 1023) === 0) {
      this.meter.checkMemory(
        this.atoms.count,
        this.heads.length,
        this.body.length,
        this.relationKeys[head.relation]!,
      );
    }
  }

  /** Whether ground rule r equals the instance being emitted (scratchBody[0, positives) and negTerms). */
  private isRule(r: number, headId: number, positives: number): boolean {
    if (this.heads[r] !== headId) return false;
    const from = this.bodyStart[r]!;
    const neg = this.negStart[r]!;
    if (neg - from !== positives || this.bodyStart[r + 1]! - neg !== this.negCount) return false;
    for (let i = 0; i < positives; i++) if (this.body[from + i] !== this.scratchBody[i]) return false;
    for (let i = 0; i < this.negCount; i++) if (this.body[neg + i] !== this.negTerms[i]) return false;
    return true;
  }

  /** true(f) ranges over init and next atoms, does(r, m) over legal atoms. */
  private bridge(relation: RelationId, term: TermId): void {
    const kw = this.game.keywords;
    const store = this.game.store;
    if (relation === kw.init || relation === kw.next) {
      this.atoms.add(kw.true, store.compound(this.trueSymbol, [store.arg(term, 0)]), this.round);
    } else if (relation === kw.legal) {
      this.atoms.add(
        kw.does,
        store.compound(this.doesSymbol, [store.arg(term, 0), store.arg(term, 1)]),
        this.round,
      );
    }
  }

  private finish(): GroundProgram {
    const { atoms, game } = this;
    const n = atoms.count;
    const atomStatic = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (this.exact[atoms.relations[i]!]) atomStatic[i] = 1;
    const ruleCount = this.heads.length;
    const ruleBodyStart = new Int32Array(ruleCount + 1);
    const ruleNegStart = new Int32Array(ruleCount);
    const body: number[] = [];
    for (let r = 0; r < ruleCount; r++) {
      ruleBodyStart[r] = body.length;
      for (let i = this.bodyStart[r]!; i < this.negStart[r]!; i++) body.push(this.body[i]!);
      ruleNegStart[r] = body.length;
      for (let i = this.negStart[r]!; i < this.bodyStart[r + 1]!; i++) {
        // A negated atom that is never reachable is false in every state: the literal always holds.
        const id = atoms.find(this.body[i]!);
        if (id !== undefined) body.push(id);
      }
    }
    ruleBodyStart[ruleCount] = body.length;
    const byTerm = new Map<TermId, number>();
    for (let i = 0; i < n; i++) byTerm.set(atoms.terms[i]!, i);
    return new GroundProgram(
      game,
      n,
      atoms.terms.slice(0, n),
      atoms.relations.slice(0, n),
      atomStatic,
      atoms.byRelation.map((l) => Int32Array.from(l)),
      ruleCount,
      Int32Array.from(this.heads),
      ruleBodyStart,
      ruleNegStart,
      Int32Array.from(body),
      Int32Array.from(this.sources),
      {
        milliseconds: performance.now() - this.started,
        atoms: n,
        rules: ruleCount,
        rounds: this.dynamicRounds,
      },
      byTerm,
    );
  }
}

/**
 * Relations evaluated exactly at grounding time: static (independent of true/does), on no cycle through
 * negation, and depending only on such relations.
 */
function exactRelations(game: Game): boolean[] {
  const { analysis, rulesByHead } = game;
  const exact: boolean[] = game.relations.map(() => false);
  for (const component of analysis.components) {
    const members = new Set(component);
    let ok = component.every((r) => !analysis.dynamic[r] && !analysis.negativeCycle[r]);
    for (const r of component) {
      for (const rule of rulesByHead[r]!) {
        for (const l of rule.body) {
          if (l.kind !== 'distinct' && !members.has(l.atom.relation) && !exact[l.atom.relation]) ok = false;
        }
      }
    }
    for (const r of component) exact[r] = ok;
  }
  return exact;
}
