// Entry point: a game loaded together with the rules of its state properties, its domain program, and a
// clingo solver; proves properties one at a time or runs the systematic uniqueness search.
import { type Game, GdlkitError, loadGame, type RelationId } from '@gdlkit/core';
import { type AspSolver, ClingoSolver, type SolverBudget } from './clingo-solver.js';
import { counterFeature, counterParts, countRuleText, nonIntegerCount } from './counter-invariant.js';
import { buildDomainProgram, type DomainProgram } from './domain-program.js';
import { formatProperty, type Property } from './properties.js';
import type { EncodingContext } from './property-encoding.js';
import { type ProofResult, proveByInduction, proveInductionStep } from './prove.js';
import { relaxedDomain } from './relaxed-domain.js';
import { type SearchOptions, type SearchResult, searchUniqueArguments } from './unique-search.js';

/** The paper's limit (section 6) and a time limit suited to interactive use. */
export const DEFAULT_BUDGET: SolverBudget = { seconds: 60, memoryBytes: 2 ** 30 };

export interface AnalyserOptions {
  /** State properties (`kind: 'state'`) to be proved later: their formulas become rules of the game. */
  readonly properties?: readonly Property[];
  /** Defaults to clingo-wasm in a Node worker thread. */
  readonly solver?: AspSolver;
}

const STATE_RELATION = 'gdlkit_state_property';
const COUNT_RELATION = 'gdlkit_count';

export class GameAnalyser {
  /**
   * Section 5's domain until the first proof, then the positive relaxation's (relaxed-domain.ts) when it
   * could be computed within that proof's budget.
   */
  domain: DomainProgram;
  readonly context: EncodingContext;
  /** Whether `domain` is the positive relaxation's (set by refineDomain). */
  domainRelaxed = false;
  private refined: Promise<void> | undefined;

  private constructor(
    readonly game: Game,
    private readonly stateRelations: ReadonlyMap<string, RelationId>,
    private readonly countRelations: ReadonlyMap<string, RelationId>,
    readonly solver: AspSolver,
  ) {
    this.domain = buildDomainProgram(game);
    this.context = {
      game,
      maxGoal: maxGoalValue(game),
      stateRelation: (formula) => {
        const r = this.stateRelations.get(formula);
        if (r === undefined) {
          throw new GdlkitError(
            'BAD_TERM',
            `state property '${formula}' was not given when the game was loaded`,
          );
        }
        return r;
      },
      countRelation: (p) => {
        const r = this.countRelations.get(formatProperty(p));
        if (r === undefined) {
          throw new GdlkitError('BAD_TERM', `${formatProperty(p)} was not given when the game was loaded`);
        }
        return r;
      },
    };
  }

  /**
   * Loads KIF text; each state property's formula is added as the rule `(<= gdlkit_state_property_N formula)`,
   * each count property's set as `(<= (gdlkit_count_N key... element) body)`.
   */
  static load(text: string, file: string, options: AnalyserOptions = {}): GameAnalyser {
    const formulas = [
      ...new Set((options.properties ?? []).flatMap((p) => (p.kind === 'state' ? [p.formula] : []))),
    ];
    const counts = [
      ...new Map(
        (options.properties ?? []).flatMap((p) =>
          p.kind === 'count' ? [[formatProperty(p), p] as const] : [],
        ),
      ).values(),
    ];
    const extra =
      formulas.map((f, i) => `\n(<= ${STATE_RELATION}_${i} ${f})`).join('') +
      counts.map((p, i) => `\n${countRuleText(p, `${COUNT_RELATION}_${i}`)}`).join('');
    const game = loadGame(text + extra, file);
    const relations = new Map<string, RelationId>();
    formulas.forEach((f, i) => {
      const id = game.relations.find((r) => r.key === `${STATE_RELATION}_${i}/0`)?.id;
      if (id === undefined) throw new GdlkitError('BAD_TERM', `cannot read state property '${f}'`);
      if (game.analysis.dependsOnDoes[id]) {
        throw new GdlkitError(
          'BAD_TERM',
          `state property '${f}' depends on does: it is not a state property`,
        );
      }
      relations.set(f, id);
    });
    const countRelations = new Map<string, RelationId>();
    counts.forEach((p, i) => {
      const key = `${COUNT_RELATION}_${i}/${counterParts(p).keys.length + 1}`;
      const id = game.relations.find((r) => r.key === key)?.id;
      if (id === undefined) throw new GdlkitError('BAD_TERM', `cannot read ${formatProperty(p)}`);
      if (game.analysis.dependsOnDoes[id]) {
        throw new GdlkitError(
          'BAD_TERM',
          `${formatProperty(p)}: the body depends on does: not a state property`,
        );
      }
      countRelations.set(formatProperty(p), id);
    });
    return new GameAnalyser(game, relations, countRelations, options.solver ?? new ClingoSolver());
  }

  /**
   * Replaces section 5's domain by the positive relaxation's, once (the first proof does it with its budget);
   * `domainRelaxed` then says whether that succeeded (otherwise section 5's domain stays).
   */
  refineDomain(budget: SolverBudget = DEFAULT_BUDGET): Promise<void> {
    this.refined ??= relaxedDomain(this.game, this.domain, this.solver, budget).then((r) => {
      this.domain = r.domain;
      this.domainRelaxed = r.relaxed;
    });
    return this.refined;
  }

  /** Proves `property` in every reachable state, assuming the (already proved) `assumptions`. */
  async prove(
    property: Property,
    assumptions: readonly Property[] = [],
    budget: SolverBudget = DEFAULT_BUDGET,
  ): Promise<ProofResult> {
    await this.refineDomain(budget);
    for (const p of [property, ...assumptions]) this.check(p);
    return proveByInduction(this, property, assumptions, budget);
  }

  /**
   * Section 5's systematic search for unique arguments of every feature, followed by the joint proof of the
   * candidates left over (unless `joint: false`).
   */
  async searchUnique(options: Partial<SearchOptions> = {}): Promise<SearchResult> {
    await this.refineDomain(options.budget);
    const provers = {
      prove: (p: Property, a: readonly Property[], b: SolverBudget) => this.prove(p, a, b),
      step: (p: Property, a: readonly Property[], b: SolverBudget) => proveInductionStep(this, p, a, b),
    };
    return searchUniqueArguments(this.game, this.domain, provers, {
      budget: DEFAULT_BUDGET,
      ...options,
    });
  }

  close(): Promise<void> {
    return this.solver.close();
  }

  private check(p: Property): void {
    if (p.kind === 'unique' && !this.domain.features.some((f) => f.key === p.feature)) {
      const known = this.domain.features.map((f) => f.key).join(', ');
      throw new GdlkitError(
        'BAD_TERM',
        `${formatProperty(p)}: ${p.feature} is not a feature (features: ${known})`,
      );
    }
    if (p.kind === 'unique' && p.positions.length === 0) {
      throw new GdlkitError('BAD_TERM', `${formatProperty(p)}: no argument positions`);
    }
    if (p.kind === 'state') this.context.stateRelation(p.formula);
    if (p.kind === 'count') {
      this.context.countRelation(p);
      const feature = counterFeature(p);
      if (!this.domain.features.some((f) => f.key === feature)) {
        throw new GdlkitError('BAD_TERM', `${formatProperty(p)}: ${feature} is not a feature`);
      }
      const bad = nonIntegerCount(this.game, this.domain, p);
      if (bad !== undefined) throw new GdlkitError('BAD_TERM', `${formatProperty(p)}: ${bad}`);
    }
    if (p.kind === 'group') {
      for (const f of p.features) {
        const term = this.game.parseTerm(f);
        const key = `${this.game.store.symbolName(this.game.store.functor(term))}/${this.game.store.arity(term)}`;
        if (!this.domain.features.some((s) => s.key === key)) {
          throw new GdlkitError('BAD_TERM', `${formatProperty(p)}: ${f} is not a feature`);
        }
      }
    }
  }
}

/** The largest numeric goal value in the goal rules (GGP goal values lie in 0..100). */
function maxGoalValue(game: Game): number {
  let max = 0;
  for (const rule of game.rulesByHead[game.keywords.goal]!) {
    const v = rule.head.args[1];
    if (v?.kind !== 'ground') continue;
    const n = Number(game.store.toKif(v.term));
    if (Number.isInteger(n)) max = Math.max(max, n);
  }
  return max;
}
