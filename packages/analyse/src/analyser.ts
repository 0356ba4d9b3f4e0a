// Entry point: a game loaded together with the rules of its state properties, its domain program, and a
// clingo solver; proves properties one at a time or runs the systematic uniqueness search.
import { type Game, GdlkitError, loadGame, type RelationId } from '@gdlkit/core';
import { type AspSolver, ClingoSolver, type SolverBudget } from './clingo-solver.js';
import {
  type CountProperty,
  counterFeature,
  counterParts,
  countRuleText,
  nonIntegerCount,
} from './counter-invariant.js';
import { proposeCounters } from './counter-proposal.js';
import { buildDomainProgram, type DomainProgram } from './domain-program.js';
import { MAX_INSTANCES } from './feature-groups.js';
import { formatProperty, type Property } from './properties.js';
import { type EncodingContext, encodeProperty } from './property-encoding.js';
import { cpuClock, type ProofResult, proveByInduction, proveInductionStep } from './prove.js';
import { relaxedDomain } from './relaxed-domain.js';
import { relevantRules } from './relevant-rules.js';
import { type SearchOptions, type SearchResult, searchUniqueArguments } from './unique-search.js';

/** The paper's limit (section 6) and a time limit suited to interactive use. */
export const DEFAULT_BUDGET: SolverBudget = { seconds: 60, memoryBytes: 2 ** 30 };

export interface AnalyserOptions {
  /** State properties (`kind: 'state'`) to be proved later: their formulas become rules of the game. */
  readonly properties?: readonly Property[];
  /** Defaults to clingo-wasm in a Node worker thread. */
  readonly solver?: AspSolver;
  /**
   * Propose counter invariants from the rules (counter-proposal.ts) and try them when a proof's induction
   * step fails (default true).
   */
  readonly proposeCounters?: boolean;
}

const STATE_RELATION = 'gdlkit_state_property';
/** The attempt without proposed invariants gets 1/FIRST_ATTEMPT_SHARE of a proof's budget (`prove`). */
const FIRST_ATTEMPT_SHARE = 10;
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
  private readonly provedProposals = new Map<string, ProofResult>();

  private constructor(
    readonly game: Game,
    private readonly stateRelations: ReadonlyMap<string, RelationId>,
    private readonly countRelations: ReadonlyMap<string, RelationId>,
    readonly solver: AspSolver,
    /** Counter invariants read off the rules, tried when a proof's induction step fails (`prove`). */
    readonly proposedCounters: readonly CountProperty[],
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
    const given = new Map(
      (options.properties ?? []).flatMap((p) =>
        p.kind === 'count' ? [[formatProperty(p), p] as const] : [],
      ),
    );
    // The proposals are read off the game itself, so it is loaded twice when there are any.
    const plain = options.proposeCounters === false ? undefined : loadGame(text, file);
    const proposed = (plain ? proposeCounters(plain) : []).filter((p) => !given.has(formatProperty(p)));
    const counts = [...given.values(), ...proposed];
    const extra =
      formulas.map((f, i) => `\n(<= ${STATE_RELATION}_${i} ${f})`).join('') +
      counts.map((p, i) => `\n${countRuleText(p, `${COUNT_RELATION}_${i}`)}`).join('');
    const game = plain && extra === '' ? plain : loadGame(text + extra, file);
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
    return new GameAnalyser(game, relations, countRelations, options.solver ?? new ClingoSolver(), proposed);
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

  /**
   * Proves `property` in every reachable state, assuming the (already proved) `assumptions`. When it reads a
   * counter of `proposedCounters` and its induction step fails (has an answer set, or is stopped after a
   * tenth of the budget), the counter invariant is proved given the assumptions and, if proved, joins them
   * for a second attempt; the result lists those proofs in `proposed`, and its times include them (all
   * within `budget`).
   */
  async prove(
    property: Property,
    assumptions: readonly Property[] = [],
    budget: SolverBudget = DEFAULT_BUDGET,
  ): Promise<ProofResult> {
    await this.refineDomain(budget);
    for (const p of [property, ...assumptions]) this.check(p);
    // A count property is itself what would be proposed.
    const candidates = this.proposedCounters.filter(
      (c) =>
        property.kind !== 'count' &&
        !assumptions.some((a) => formatProperty(a) === formatProperty(c)) &&
        readsFeature(this.context, property, counterFeature(c)) &&
        nonIntegerCount(this.game, this.domain, c) === undefined,
    );
    if (candidates.length === 0) return this.proveGiven(property, assumptions, budget);
    // The attempt without the proposals gets a tenth of the budget: a step that needs the invariant may also
    // be slow to refute (checkers' zero-sum given control and step: 5-19 s at load 5-7), and the rest is theirs.
    const started = performance.now();
    const first = await this.proveGiven(property, assumptions, {
      ...budget,
      seconds: budget.seconds / FIRST_ATTEMPT_SHARE,
    });
    const failedStep =
      (first.status === 'refuted' && first.counterexample?.case === 'step') ||
      (first.status === 'unknown' && first.abortedIn === 'step');
    if (!failedStep || budget.signal?.aborted) return first;
    const cpu = cpuClock();
    const left = (): SolverBudget => ({
      ...budget,
      seconds: Math.max(0.001, budget.seconds - (performance.now() - started) / 1000),
    });
    const proposed: ProofResult[] = [];
    const phi = [...assumptions];
    // A counter's step reads the legal rules, which mostly need the turn to be unique (checkers' control):
    // "at most one instance" of each small feature they read is proved first.
    for (const p of [...turnCandidates(this.context, this.domain, assumptions), ...candidates]) {
      // A proposal once proved holds in every reachable state: a later proof reuses it.
      const key = formatProperty(p);
      const r = this.provedProposals.get(key) ?? (await this.proveGiven(p, phi, left()));
      proposed.push(r);
      if (r.status === 'proved') {
        this.provedProposals.set(key, r);
        phi.push(p);
      }
    }
    // Again with what was proved, or with the rest of the budget after a stopped first attempt.
    const again = phi.length > assumptions.length || first.status === 'unknown';
    const last = again ? await this.proveGiven(property, phi, left()) : first;
    const stopped = proposed.find((r) => r.status === 'unknown');
    // Not proved, and a proposal was stopped (by the budget): whether it would have made ϕ inductive is open.
    const open: Partial<ProofResult> =
      last.status !== 'proved' && stopped
        ? {
            status: 'unknown',
            reason: `proposed ${formatProperty(stopped.property)}: ${stopped.reason}`,
            abortedIn: 'step',
            counterexample: undefined,
          }
        : {};
    return {
      ...last,
      ...open,
      proposed,
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: (first.cpuSeconds ?? 0) + (cpu() ?? 0),
    };
  }

  /** `prove` without proposals (the systematic search's proofs). */
  private async proveGiven(
    property: Property,
    assumptions: readonly Property[],
    budget: SolverBudget,
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
      prove: (p: Property, a: readonly Property[], b: SolverBudget) => this.proveGiven(p, a, b),
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

/**
 * `unique:F:1..n` (at most one instance) for each feature with few ground instances that the legal rules read
 * and the assumptions do not already make unique.
 */
function turnCandidates(
  context: EncodingContext,
  domain: DomainProgram,
  assumptions: readonly Property[],
): Property[] {
  const { game } = context;
  const { chosenFeatures } = relevantRules(game, [
    { view: 'true', relation: game.keywords.legal, functor: '*' },
  ]);
  const given = new Set(assumptions.map(formatProperty));
  return domain.features
    .filter((f) => f.arity > 0 && (chosenFeatures.has(f.key) || chosenFeatures.has('*')))
    .filter((f) => (domain.groundFeatures?.get(f.key)?.length ?? Number.POSITIVE_INFINITY) <= MAX_INSTANCES)
    .map(
      (f): Property => ({
        kind: 'unique',
        feature: f.key,
        positions: Array.from({ length: f.arity }, (_, i) => i),
        exactlyOne: false,
      }),
    )
    .filter((p) => !given.has(formatProperty(p)));
}

/** Whether the rules ϕ reads in a state read `feature` (zero-sum: the goal and terminal rules). */
function readsFeature(context: EncodingContext, property: Property, feature: string): boolean {
  const { needs } = encodeProperty(context, property, 0, 'true');
  const { chosenFeatures } = relevantRules(context.game, needs);
  return chosenFeatures.has(feature) || chosenFeatures.has('*');
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
