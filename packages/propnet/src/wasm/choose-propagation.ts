// Chooses, per game, how the WASM module propagates, by timing both modules on the same short random playouts
// (like the native core's calibrate.rs). Which one is faster depends on how much of the net a move touches:
// tic-tac-toe and breakthrough favour re-evaluating every gate in straight-line code, checkers, speedchess
// and othello-comp2007 the differential module (packages/propnet/README.md, "Differential propagation").
// Both compute the same values, so the choice changes speed only, never results.
import { initialStateOf } from '../engine.js';
import type { PropnetIR } from '../ir.js';
import { withBinary } from './compile.js';
import { supportsDifferential } from './differential-lower.js';
import { DifferentialWasmPropnet, type Split } from './differential-runtime.js';
import { chooseSplit } from './differential-split.js';
import { OPTIMISE_MAX_WIRES } from './lower.js';
import { WasmPropnet } from './runtime.js';
import type { WasmCore } from './wasm-core.js';

/**
 * Trial rounds: each candidate's best round counts (V8 runs a new module in its baseline tier and swaps in
 * optimised code while it runs, sooner for the small differential module), so rounds go on, alternating,
 * until no best improved by more than 5 % in a round (at least MIN_ROUNDS, at most MAX_ROUNDS).
 */
const MIN_ROUNDS = 3;
const MAX_ROUNDS = 8;
const ROUND_MS = 8;
const TRIAL_DEPTH = 200;
/**
 * Candidates: straight-line, and the differential module with one net or split, its goal gates stepped or left
 * to the ends, loading rises or falls first.
 */
const MAX_CANDIDATES = 9;
/** The longest the trial's playouts can take (the build budget reserves it: build-estimate.ts). */
export const TRIAL_MAX_MS = MAX_CANDIDATES * MAX_ROUNDS * ROUND_MS;

/**
 * How much faster the differential module must run in the trial to be chosen. The trial once under-rated the
 * straight-line module (still partly in V8's baseline tier: 1.5, then 1.25); since the differential module's
 * dense counters (issue 26, fifth session) its rates track the steady ones in a warm process (12 of 14 games
 * within 6 %; tictactoe 0.47 against 0.41 and hex 61 against 17, far from a tie), while a fresh process's
 * trial scatters ±20 % either way (connectfour 1.20–1.36 against 1.34 steady, which 1.25 left straight-line in
 * 2 of 10 builds; chinesecheckers1 0.94–1.37 against 1.12–1.19), so the margin only keeps near-ties
 * straight-line (2026-11-27, load 4–5).
 */
const DIFFERENTIAL_MARGIN = 1.1;

/** What the trial chose: with the IR and the module's bytes, enough to make the same module again (module-cache.ts). */
export type WasmChoice =
  | { readonly propagation: 'straight-line' }
  | {
      readonly propagation: 'differential';
      readonly split: Split;
      readonly risesFirst: boolean;
      /** The goal gates followed at every step (differential-lower.ts). */
      readonly stepGoals: boolean;
    };

export interface ChosenModule {
  readonly core: WasmCore;
  readonly choice: WasmChoice;
  /** The chosen module's bytes. */
  readonly binary: Uint8Array;
  /** Each candidate's best trial rate in states per ms, by candidate (none when there was no trial). */
  readonly rates: Readonly<Record<string, number>>;
}

interface Candidate {
  readonly name: string;
  readonly core: WasmCore;
  readonly binary: Uint8Array;
  /** For a differential module: the load order it is timed with (DifferentialWasmPropnet.setRisesFirst). */
  readonly risesFirst?: boolean;
  readonly split?: Split;
  best: number;
}

/** The module chooseWasmModule chooses for `ir`. */
export function chooseWasmCore(ir: PropnetIR): WasmCore {
  return chooseWasmModule(ir).core;
}

/**
 * The module to run `ir` on, how it was chosen and its bytes. A net with a cyclic component runs straight-line
 * (counters cannot retract atoms that support each other). Otherwise the differential module — one net, or one
 * per side to move when the trial playouts find a control split (differential-split.ts), loading the rising or
 * the falling bases first — is timed against the straight-line one; a net past OPTIMISE_MAX_WIRES has no
 * straight-line candidate: its module is built unoptimised, which took seconds and ran 14–40× slower
 * (othello-comp2007).
 */
export function chooseWasmModule(ir: PropnetIR): ChosenModule {
  if (!supportsDifferential(ir)) {
    const { core, binary } = built(() => new WasmPropnet(ir));
    return { core, choice: { propagation: 'straight-line' }, binary, rates: {} };
  }
  // Built first: its binaryen optimisation, the build's only one, then ends before the differential modules
  // are made, not just before the trial (a fresh tictactoe build then timed it below the differential module).
  const straight: Candidate | undefined =
    ir.fanin.length > OPTIMISE_MAX_WIRES
      ? undefined
      : { name: 'straight-line', ...built(() => new WasmPropnet(ir)), best: 0 };
  const one = built(() => new DifferentialWasmPropnet(ir));
  const start = initialStateOf(ir, one.core);
  const split = chooseSplit(ir, one.core, start);
  // Each differential module also with its goal gates followed at every step: where playouts are a few states
  // long, the goal cone evaluated from scratch at each end outweighs following it (tron_10x10; the native
  // calibration's choice, calibrate.rs).
  const stepped = (s?: Split) => built(() => new DifferentialWasmPropnet(ir, s, undefined, undefined, true));
  const differential: Omit<Candidate, 'best'>[] = [
    { name: 'differential', ...one },
    { name: 'differential, goals stepped', ...stepped() },
  ];
  if (split.bases.length > 0) {
    differential.push(
      { name: 'split differential', split, ...built(() => new DifferentialWasmPropnet(ir, split)) },
      { name: 'split differential, goals stepped', split, ...stepped(split) },
    );
  }
  const candidates: Candidate[] = differential.flatMap((c) => [
    { ...c, name: `${c.name}, rises first`, risesFirst: true, best: 0 },
    { ...c, name: `${c.name}, falls first`, risesFirst: false, best: 0 },
  ]);
  if (straight) candidates.push(straight);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let settled = true;
    for (const candidate of candidates) {
      const { core, risesFirst } = candidate;
      if (core instanceof DifferentialWasmPropnet) core.setRisesFirst(risesFirst!);
      const rate = statesPerMs(core, start, round);
      if (rate > 1.05 * candidate.best) settled = false;
      candidate.best = Math.max(candidate.best, rate);
    }
    if (round + 1 >= MIN_ROUNDS && settled) break;
  }
  const rates = Object.fromEntries(candidates.map((c) => [c.name, c.best]));
  const fastest = candidates.filter((c) => c !== straight).reduce((a, b) => (b.best > a.best ? b : a));
  if (straight && fastest.best <= DIFFERENTIAL_MARGIN * straight.best) {
    return { core: straight.core, choice: { propagation: 'straight-line' }, binary: straight.binary, rates };
  }
  const risesFirst = fastest.risesFirst!;
  const core = fastest.core as DifferentialWasmPropnet;
  core.setRisesFirst(risesFirst);
  const choice: WasmChoice = {
    propagation: 'differential',
    split: fastest.split ?? { bases: [], keys: [] },
    risesFirst,
    stepGoals: core.stepGoals,
  };
  return { core, choice, binary: fastest.binary, rates };
}

/**
 * The module `choice` names, from the bytes an earlier build of the same IR emitted for it: no binaryen, no
 * trial. Throws when the bytes do not compile.
 */
export function coreOfChoice(ir: PropnetIR, choice: WasmChoice, binary: Uint8Array): WasmCore {
  if (choice.propagation === 'straight-line') return new WasmPropnet(ir, {}, binary);
  const core = new DifferentialWasmPropnet(ir, choice.split, undefined, binary, choice.stepGoals);
  core.setRisesFirst(choice.risesFirst);
  return core;
}

/** A candidate module with its bytes. */
function built<C extends WasmCore>(build: () => C): { core: C; binary: Uint8Array } {
  const { built: core, binary } = withBinary(build);
  return { core, binary };
}

/**
 * Milliseconds of this process's CPU time where the runtime tells it (Node), else of the wall clock (a browser):
 * under load, a wall-clock round that the scheduler preempted read half the rate (hex's candidates varied 2×).
 */
const cpuMs: () => number =
  typeof process === 'object' && typeof process.cpuUsage === 'function'
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();

/**
 * Random playouts from `start` for ROUND_MS. A round's time is the lesser of its CPU time (cpuMs) and its wall
 * time: process CPU time also counts V8's background threads, which compile a fresh process's modules while
 * the trial runs (charged to whichever candidate is running), and wall time counts preemption under load.
 */
function statesPerMs(core: WasmCore, start: Uint32Array, round: number): number {
  let states = 0;
  let seed = 1 + round * 7919;
  const began = cpuMs();
  const wallBegan = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    states += core.playouts(start, 2, seed++, TRIAL_DEPTH).states;
    elapsed = Math.min(cpuMs() - began, performance.now() - wallBegan);
  }
  return states / elapsed;
}
