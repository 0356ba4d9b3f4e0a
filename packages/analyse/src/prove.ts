// One proof (section 4): for zero-sum and state properties first whether ϕ follows from Φ alone, then by
// induction: the base case, then the induction step with the assumptions Φ.
import type { Game } from '@gdlkit/core';
import type { AspSolver, SolveOutcome, SolverBudget } from './clingo-solver.js';
import { type Counterexample, readCounterexample } from './counterexample.js';
import type { DomainProgram } from './domain-program.js';
import type { MoveCase } from './move-cases.js';
import {
  baseCaseProgram,
  consequenceProgram,
  inductionStepPrograms,
  moveCaseProgram,
  type ProofProgram,
} from './proof-programs.js';
import type { Property } from './properties.js';
import type { EncodingContext } from './property-encoding.js';

export type ProofStatus = 'proved' | 'refuted' | 'unknown';

export interface ProofResult {
  readonly property: Property;
  /**
   * `proved`: holds in every reachable state. `refuted`: an answer set exists — in the initial state
   * (`counterexample.case === 'init'`, the property is false) or for the induction step (`'step'`, the
   * property is not inductive under the assumptions; the state shown need not be reachable).
   * `unknown`: the solver was stopped by the budget or failed.
   */
  readonly status: ProofStatus;
  readonly seconds: number;
  readonly assumptions: readonly Property[];
  readonly counterexample?: Counterexample;
  /** Why the proof is unknown. */
  readonly reason?: string;
  /** Which program the budget stopped (unknown only): a stop in the step means the base case holds. */
  readonly abortedIn?: 'base' | 'step';
  /** Game rules in the base and step programs after section 6's selection. */
  readonly rules: { readonly base: number; readonly step: number; readonly consequence?: number };
  /**
   * How a proof went through: `consequence` when ϕ already follows from the assumptions in every state over
   * the feature domain (no induction needed), `induction` (section 4's programs (1) and (2)), or
   * `joint induction` when ϕ is inductive only together with `jointlyWith` (see unique-search.ts).
   */
  readonly method?: 'consequence' | 'induction' | 'joint induction';
  /**
   * For `joint induction`: the properties proved together with this one. They are also among `assumptions`
   * (the step assumed them), but unlike the others they were not proved beforehand.
   */
  readonly jointlyWith?: readonly Property[];
  /**
   * Counter invariants the analyser proposed (GameAnalyser.prove) after the induction step failed, with their
   * proofs; the proved ones are among `assumptions`, and `seconds` include them.
   */
  readonly proposed?: readonly ProofResult[];
  /** Largest growth of resident memory seen while solving. */
  readonly peakBytes: number;
  /**
   * CPU seconds of the whole process (every thread, the solver's workers included) while the proof ran, where
   * the runtime reports them: on a shared machine the wall-clock `seconds` also count other programs' time.
   */
  readonly cpuSeconds?: number;
}

/** CPU seconds of this process since the call, or undefined where the runtime does not report them. */
export function cpuClock(): () => number | undefined {
  if (typeof process === 'undefined' || typeof process.cpuUsage !== 'function') return () => undefined;
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1e6;
  };
}

export interface ProofSetup {
  readonly game: Game;
  readonly context: EncodingContext;
  readonly domain: DomainProgram;
  readonly solver: AspSolver;
}

export async function proveByInduction(
  setup: ProofSetup,
  property: Property,
  assumptions: readonly Property[],
  budget: SolverBudget,
): Promise<ProofResult> {
  const started = performance.now();
  const cpu = cpuClock();
  const seconds = () => (performance.now() - started) / 1000;
  let rules: ProofResult['rules'] = { base: 0, step: 0 };
  let peakBytes = 0;
  const result = (status: ProofStatus, extra: Partial<ProofResult> = {}): ProofResult => ({
    property,
    status,
    seconds: seconds(),
    cpuSeconds: cpu(),
    assumptions,
    rules,
    peakBytes,
    ...extra,
  });
  if (setup.domain.infinite) return result('unknown', { reason: setup.domain.infinite });

  const base = baseCaseProgram(setup.context, setup.domain, property);
  const steps = inductionStepPrograms(setup.context, setup.domain, property, assumptions);
  rules = { base: base.gameRules, step: Math.max(...steps.map((s) => s.gameRules)) };
  const remaining = (): SolverBudget => ({ ...budget, seconds: Math.max(0.001, budget.seconds - seconds()) });

  // Zero-sum and state properties speak about derived relations and often follow from Φ alone (e.g. goal
  // rules that are complementary in every state); checking that first avoids grounding the transition. A
  // counterexample here is any state satisfying Φ, not a refutation: the induction decides then.
  // A count property relates the counter to the board: not a consequence of uniqueness properties.
  const lemma =
    property.kind === 'unique' || property.kind === 'count'
      ? undefined
      : consequenceProgram(setup.context, setup.domain, property, assumptions);
  if (lemma) {
    rules = { ...rules, consequence: lemma.gameRules };
    const outcome = await setup.solver.solve(lemma.text, budget);
    peakBytes = outcome.peakBytes;
    if (outcome.status === 'unsatisfiable') return result('proved', { method: 'consequence' });
  }

  const first = await setup.solver.solve(base.text, remaining());
  peakBytes = Math.max(peakBytes, first.peakBytes);
  if (first.status === 'aborted') {
    return result('unknown', { reason: `base case: ${first.reason}`, abortedIn: 'base' });
  }
  if (first.status === 'satisfiable') {
    return result('refuted', { counterexample: readCounterexample(first.atoms, 'init') });
  }
  const second = await solveSteps(
    setup,
    await possibleCases(setup, steps, assumptions, remaining),
    remaining,
  );
  peakBytes = Math.max(peakBytes, second.peakBytes);
  return stepResult(second, result);
}

/**
 * The step's programs without those of rare cases of the joint move (move-cases.ts) that cannot occur given
 * Φ (moveCaseProgram unsatisfiable; checkers: several movers and all constants, given unique control).
 * A case whose check is satisfiable or stopped keeps its programs.
 */
async function possibleCases(
  setup: ProofSetup,
  steps: readonly ProofProgram[],
  assumptions: readonly Property[],
  budget: () => SolverBudget,
): Promise<ProofProgram[]> {
  const rare = [...new Set(steps.flatMap((s) => (s.moveCase?.rare ? [s.moveCase] : [])))];
  const empty = new Set<MoveCase>();
  await Promise.all(
    rare.map(async (c) => {
      const check = moveCaseProgram(setup.context, setup.domain, assumptions, c);
      const outcome = await setup.solver.solve(check.text, budget(), { portfolio: false });
      if (outcome.status === 'unsatisfiable') empty.add(c);
    }),
  );
  return steps.filter((s) => !s.moveCase || !empty.has(s.moveCase));
}

/**
 * The programs of the step, all handed to the solver at once (ClingoSolver runs as many as it has cores for
 * and queues the rest; they are independent): the first answer set or stop decides and stops the others;
 * all unsatisfiable is unsatisfiable.
 */
async function solveSteps(
  setup: ProofSetup,
  steps: readonly ProofProgram[],
  budget: () => SolverBudget,
): Promise<SolveOutcome> {
  if (steps.length === 1 && steps[0]!.name === undefined) return setup.solver.solve(steps[0]!.text, budget());
  const started = performance.now();
  const given = budget();
  const decided = new AbortController();
  const signal = given.signal ? AbortSignal.any([given.signal, decided.signal]) : decided.signal;
  let peakBytes = 0;
  let first: SolveOutcome | undefined;
  await Promise.all(
    steps.map(async (step, i) => {
      // Split steps are many small programs: the default configuration alone (SolveOptions.portfolio).
      const outcome = await setup.solver.solve(step.text, { ...budget(), signal }, { portfolio: false });
      peakBytes = Math.max(peakBytes, outcome.peakBytes);
      if (outcome.status === 'unsatisfiable' || first !== undefined) return;
      // The budget left for a later program is not the proof's: say which program was stopped.
      first =
        outcome.status === 'aborted'
          ? { ...outcome, reason: `${outcome.reason} (program ${i + 1} of ${steps.length})` }
          : outcome;
      decided.abort();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return first ? { ...first, seconds, peakBytes } : { status: 'unsatisfiable', seconds, peakBytes };
}

/**
 * Program (2) alone, for a property whose base case is already known to hold (the joint search of
 * unique-search.ts): proved when the step has no answer set under the assumptions.
 */
export async function proveInductionStep(
  setup: ProofSetup,
  property: Property,
  assumptions: readonly Property[],
  budget: SolverBudget,
): Promise<ProofResult> {
  const started = performance.now();
  const cpu = cpuClock();
  if (setup.domain.infinite) {
    return {
      property,
      status: 'unknown',
      seconds: 0,
      assumptions,
      reason: setup.domain.infinite,
      rules: { base: 0, step: 0 },
      peakBytes: 0,
    };
  }
  const steps = inductionStepPrograms(setup.context, setup.domain, property, assumptions);
  const seconds = () => (performance.now() - started) / 1000;
  const left = () => ({ ...budget, seconds: Math.max(0.001, budget.seconds - seconds()) });
  const outcome = await solveSteps(setup, await possibleCases(setup, steps, assumptions, left), left);
  return stepResult(outcome, (status, extra = {}) => ({
    property,
    status,
    seconds: seconds(),
    cpuSeconds: cpu(),
    assumptions,
    rules: { base: 0, step: Math.max(...steps.map((s) => s.gameRules)) },
    peakBytes: outcome.peakBytes,
    ...extra,
  }));
}

function stepResult(
  outcome: SolveOutcome,
  result: (status: ProofStatus, extra?: Partial<ProofResult>) => ProofResult,
): ProofResult {
  if (outcome.status === 'aborted') {
    return result('unknown', { reason: `induction step: ${outcome.reason}`, abortedIn: 'step' });
  }
  if (outcome.status === 'satisfiable') {
    return result('refuted', { counterexample: readCounterexample(outcome.atoms, 'step') });
  }
  return result('proved', { method: 'induction' });
}
