// Checks CTL*K properties of one game: builds the grounded propnet once, explores the knowledge model the
// formula needs (world graph, then one belief level per nesting depth of K), labels it, and answers `holds`,
// `fails` or `unknown` (the budget ran out: never `holds` on an incomplete model) with evidence runs.
import {
  BudgetExceededError,
  type Game,
  GdlkitError,
  replayMatch,
  type TermId,
  type TraceBlock,
  type TraceStep,
  UnsupportedError,
} from '@gdlkit/core';
import { buildPropnet } from '@gdlkit/propnet';
import { resolveRole } from './check/atoms.js';
import { invariantBodies, proveInvariants } from './check/induction.js';
import { Labeller } from './check/label.js';
import { isSampleTarget, RunSampler } from './check/run-sampler.js';
import { type Run, runMoves, WitnessBuilder } from './check/witness.js';
import { type Formula, knowingRoles, readsMoves } from './formula/ast.js';
import { type Ctl, hasPathFormula, knowledgeDepth, negate } from './formula/ctl.js';
import type { GameVocabulary } from './formula/named-properties.js';
import { printFormula } from './formula/print.js';
import { toCtl } from './formula/to-ctl.js';
import { BeliefProduct, updateBelief } from './model/belief-product.js';
import { BudgetClock, type CheckBudget, DEFAULT_CHECK_BUDGET } from './model/budget.js';
import { GameTransitions } from './model/game-transitions.js';
import { exploreAll, type Model } from './model/model.js';
import { WorldGraph } from './model/world-graph.js';
import { SymbolicChecker } from './symbolic/symbolic-checker.js';

export type Verdict = 'holds' | 'fails' | 'unknown';
export type Method = 'exhaustive' | 'symbolic' | 'induction' | 'sampled runs';

export interface Evidence {
  /** One match record block per run; the first is the run on which the answer shows. */
  readonly records: readonly TraceBlock[];
  /** What each run shows, in the same order. */
  readonly notes: readonly string[];
  /**
   * Per run, for a lasso (a run that goes on forever): the step whose state its last state is again (equal to
   * the run's length when the game stops there and loops with STOP); undefined for a finite run.
   */
  readonly loops: readonly (number | undefined)[];
}

export interface VerifyResult {
  readonly formula: string;
  readonly result: Verdict;
  readonly seconds: number;
  /** A counterexample (fails) or witness (holds), when the answer has one. */
  readonly evidence?: Evidence;
  /**
   * How the answer was found: on the whole explicit knowledge model, on the symbolic (BDD) model, by an
   * induction proof of an invariant, or on sampled runs (the last three when the explicit model did not fit).
   */
  readonly method: Method;
  /** Why the answer is unknown. */
  readonly reason?: string;
  /** Nodes of the explored knowledge model, per level (level 0: game states). */
  readonly nodes: readonly number[];
  /**
   * For a symbolic answer: the states of the universe it was labelled on, exactly the reachable states when
   * `exact`, else an over-approximation of them.
   */
  readonly universe?: { readonly states: number; readonly exact: boolean };
}

/** The first exhaustive attempt of a conjunct takes at most this long (then sampled runs get their turn). */
const FIRST_ATTEMPT_SECONDS = 10;

export interface VerifyOptions {
  /** Set to false to skip the exhaustive (explicit) search. */
  readonly exhaustive?: boolean;
  /** Set to false to skip the symbolic (BDD) checker. */
  readonly symbolic?: boolean;
  /** Set to false to skip sampled runs. */
  readonly sample?: boolean;
  /**
   * Label symbolically on the over-approximation of the reachable states even where the exact set fits (set
   * on the first symbolic check of a verifier; for testing the path large games take).
   */
  readonly overApproximate?: boolean;
  /**
   * Decide every path formula through the automaton product instead of the CTL fast path (to-ctl.ts; for
   * cross-checking the two routes).
   */
  readonly automaton?: boolean;
}

/** The share of a conjunct's remaining time the symbolic phase may use. */
const SYMBOLIC_SHARE = 0.6;

/** Whether sampled runs can show the conjunct's answer (run-sampler.ts, isSampleTarget). */
function sampleable(ctl: Ctl): boolean {
  return isSampleTarget(ctl) || isSampleTarget(negate(ctl));
}

export class Verifier {
  private readonly worldGraphs = new Map<boolean, WorldGraph>();
  private readonly products = new Map<string, BeliefProduct>();
  /** The symbolic checker once built (its reachable states are kept across checks). */
  private symbolic: SymbolicChecker | undefined;

  private constructor(
    readonly game: Game,
    readonly reasoner: GameTransitions,
    private readonly source: string | undefined,
  ) {}

  /**
   * Grounds the game into a propnet (within the budget's time). With the game's `source` text, invariants the
   * explicit model cannot decide in time are also tried by induction (check/induction.ts).
   */
  static create(game: Game, buildSeconds = DEFAULT_CHECK_BUDGET.seconds, source?: string): Verifier {
    const ir = buildPropnet(game, { timeMs: buildSeconds * 1000 });
    return new Verifier(game, new GameTransitions(game, ir), source);
  }

  /** The roles and ground legal/goal atoms the named properties range over. */
  vocabulary(): GameVocabulary {
    const { ir } = this.reasoner;
    const store = this.game.store;
    const roles = this.game.roles.map((_, r) => this.game.roleName(r));
    const legalMoves = new Map<string, string[]>();
    const goalValues = new Map<string, number[]>();
    roles.forEach((name, r) => {
      const moves: string[] = [];
      for (let l = ir.legalStart[r]!; l < ir.legalStart[r + 1]!; l++)
        moves.push(store.toKif(ir.legalTerm[l]!));
      legalMoves.set(name, [...new Set(moves)]);
      const values: number[] = [];
      for (let g = ir.goalStart[r]!; g < ir.goalStart[r + 1]!; g++) values.push(ir.goalValue[g]!);
      goalValues.set(
        name,
        [...new Set(values)].sort((a, b) => a - b),
      );
    });
    const random = this.game.randomRole >= 0 ? this.game.roleName(this.game.randomRole) : undefined;
    return { roles, ...(random === undefined ? {} : { random }), legalMoves, goalValues };
  }

  /**
   * Checks `formula` at the initial point of every run. A top-level conjunction is checked conjunct by
   * conjunct (A(φ ∧ ψ) ≡ Aφ ∧ Aψ), each on a model with only the knowledge it reads.
   */
  async verify(
    formula: Formula,
    budget: CheckBudget = DEFAULT_CHECK_BUDGET,
    options: VerifyOptions = {},
  ): Promise<VerifyResult> {
    const started = performance.now();
    const deadline = started + budget.seconds * 1000;
    const conjuncts = formula.op === 'and' ? formula.args : [formula];
    const nodes: number[] = [];
    let unknownReason: string | undefined;
    let method: VerifyResult['method'] = 'exhaustive';
    let universe: VerifyResult['universe'];
    const done = (result: Verdict, extra: Partial<VerifyResult> = {}): VerifyResult => ({
      formula: printFormula(formula),
      result,
      method,
      seconds: (performance.now() - started) / 1000,
      nodes,
      ...(universe ? { universe } : {}),
      ...extra,
    });
    let witness: Evidence | undefined;
    for (const [i, conjunct] of conjuncts.entries()) {
      const parts = conjuncts.length - i;
      const ctl = toCtl(conjunct, { automaton: options.automaton === true });
      const roles = [...knowingRoles(conjunct)]
        .map((name) => resolveRole(this.game, name))
        .sort((a, b) => a - b);
      const depth = knowledgeDepth(ctl);
      const trackMoves = readsMoves(conjunct);
      const canSample = options.sample !== false && !trackMoves && sampleable(ctl);
      const invariant = this.source === undefined ? undefined : invariantBodies(ctl);
      // The symbolic checker labels CTL only: full CTL* path formulas are left to the explicit product.
      const beyondCtl = hasPathFormula(ctl);
      const symbolic = options.symbolic !== false && !trackMoves && !beyondCtl && SymbolicChecker.available();
      // The phases share this conjunct's time: a first exhaustive attempt (the whole answer on small games),
      // a short look for sampled evidence, the symbolic checker (large state spaces), an induction proof for
      // an invariant, sampled runs again (evidence where knowledge is beyond the symbolic bounds), then the
      // exhaustive search resumed.
      const phases: Method[] = [
        ...(options.exhaustive === false ? [] : ['exhaustive' as const]),
        // A short look for evidence first: on large games sampled runs find counterexamples and witnesses in
        // a second, where the symbolic checker could spend its whole share without deciding.
        ...(canSample && symbolic ? ['sampled runs' as const] : []),
        ...(symbolic ? ['symbolic' as const] : []),
        ...(invariant ? ['induction' as const] : []),
        ...(canSample ? ['sampled runs' as const] : []),
        ...(options.exhaustive === false ? [] : ['exhaustive' as const]),
      ];
      let lastFailure = options.exhaustive === false ? 'the exhaustive search was skipped' : '';
      let answered = false;
      let notProved: string | undefined;
      let notSymbolic: string | undefined = beyondCtl
        ? 'the symbolic checker labels CTL only, and this path formula needs the automaton product on the explicit model'
        : undefined;
      for (const [p, phase] of phases.entries()) {
        const last = p === phases.length - 1;
        const seconds = (deadline - performance.now()) / 1000 / parts;
        const first = phases.indexOf(phase) === p;
        const clock = new BudgetClock({
          seconds: last
            ? seconds
            : first && phase === 'exhaustive'
              ? Math.min(FIRST_ATTEMPT_SECONDS, seconds / 4)
              : first && phase === 'sampled runs' && symbolic
                ? Math.min(FIRST_ATTEMPT_SECONDS, seconds / 10)
                : phase === 'symbolic'
                  ? seconds * SYMBOLIC_SHARE
                  : seconds / 3,
          memoryBytes: budget.memoryBytes,
        });
        if (phase === 'induction') {
          if (await proveInvariants(this.source!, this.game.file, invariant!, clock.budget)) {
            method = 'induction';
            answered = true;
            break;
          }
          notProved = 'induction found no proof';
          continue;
        }
        if (phase === 'symbolic') {
          const found = this.symbolicCheck(ctl, conjunct, clock.budget, options.overApproximate === true);
          if (typeof found === 'string') {
            notSymbolic = found;
            continue;
          }
          method = 'symbolic';
          universe = found.universe;
          if (found.verdict === 'fails') return done('fails', { evidence: found.evidence! });
          if (found.evidence) witness ??= found.evidence;
          answered = true;
          break;
        }
        if (phase === 'sampled runs') {
          const sampled = this.sample(ctl, conjunct, clock);
          if (!sampled) continue;
          method = 'sampled runs';
          if (sampled.verdict === 'fails') return done('fails', { evidence: sampled.evidence });
          witness ??= sampled.evidence;
          answered = true;
          break;
        }
        const models: Model[] = [];
        let holds: boolean;
        let labeller: Labeller;
        try {
          this.explore(models, depth, roles, trackMoves, clock);
          labeller = new Labeller(models, clock);
          holds = labeller.sat(ctl, depth)[0] === 1;
        } catch (e) {
          // A path formula whose automaton needs more acceptance bits than it has is unknown, like a budget.
          if (!(e instanceof BudgetExceededError || e instanceof UnsupportedError)) throw e;
          lastFailure = e.message;
          continue;
        } finally {
          models.forEach((m, level) => {
            nodes[level] = Math.max(nodes[level] ?? 0, m.size);
          });
        }
        // The answer is known; evidence gets a budget of its own, and is left out if that runs out.
        labeller.useClock(new BudgetClock(budget));
        if (!holds) {
          const evidence = this.evidence(labeller, negate(ctl), depth, `violates ${brief(conjunct)}`);
          return done('fails', evidence ? { evidence } : {});
        }
        witness ??= this.evidence(labeller, ctl, depth, `satisfies ${brief(conjunct)}`);
        answered = true;
        break;
      }
      if (!answered) {
        const sampling = canSample
          ? 'sampled runs found no evidence'
          : 'no sampled run can show this property';
        unknownReason ??= [lastFailure, notSymbolic, notProved, sampling]
          .filter((x) => x !== undefined && x !== '')
          .join('; ');
      }
    }
    if (unknownReason !== undefined) return done('unknown', { reason: unknownReason });
    return done('holds', witness ? { evidence: witness } : {});
  }

  /**
   * The symbolic checker's answer with its evidence run (a counterexample is required for `fails`), or why it
   * gave none.
   */
  private symbolicCheck(
    ctl: Ctl,
    conjunct: Formula,
    budget: CheckBudget,
    overApproximate: boolean,
  ):
    | { verdict: 'holds' | 'fails'; universe: NonNullable<VerifyResult['universe']>; evidence?: Evidence }
    | string {
    const started = performance.now();
    const left = (): CheckBudget => ({
      seconds: Math.max(0, budget.seconds - (performance.now() - started) / 1000),
      memoryBytes: budget.memoryBytes,
    });
    if (!this.symbolic) {
      const built = SymbolicChecker.create(this.game, this.reasoner.ir, budget, overApproximate);
      if (typeof built === 'string') return `symbolic: ${built}`;
      this.symbolic = built;
    }
    const answer = this.symbolic.check(ctl, left());
    if (answer.result === 'unknown') return `symbolic: ${answer.reason}`;
    if (answer.result === 'undecided')
      return answer.exact
        ? "symbolic: undecided (knowledge beyond what the roles' views provably determine)"
        : "symbolic: undecided (knowledge beyond what the roles' views provably determine, or terminal and goals only bounded on an over-approximated state space)";
    const verdict = answer.result;
    const target = verdict === 'fails' ? negate(ctl) : ctl;
    const what = `${verdict === 'fails' ? 'violates' : 'satisfies'} ${brief(conjunct)}`;
    // The evidence gets a budget of its own, as in the exhaustive phase. A counterexample is always asked for
    // (it may be the initial state itself); a witness only for an existential formula, the only kind with a
    // run to show (the evidence walk follows E operators).
    const run =
      verdict === 'fails' || existential(target)
        ? this.symbolic.witness(target, {
            seconds: Math.max(left().seconds, 10),
            memoryBytes: budget.memoryBytes,
          })
        : undefined;
    if (verdict === 'fails' && !run)
      return 'symbolic: fails, but no counterexample run was built within the budget';
    // A counterexample may be the initial state itself (no moves); a witness of no moves shows nothing.
    const evidence: Evidence | undefined =
      run && (verdict === 'fails' || run.moves.length > 0)
        ? {
            records: [recordOf(this.reasoner, run.moves)],
            notes: [
              `run 1 (${run.moves.length} moves): the run that ${what}${loopNote(run.loopsTo, run.moves.length)}`,
            ],
            loops: [loopStep(run.loopsTo, run.moves.length)],
          }
        : undefined;
    const universe = { states: answer.states, exact: answer.exact };
    return { verdict, universe, ...(evidence ? { evidence } : {}) };
  }

  /**
   * Searches sampled runs for a counterexample (a witness of the negation) or, for an existential conjunct, a
   * witness; both are sound when found (run-sampler.ts).
   */
  private sample(
    ctl: Ctl,
    conjunct: Formula,
    clock: BudgetClock,
  ): { verdict: 'holds' | 'fails'; evidence: Evidence } | undefined {
    const sampler = new RunSampler(this.reasoner, clock);
    const attempts: ['holds' | 'fails', Ctl, string][] = [
      ['fails', negate(ctl), `violates ${brief(conjunct)}`],
      ['holds', ctl, `satisfies ${brief(conjunct)}`],
    ];
    for (const [verdict, target, what] of attempts) {
      try {
        const found = sampler.search(target);
        if (!found) continue;
        const runs = [found.moves, ...found.twins.map((t) => t.moves)];
        return {
          verdict,
          evidence: {
            records: runs.map((moves) => recordOf(this.reasoner, moves)),
            notes: [
              `run 1 (${found.moves.length} moves): a sampled run that ${what}${loopNote(found.loopsTo, found.moves.length)}`,
              ...found.twins.map(
                (t, k) =>
                  `run ${k + 2} (${t.moves.length} moves): a run ${t.role} cannot tell apart from run 1`,
              ),
            ],
            loops: [loopStep(found.loopsTo, found.moves.length), ...found.twins.map(() => undefined)],
          },
        };
      } catch (e) {
        if (!(e instanceof BudgetExceededError)) throw e;
      }
    }
    return undefined;
  }

  /**
   * Fills `models` with the explored levels 0..depth, resuming models an earlier search left unfinished (a
   * model is labelled only once complete). Throws BudgetExceededError when the clock or the heap runs out.
   */
  private explore(
    models: Model[],
    depth: number,
    knowers: readonly number[],
    trackMoves: boolean,
    clock: BudgetClock,
  ): void {
    try {
      let worlds = this.worldGraphs.get(trackMoves);
      if (!worlds) {
        worlds = new WorldGraph(this.reasoner, clock, { trackMoves });
        this.worldGraphs.set(trackMoves, worlds);
      }
      models.push(worlds);
      worlds.useClock(clock);
      exploreAll(worlds);
      for (let level = 1; level <= depth; level++) {
        const key = `${trackMoves}:${knowers.join(',')}:${level}`;
        let product = this.products.get(key);
        if (!product) {
          product = new BeliefProduct(models[level - 1]!, knowers, clock);
          this.products.set(key, product);
        }
        models.push(product);
        product.useClock(clock);
        exploreAll(product);
      }
    } catch (e) {
      // Out of memory: drop what this search built so the heap is freed; out of time: keep it to resume.
      if (e instanceof BudgetExceededError && e.detail.limit === 'memory') {
        this.worldGraphs.delete(trackMoves);
        for (const key of this.products.keys())
          if (key.startsWith(`${trackMoves}:`)) this.products.delete(key);
      }
      throw e;
    }
  }

  /**
   * The belief sets of a role along a match (its joint moves as term ids): per visited state, the states the
   * role cannot tell apart from it under perfect recall, each as its fluents. Only the states of those belief
   * sets are expanded.
   */
  knowledgeAlong(roleName: string, moves: readonly (readonly TermId[])[]): TermId[][][] {
    const clock = new BudgetClock(DEFAULT_CHECK_BUDGET);
    const role = resolveRole(this.game, roleName);
    const worlds = new WorldGraph(this.reasoner, clock, { trackMoves: false });
    const facts = (members: readonly number[]) =>
      members.map((w) => [...this.reasoner.stateToFacts(worlds.state(w))]);
    let actual = 0;
    let belief = [0];
    const out = [facts(belief)];
    for (const [step, joint] of moves.entries()) {
      let edge = -1;
      for (let e = worlds.expand(actual); e < worlds.edgeEnd(actual) && edge < 0; e++) {
        const id = worlds.edgeMove(e);
        if (id >= 0 && worlds.jointMoveList[id]!.every((m, r) => m === joint[r])) edge = e;
      }
      if (edge < 0) throw new GdlkitError('BAD_RECORD', `step ${step}: the joint move is not legal`);
      actual = worlds.edgeTarget(edge);
      belief = updateBelief(worlds, belief, role, worlds.edgeObservation(edge, role), clock);
      out.push(facts(belief));
    }
    return out;
  }

  /** Evidence runs for an existential formula true at the initial node, or none when it shows nothing. */
  private evidence(labeller: Labeller, f: Ctl, level: number, what: string): Evidence | undefined {
    let runs: Run[];
    try {
      runs = new WitnessBuilder(labeller).build(f, level, `the run that ${what}`);
    } catch (e) {
      if (e instanceof BudgetExceededError) return undefined;
      throw e;
    }
    if (runs.length === 1 && runs[0]!.edges.length === 0) return undefined;
    const lengths = runs.map((run) => runMoves(run, labeller.models[run.level]!).length);
    return {
      records: runs.map((run) => this.record(run, labeller.models)),
      notes: runs.map((run, i) => describeRun(run, i, lengths[i]!)),
      loops: runs.map((run, i) => loopStep(run.loopsTo, lengths[i]!)),
    };
  }

  /** The match record of a run, replayed on the propnet (DESIGN.md section 4). */
  private record(run: Run, models: readonly Model[]): TraceBlock {
    const worlds = models[0] as WorldGraph;
    const moves = runMoves(run, models[run.level]!).map((id) => worlds.jointMoveList[id]!);
    return recordOf(this.reasoner, moves);
  }
}

/** Whether an evidence run can show the formula: an E operator at its top, under and/or. */
function existential(f: Ctl): boolean {
  if (f.op === 'EX' || f.op === 'EU' || f.op === 'ER' || f.op === 'EP') return true;
  return (f.op === 'and' || f.op === 'or') && f.args.some(existential);
}

/** A formula's text, cut for one line of output. */
function brief(f: Formula): string {
  const text = printFormula(f);
  return text.length <= 100 ? text : `${text.slice(0, 99)}…`;
}

/** How a lasso goes on forever, for a run of `moves` joint moves. */
function loopNote(loopsTo: number | undefined, moves: number): string {
  if (loopsTo === undefined) return '';
  if (loopsTo >= moves)
    return `; the game stops at step ${moves} (terminal or no legal move) and stays there`;
  return `; its last state is the state of step ${loopsTo} again, so the run can go round forever`;
}

/** Evidence.loops of a run of `moves` joint moves: a loop past the game's end is the STOP loop at its end. */
function loopStep(loopsTo: number | undefined, moves: number): number | undefined {
  return loopsTo === undefined ? undefined : Math.min(loopsTo, moves);
}

/** A run's line of output; `moves` counts its joint moves up to its first STOP. */
function describeRun(run: Run, index: number, moves: number): string {
  return `run ${index + 1} (${moves} moves): ${run.note}${loopNote(run.loopsTo, moves)}`;
}

/** The match record of joint moves from the initial state: core's replay of a record holding only the moves. */
export function recordOf(reasoner: GameTransitions, moves: readonly (readonly number[])[]): TraceBlock {
  const names = reasoner.roles.map((r) => reasoner.game.store.toKif(r));
  // replayMatch reads only `moves`; the other fields of these lines are recomputed.
  const steps: TraceStep[] = moves.map((joint, step) => ({
    step,
    state: [],
    terminal: false,
    moves: Object.fromEntries(names.map((name, r) => [name, reasoner.game.store.toKif(joint[r]!)])),
  }));
  steps.push({ step: moves.length, state: [], terminal: true });
  const record = replayMatch(reasoner, { steps }, { goalsEverywhere: true });
  return { header: { ...record.header!, backend: 'epistemic' }, steps: record.steps };
}
