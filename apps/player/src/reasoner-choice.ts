import { createDefaultRegistry } from '@gdlkit/backends';
import {
  type BackendRegistry,
  BudgetExceededError,
  describeState,
  type Game,
  GdlkitError,
  type Reasoner,
  Rng,
  withMove,
} from '@gdlkit/core';
import { proverBackend } from '@gdlkit/prover';
import type { Logger } from './log.js';

/** The built-in registry, with the prover added when it is not registered yet: the player checks against it. */
export function createPlayerRegistry(): BackendRegistry {
  const registry = createDefaultRegistry();
  if (!registry.has('prover')) registry.register(proverBackend);
  return registry;
}

export interface ReasonerChoice {
  readonly reasoner: Reasoner;
  /** The reference prover the choice was checked against (the chosen reasoner itself when it is the prover). */
  readonly prover: Reasoner;
  readonly backend: string;
}

export interface ChoiceBudget {
  /** performance.now() by which the choice must be made. */
  readonly deadline: number;
  /** Share of the remaining time a backend may spend building. */
  readonly buildShare: number;
  readonly memoryBytes?: number;
}

/**
 * Builds the requested backend (or `auto`) within a share of the start clock, checks it against the prover on
 * a few random states, and falls back to the prover when it cannot be built in time or disagrees. Logs what
 * was chosen and why.
 */
export async function chooseReasoner(
  game: Game,
  requested: string,
  registry: BackendRegistry,
  budget: ChoiceBudget,
  logger: Logger,
  fields: Record<string, unknown>,
): Promise<ReasonerChoice> {
  const prover = await registry.get('prover').create(game);
  if (requested === 'prover') {
    logger.log('info', 'backend', { ...fields, backend: 'prover', reason: 'requested' });
    return { reasoner: prover, prover, backend: 'prover' };
  }
  const started = performance.now();
  const buildTimeMs = Math.max(0, Math.floor((budget.deadline - started) * budget.buildShare));
  let reasoner: Reasoner;
  try {
    reasoner = await withinTime(
      registry.get(requested).create(game, { buildTimeMs, memoryBytes: budget.memoryBytes }),
      started + buildTimeMs,
      requested,
    );
  } catch (e) {
    if (!(e instanceof GdlkitError) && !(e instanceof RangeError)) throw e;
    logger.log('warn', 'backend', {
      ...fields,
      backend: 'prover',
      reason: `${requested} failed: ${e.message}`,
      buildTimeMs,
    });
    return { reasoner: prover, prover, backend: 'prover' };
  }
  const attempts = (reasoner as { attempts?: unknown }).attempts;
  if (reasoner.backend === 'prover') {
    reasoner.dispose();
    logger.log('info', 'backend', {
      ...fields,
      backend: 'prover',
      reason: `${requested} chose it`,
      attempts,
    });
    return { reasoner: prover, prover, backend: 'prover' };
  }
  const mismatch = disagreement(reasoner, prover, budget.deadline);
  if (mismatch !== null) {
    reasoner.dispose();
    logger.log('warn', 'backend', {
      ...fields,
      backend: 'prover',
      reason: `${reasoner.backend} disagrees with the prover: ${mismatch}`,
      attempts,
    });
    return { reasoner: prover, prover, backend: 'prover' };
  }
  logger.log('info', 'backend', {
    ...fields,
    backend: reasoner.backend,
    reason: `${requested}: built in ${Math.round(performance.now() - started)} ms within ${buildTimeMs} ms, agrees with the prover on random states`,
    attempts,
  });
  return { reasoner, prover, backend: reasoner.backend };
}

/**
 * The reasoner if it is built by `deadline`; otherwise a BudgetExceededError, and the late reasoner is
 * disposed when it arrives (backends that ignore buildTimeMs must not hold up the START reply).
 */
function withinTime(build: Promise<Reasoner>, deadline: number, name: string): Promise<Reasoner> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(
      () => {
        late = true;
        reject(new BudgetExceededError(`${name} did not build within ${Math.round(deadline - started)} ms`));
      },
      Math.max(0, deadline - started),
    );
    build.then(
      (reasoner) => {
        clearTimeout(timer);
        if (late) reasoner.dispose();
        else resolve(reasoner);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * Compares the canonical trace lines (core describeState, and the percepts for GDL-II) of two reasoners on the
 * states of a few random walks made with the prover; null when they agree on every state checked before
 * `deadline` (at most 4 walks of 8 moves).
 */
export function disagreement(subject: Reasoner, prover: Reasoner, deadline: number): string | null {
  const rng = new Rng(0x5eed);
  for (let walk = 0; walk < 4; walk++) {
    let state = prover.initialState();
    for (let step = 0; step <= 8 && performance.now() < deadline; step++) {
      const other = subject.stateFromFacts(prover.stateToFacts(state));
      const expected = describeState(prover, state, step, { goalsEverywhere: true });
      const actual = describeState(subject, other, step, { goalsEverywhere: true });
      if (expected.line.terminal || expected.legal.some((m) => m.length === 0)) {
        const a = JSON.stringify(expected.line);
        const b = JSON.stringify(actual.line);
        if (a !== b) return `walk ${walk} step ${step}: prover ${a}, ${subject.backend} ${b}`;
        break;
      }
      const move = expected.legal.map((moves) => moves[rng.nextInt(moves.length)]!);
      const a = JSON.stringify(withMove(prover, expected.line, state, move));
      const b = JSON.stringify(withMove(subject, actual.line, other, move));
      if (a !== b) return `walk ${walk} step ${step}: prover ${a}, ${subject.backend} ${b}`;
      state = prover.nextState(state, move);
    }
  }
  return null;
}
