// buildPropnet: ground the game, build the network, optimise it and freeze it into the IR.
import { BudgetExceededError, type Game } from '@gdlkit/core';
import { type GroundingOptions, groundGame, groundStrata } from '@gdlkit/ground';
import { BuildClock, withinCapacity } from './build-clock.js';
import { earlierFailure, rememberFailure } from './build-failures.js';
import { buildGraph } from './build-graph.js';
import { irByteSize, type PropnetBuildStats, type PropnetIR } from './ir.js';
import { freeze } from './ir-freeze.js';
import { countComponents, optimise } from './optimise.js';

/** `timeMs` bounds the whole build (grounding, network, optimisation, freezing); default 60 s. */
export interface PropnetOptions extends GroundingOptions {}

export interface BuiltPropnet {
  readonly ir: PropnetIR;
  readonly stats: PropnetBuildStats;
}

/**
 * Builds the propnet IR of a game with its build report. Throws BudgetExceededError if the build does not fit,
 * at once if an earlier build of the same game with at least this budget did not.
 */
export function buildPropnetWithStats(game: Game, options: PropnetOptions = {}): BuiltPropnet {
  const known = earlierFailure(game, options);
  if (known !== undefined) throw known;
  try {
    return build(game, options);
  } catch (e) {
    if (e instanceof BudgetExceededError) rememberFailure(game, options, e);
    throw e;
  }
}

function build(game: Game, options: PropnetOptions): BuiltPropnet {
  const clock = new BuildClock(options.timeMs);
  const t0 = performance.now();
  const program = withinCapacity('grounding', () =>
    groundGame(game, { ...options, timeMs: clock.remainingMs }),
  );
  withinCapacity('ground-level stratification', () => groundStrata(program));
  clock.check('ground-level stratification');
  const t1 = performance.now();
  const graph = withinCapacity('building the network', () => buildGraph(program));
  const before = countComponents(graph);
  clock.check('building the network');
  const t2 = performance.now();
  const optimised = withinCapacity('optimisation', () => optimise(graph, clock));
  const after = countComponents(optimised);
  clock.check('freezing the IR');
  const t3 = performance.now();
  const ir = withinCapacity('freezing the IR', () => freeze(optimised));
  const t4 = performance.now();
  return {
    ir,
    stats: {
      groundMs: t1 - t0,
      buildMs: t2 - t1,
      optimiseMs: t3 - t2,
      freezeMs: t4 - t3,
      groundAtoms: program.atomCount,
      groundRules: program.ruleCount,
      before,
      after,
      irBytes: irByteSize(ir),
    },
  };
}

/** Builds the propnet IR of a game (see IR.md). */
export function buildPropnet(game: Game, options: PropnetOptions = {}): PropnetIR {
  return buildPropnetWithStats(game, options).ir;
}
