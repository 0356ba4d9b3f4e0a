// The compiled game: layouts and knowledge base, permanent facts computed once, and the state-dependent rules
// grouped into stages (one per dependency component, strata in order, recursive stages iterated to a
// fixpoint). Phase A derives everything that depends on the state only (legal, goal, terminal); phase B
// everything that depends on the joint move (next, sees).
import type { Game, GameRule, RelationId } from '@gdlkit/core';
import { type ArgumentDomains, computeArgumentDomains } from '@gdlkit/ground';
import { IndexedJoin, JoinContext } from './indexed-join.js';
import { KnowledgeBase } from './knowledge-base.js';
import { stratifyNegativeComponent } from './negative-cycles.js';
import { buildReferenceTables, type TableContext, type TableRule } from './reference-tables.js';
import { DEFAULT_SPARSE_POLICY, type RelationLayout, relationLayouts } from './relation-ids.js';
import { compileRule } from './rule-codegen.js';
import { planRule, sourceOrder } from './rule-plan.js';
import type { SparseIds } from './sparse-ids.js';
import { compatibleShapes } from './term-match.js';

/** Positive-literal order of a rule (indices into its positive literals). */
export type RuleOrder = readonly number[];

export interface StageRule {
  readonly rule: GameRule;
  order: RuleOrder;
  run: () => void;
  /** The reference tables a compiled rule runs on, for inlining it into a stage's generated code. */
  tables?: TableRule;
  /** Semi-naive round for a table-free rule in a recursive stage (absent: run in full every round). */
  runDelta?: (marks: Int32Array) => void;
  /** With runDelta: the rule has a positive literal on its own stage's relations. */
  recursive?: boolean;
  /** The joins of a table-free rule (its own and its semi-naive variants). */
  joins?: readonly IndexedJoin[];
  /** Runs without reference tables (over the memory budget). */
  fallback: boolean;
  tableBytes: number;
}

export interface Stage {
  readonly relations: readonly RelationId[];
  /** Program-wide shapes of the stage's relations. */
  readonly shapes: Int32Array;
  /**
   * Shapes emptied before the stage is derived: its relations' facts of the previously loaded state (phase
   * A stages only; the later groups of a split component clear nothing, the first did).
   */
  readonly clears: Int32Array;
  readonly rules: StageRule[];
  readonly recursive: boolean;
}

export interface ProgramOptions {
  /** Bytes for the knowledge base and all reference tables together. */
  readonly memoryBytes: number;
  /** Bytes one rule's reference tables may take. */
  readonly tableBytesPerRule: number;
  /** Matching steps allowed to build one rule's tables (bounds compile time). */
  readonly workPerRule: number;
  /** Start with table-free rules (to sample statistics before choosing orders and building tables). */
  readonly deferTables?: boolean;
  /** Called after each rule is compiled; throws to abandon a build over its time budget. */
  readonly checkBudget?: () => void;
  /** Shapes with more possible instances than this get sparse ids (default 2^22). */
  readonly denseShapeLimit?: number;
  /** Distinct instances a sparse shape may hold (default 2^20). */
  readonly sparseShapeCapacity?: number;
}

/** What is asked of a loaded state, each needing part of phase A (numbers: they index arrays on hot paths). */
export const TERMINAL = 0;
export const LEGAL = 1;
export const GOAL = 2;
export const SUCCESSOR = 3;
export type PhaseAQuery = typeof TERMINAL | typeof LEGAL | typeof GOAL | typeof SUCCESSOR;

export class Program {
  readonly domains: ArgumentDomains;
  readonly layouts: RelationLayout[];
  readonly kb: KnowledgeBase;
  readonly permanent: boolean[];
  /**
   * Per shape, the interner emptied with its list: sparse shapes of relations derived afresh per state. Ids of
   * true/next/init and legal/does live on in states and moves, goal and sees ids in the state machine's caches.
   */
  private readonly recycled: (SparseIds | undefined)[];
  readonly phaseA: Stage[] = [];
  readonly phaseB: Stage[] = [];
  /**
   * Indices into phaseA, in order, of the stages each query needs: a state is derived lazily, so a
   * playout derives goals only in its terminal state and legal moves only in the others.
   */
  readonly stagesFor: readonly Int32Array[];
  /** Shapes cleared when a state is loaded (true) and before phase B (does, phase B heads). */
  readonly clearA: Int32Array;
  readonly clearB: Int32Array;
  private readonly ctx: TableContext;
  private readonly joins: JoinContext;
  /**
   * Orders a rule's positive literals for a table-free join starting from literal `first` (set once
   * statistics are sampled; before that the given order is kept after `first`).
   */
  joinOrder: ((rule: GameRule, first: number) => number[]) | undefined;
  private tableBytes = 0;
  /** List lengths at the start of the current and previous fixpoint rounds, per shape. */
  private readonly marksA: Int32Array;
  private readonly marksB: Int32Array;
  private readonly noMarks: Int32Array;

  constructor(
    readonly game: Game,
    readonly options: ProgramOptions,
  ) {
    const a = game.analysis;
    const k = game.keywords;
    this.domains = computeArgumentDomains(game, options.checkBudget);
    this.layouts = relationLayouts(game, this.domains, {
      denseLimit: options.denseShapeLimit ?? DEFAULT_SPARSE_POLICY.denseLimit,
      capacity: options.sparseShapeCapacity ?? DEFAULT_SPARSE_POLICY.capacity,
    });
    this.kb = new KnowledgeBase(this.layouts, options.memoryBytes);
    // A static component with a cycle through negation is not evaluated once as permanent facts: its rules go
    // through the ground-level stratification of negative-cycles.ts, which rejects a real cycle (issue 25).
    this.permanent = game.relations.map((r) => !a.dynamic[r.id] && !a.negativeCycle[r.id]);
    this.ctx = { game, layouts: this.layouts, kb: this.kb, permanent: this.permanent };
    const kept = new Set([k.true, k.next, k.init, k.legal, k.does, k.goal, k.sees]);
    this.recycled = this.kb.shapes.map((s) =>
      s.sparse && !kept.has(s.relation) && !this.permanent[s.relation] ? s.sparse : undefined,
    );
    this.joins = new JoinContext(game.store, this.layouts, this.kb);
    this.marksA = new Int32Array(this.kb.shapes.length);
    this.marksB = new Int32Array(this.kb.shapes.length);
    this.noMarks = new Int32Array(this.kb.shapes.length);

    const shapesOf = (relations: readonly RelationId[]) =>
      Int32Array.from(relations.flatMap((r) => this.layouts[r]!.shapes.map((s) => s.global)));
    const needed = this.neededRelations([k.legal, k.goal, k.terminal, k.next, k.sees]);
    for (const component of a.components) {
      const permanent = component.every((r) => this.permanent[r]);
      if (!permanent && !component.some((r) => needed[r])) continue;
      if (permanent) {
        this.writePermanent(component);
        continue;
      }
      const groups = a.negativeCycle[component[0]!]
        ? stratifyNegativeComponent(game, this.domains, component)
        : [{ rules: component.flatMap((r) => game.rulesByHead[r]!), recursive: a.recursive[component[0]!]! }];
      groups.forEach((group, g) => {
        const stage: Stage = {
          relations: component,
          clears: g === 0 ? shapesOf(component) : new Int32Array(0),
          shapes: Int32Array.from(component.flatMap((r) => this.layouts[r]!.shapes.map((s) => s.global))),
          recursive: group.recursive,
          rules: group.rules.map((rule) => {
            const staged = this.stageRule(
              rule,
              sourceOrder(rule),
              component,
              undefined,
              !options.deferTables,
            );
            options.checkBudget?.();
            return staged;
          }),
        };
        (component.some((r) => a.dependsOnDoes[r]) ? this.phaseB : this.phaseA).push(stage);
      });
    }
    const stagesFor = (targets: RelationId[]) => {
      const needs = this.neededRelations(targets);
      const out: number[] = [];
      this.phaseA.forEach((stage, i) => {
        if (stage.rules.length > 0 && stage.relations.some((r) => needs[r])) out.push(i);
      });
      return Int32Array.from(out);
    };
    // Indexed by PhaseAQuery.
    this.stagesFor = [
      stagesFor([k.terminal]),
      stagesFor([k.legal]),
      stagesFor([k.goal]),
      stagesFor([k.next, k.sees]),
    ];
    const heads = (stages: Stage[]) => [...new Set(stages.flatMap((s) => s.relations))];
    this.clearA = shapesOf([k.true]);
    this.clearB = shapesOf([k.does, ...heads(this.phaseB)]);
  }

  get referenceTableBytes(): number {
    return this.tableBytes;
  }

  /** Argument indexes and whole-term caches of the table-free rules. */
  get joinIndexBytes(): number {
    return this.joins.indexBytes;
  }

  /** Rules running without reference tables, as `file:line head/arity`. */
  get fallbackRules(): string[] {
    return [...this.phaseA, ...this.phaseB].flatMap((s) =>
      s.rules
        .filter((r) => r.fallback)
        .map(
          (r) => `${r.rule.span.file}:${r.rule.span.line} ${this.game.relations[r.rule.head.relation]!.key}`,
        ),
    );
  }

  /**
   * Compiles a rule in a given order: reference tables when they fit, otherwise a table-free join. A rule
   * with a literal or head that can match a sparse shape is always table-free: tables index dense ids, and
   * a sparse instance has no id until it is first written.
   */
  stageRule(
    rule: GameRule,
    order: RuleOrder,
    stageRelations: readonly RelationId[],
    previous?: StageRule,
    withTables = true,
  ): StageRule {
    const plan = planRule(rule, order);
    if (previous) this.tableBytes -= previous.tableBytes;
    const left = Math.min(
      this.options.tableBytesPerRule,
      this.options.memoryBytes - this.kb.footprintBytes - this.tableBytes,
    );
    const sparse = [rule.head, ...rule.body.flatMap((l) => (l.kind === 'distinct' ? [] : [l.atom]))].some(
      (atom) =>
        this.layouts[atom.relation]!.sparse &&
        compatibleShapes(this.game.store, this.layouts[atom.relation]!, atom).some((s) => s.sparse),
    );
    const tables =
      withTables && !sparse
        ? buildReferenceTables(this.ctx, plan, left, this.options.workPerRule)
        : 'over-budget';
    if (tables === 'dead') return { rule, order, run: () => {}, fallback: false, tableBytes: 0 };
    if (tables === 'over-budget') {
      const join = new IndexedJoin(this.joins, plan);
      const delta = this.deltaJoins(rule, order, stageRelations);
      return {
        rule,
        order,
        run: () => join.run(),
        runDelta: delta?.run,
        joins: [join, ...(delta?.joins ?? [])],
        recursive: rule.body.some((l) => l.kind === 'pos' && stageRelations.includes(l.atom.relation)),
        fallback: true,
        tableBytes: 0,
      };
    }
    this.tableBytes += tables.bytes;
    return {
      rule,
      order,
      run: compileRule(tables, this.kb),
      tables,
      fallback: false,
      tableBytes: tables.bytes,
    };
  }

  /**
   * The semi-naive round of a table-free rule in a recursive stage: for each positive literal on a
   * relation of the stage, a join that starts from that literal restricted to the facts new since the
   * previous round (few), binding its variables for index lookups in the others. Undefined when the rule
   * must run in full every round (a recursive literal that is ground when reached cannot be restricted).
   */
  private deltaJoins(
    rule: GameRule,
    order: RuleOrder,
    stageRelations: readonly RelationId[],
  ): { run: (marks: Int32Array) => void; joins: IndexedJoin[] } | undefined {
    const positives = rule.body.filter((l) => l.kind === 'pos');
    const variants: { join: IndexedJoin; step: number }[] = [];
    for (let i = 0; i < positives.length; i++) {
      if (!stageRelations.includes(positives[i]!.atom.relation)) continue;
      const variant = this.joinOrder?.(rule, i) ?? [i, ...order.filter((x) => x !== i)];
      const join = new IndexedJoin(this.joins, planRule(rule, variant));
      const recursive = join.recursiveInputs(stageRelations);
      if (recursive === undefined || recursive[0] !== join.firstInput()) return undefined;
      variants.push({ join, step: recursive[0]! });
    }
    return {
      run: (marks) => {
        for (const v of variants) v.join.runDelta(v.step, marks);
      },
      joins: variants.map((v) => v.join),
    };
  }

  /** Drops the argument indexes that only replaced or sampling-time joins used (call once rules are final). */
  releaseUnusedIndexes(): void {
    const joins = [...this.phaseA, ...this.phaseB].flatMap((s) => s.rules.flatMap((r) => r.joins ?? []));
    this.joins.retain(joins);
  }

  /** Derives the stages' facts from the current knowledge base, in order. */
  runStages(stages: readonly Stage[]): void {
    for (let s = 0; s < stages.length; s++) this.runStage(stages[s]!);
  }

  /** Derives one phase A stage afresh (its stale facts are cleared first). */
  deriveStage(stage: Stage): void {
    this.clear(stage.clears);
    this.runStage(stage);
  }

  runStage(stage: Stage): void {
    const rules = stage.rules;
    if (stage.recursive) this.fixpoint(stage);
    else for (let i = 0; i < rules.length; i++) rules[i]!.run();
  }

  /**
   * A recursive stage to its fixpoint. Table-free rules run semi-naively (only combinations with a fact new
   * since the previous round; in the first round everything is new), rules with tables in full every round.
   */
  private fixpoint(stage: Stage): void {
    const counts = this.kb.counts;
    const shapes = stage.shapes;
    const rules = stage.rules;
    let previous = this.marksA;
    let current = this.marksB;
    for (let round = 0; ; round++) {
      let changed = false;
      for (let k = 0; k < shapes.length; k++) current[shapes[k]!] = counts[shapes[k]!]!;
      for (let i = 0; i < rules.length; i++) {
        const rule = rules[i]!;
        if (rule.runDelta && (round > 0 || rule.recursive)) {
          // In the first round every fact counts as new (marks of zero): starting from the recursive
          // literal costs nothing while its relation is still empty.
          rule.runDelta(round > 0 ? previous : this.noMarks);
        } else rule.run();
      }
      for (let k = 0; k < shapes.length; k++) if (counts[shapes[k]!] !== current[shapes[k]!]) changed = true;
      if (!changed) return;
      const t = previous;
      previous = current;
      current = t;
    }
  }

  /** Empties the lists of the given shapes in O(n) (section 3) and recycles their sparse positions. */
  clear(shapes: Int32Array): void {
    const { bits, data, starts, counts, epochs } = this.kb;
    const recycled = this.recycled;
    for (let k = 0; k < shapes.length; k++) {
      const s = shapes[k]!;
      const n = counts[s]!;
      if (n === 0) continue;
      const start = starts[s]!;
      for (let i = start; i < start + n; i++) bits[data[i]!] = 0;
      counts[s] = 0;
      epochs[s]!++;
      recycled[s]?.clear();
    }
  }

  /** Writes the permanent facts computed with the domains into the knowledge base (section 2.1). */
  private writePermanent(component: readonly RelationId[]): void {
    for (const r of component) {
      const layout = this.layouts[r]!;
      for (const args of this.domains.permanent.get(r) ?? []) {
        const id = layout.encode(args, true);
        if (id < 0) throw new Error('internal: a permanent fact falls outside its argument domains');
        this.kb.addLocal(layout, id);
      }
    }
  }

  /** Relations the targets depend on, directly or not. */
  private neededRelations(targets: readonly RelationId[]): boolean[] {
    const needed = new Array<boolean>(this.game.relations.length).fill(false);
    const work = [...targets];
    while (work.length > 0) {
      const r = work.pop()!;
      if (needed[r]) continue;
      needed[r] = true;
      for (const rule of this.game.rulesByHead[r]!) {
        for (const l of rule.body)
          if (l.kind !== 'distinct' && !needed[l.atom.relation]) work.push(l.atom.relation);
      }
    }
    return needed;
  }
}
