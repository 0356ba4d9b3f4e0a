// Bottom-up instantiation of a game's rules over the reachable ground atoms.
//
// Static relations (independent of true/does, no cycle through negation) are evaluated exactly, component by
// component in dependency order, by semi-naive fixpoints with negation as failure on lower strata: this is the
// constant folding of static parts. The state-dependent rules are then instantiated by one relaxed fixpoint
// that ignores negation: true(f) ranges over init ∪ next-derivable fluents and does(r, m) over legal-derivable
// moves (the bridges below), and positive literals are joined over the atoms found so far through
// per-argument indexes, never over Cartesian domains. Each ground instance is recorded as a ground rule whose
// body keeps the state-dependent literals; a negative literal whose atom is never reachable is dropped.
import type { Atom, Game, GameRule, Pattern, RelationId, TermId } from '@gdlkit/core';
import { BudgetMeter, type GroundingBudget } from './ground-budget.js';
import { GroundProgram } from './ground-program.js';
import { AtomTable } from './instantiate-atoms.js';
import { type JoinPlan, planJoin, Visibility } from './instantiate-plan.js';

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
  private readonly meter: BudgetMeter;
  private readonly bindings: Int32Array;
  private readonly trail: number[] = [];
  private readonly chosen: Int32Array;
  private readonly negTerms: number[] = [];
  private readonly deltaStart: Int32Array;
  private readonly deltaEnd: Int32Array;
  private round = 0;
  private dynamicRounds = 0;
  private plan!: JoinPlan;
  private recording = false;
  private readonly heads: number[] = [];
  private readonly bodyStart: number[] = [0];
  private readonly negStart: number[] = [];
  private readonly body: number[] = [];
  private readonly sources: number[] = [];
  private readonly seen = new Set<string>();
  private readonly trueSymbol: number;
  private readonly doesSymbol: number;

  constructor(
    private readonly game: Game,
    options: GroundingOptions,
  ) {
    this.atoms = new AtomTable(game);
    this.meter = new BudgetMeter(options);
    this.exact = exactRelations(game);
    let maxVars = 1;
    let maxBody = 1;
    for (const rule of game.rules) {
      maxVars = Math.max(maxVars, rule.variableCount);
      maxBody = Math.max(maxBody, rule.body.length);
    }
    this.bindings = new Int32Array(maxVars).fill(UNBOUND);
    this.chosen = new Int32Array(maxBody);
    this.deltaStart = new Int32Array(game.relations.length);
    this.deltaEnd = new Int32Array(game.relations.length);
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
    const dynamicRules = game.rules.filter(
      (r) => !exact[r.head.relation] && r.head.relation !== kw.true && r.head.relation !== kw.does,
    );
    this.recording = true;
    const start = this.round;
    this.fixpoint(
      dynamicRules,
      ruleIndex,
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
    const first: JoinPlan[] = [];
    const deltaPlans: { relation: RelationId; plan: JoinPlan }[] = [];
    for (const rule of rules) {
      const index = ruleIndex.get(rule)!;
      let variablePositives = 0;
      rule.body.forEach((l, i) => {
        if (l.kind !== 'pos' || !variable(l.atom.relation)) return;
        variablePositives++;
        deltaPlans.push({ relation: l.atom.relation, plan: planJoin(rule, index, i, variable, preferred) });
      });
      if (variablePositives === 0) first.push(planJoin(rule, index, -1, variable, preferred));
    }
    this.round++;
    seed();
    for (const plan of first) this.runPlan(plan);
    const watched = [...new Set(deltaPlans.map((d) => d.relation))];
    for (;;) {
      const previous = this.round;
      this.round++;
      let anyDelta = false;
      for (const rel of watched) {
        const list = this.atoms.byRelation[rel]!;
        let s = list.length;
        while (s > 0 && this.atoms.stamps[list[s - 1]!] === previous) s--;
        this.deltaStart[rel] = s;
        this.deltaEnd[rel] = list.length;
        if (s < list.length) anyDelta = true;
      }
      if (!anyDelta) return;
      for (const { relation, plan } of deltaPlans) {
        if (this.deltaStart[relation]! < this.deltaEnd[relation]!) this.runPlan(plan);
      }
    }
  }

  private runPlan(plan: JoinPlan): void {
    this.plan = plan;
    this.negTerms.length = 0;
    for (const guard of plan.groundGuards) if (!this.guard(guard)) return;
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
    for (let p = 0; p < atom.args.length; p++) {
      const v = this.value(atom.args[p]!);
      if (v === ABSENT) return;
      if (v >= 0) {
        candidates = atoms.bucket(rel, p, v);
        if (candidates === undefined) return;
        break;
      }
    }
    let lo = 0;
    let hi: number;
    let filter = step.visibility !== Visibility.Complete;
    if (candidates === undefined) {
      candidates = atoms.byRelation[rel]!;
      hi = candidates.length;
      filter = false;
      if (step.visibility === Visibility.Delta) {
        lo = this.deltaStart[rel]!;
        hi = this.deltaEnd[rel]!;
      } else if (step.visibility === Visibility.Old) {
        hi = this.deltaStart[rel]!;
      } else if (step.visibility === Visibility.All) {
        hi = this.deltaEnd[rel]!;
      }
    } else {
      hi = candidates.length;
    }
    const previous = this.round - 1;
    const store = this.game.store;
    const relationKey = this.game.relations[this.plan.rule.head.relation]!.key;
    const negMark = this.negTerms.length;
    for (let i = lo; i < hi; i++) {
      const id = candidates[i]!;
      if (filter) {
        const s = atoms.stamps[id]!;
        if (
          (step.visibility === Visibility.Delta && s !== previous) ||
          (step.visibility === Visibility.Old && s >= previous) ||
          (step.visibility === Visibility.All && s > previous)
        ) {
          continue;
        }
      }
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
      this.negTerms.length = negMark;
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
    return this.game.atomTerm(
      atom.relation,
      atom.args.map((a) => this.build(a)),
    );
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
      const term = this.game.store.find(this.game.relations[atom.relation]!.symbol, args);
      return term === undefined || this.atoms.find(term) === undefined;
    }
    this.negTerms.push(this.atomTermOf(atom));
    return true;
  }

  private emit(): void {
    const head = this.plan.rule.head;
    const term = this.atomTermOf(head);
    const added = this.atoms.add(head.relation, term, this.round);
    if (!this.recording) return;
    if (added >= 0) this.bridge(head.relation, term);
    const headId = added >= 0 ? added : -added - 1;
    const steps = this.plan.steps;
    let key = `${headId}:`;
    const start = this.body.length;
    for (let k = 0; k < steps.length; k++) {
      if (this.exact[steps[k]!.atom.relation]) continue;
      const id = this.chosen[k]!;
      this.body.push(id);
      key += `${id},`;
    }
    key += '|';
    for (const t of this.negTerms) key += `${t},`;
    if (this.seen.has(key)) {
      this.body.length = start;
      return;
    }
    this.seen.add(key);
    this.negStart.push(this.body.length);
    for (const t of this.negTerms) this.body.push(t);
    this.heads.push(headId);
    this.bodyStart.push(this.body.length);
    this.sources.push(this.plan.ruleIndex);
    if ((this.heads.length & 1023) === 0) {
      this.meter.checkMemory(
        this.atoms.count,
        this.heads.length,
        this.body.length,
        this.game.relations[head.relation]!.key,
      );
    }
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
