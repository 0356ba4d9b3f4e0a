// The time a module build will take, estimated from the IR before it starts. Emission, binaryen's optimiser
// and V8's compiler run synchronously and cannot be interrupted, so a module that cannot be built in the time
// left of the build budget is refused up front with a typed error, instead of blocking the caller's event loop
// for minutes (amazonssuicide's module took over two minutes under load; a player would lose its start clock).
import { BudgetExceededError } from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import { TRIAL_MAX_MS } from './choose-propagation.js';
import { supportsDifferential } from './differential-lower.js';
import { MAX_SIDES, SPLIT_TRIAL_MS } from './differential-split.js';
import { OPTIMISE_MAX_WIRES, optimisesByDefault } from './lower.js';

/**
 * CPU microseconds per fan-in wire (2026-11-23, AMD EPYC): binaryen's optimiser dominates an optimised build
 * (20–67 µs per wire on nets of 3 k–160 k wires; only nets up to OPTIMISE_MAX_WIRES are optimised), emission
 * and V8's compiler an unoptimised one (4–10 µs on nets of 110 k–1.5 M). Upper ends of what was measured:
 * refusing a build that would have fit costs a backend, overrunning the budget costs the caller's clock.
 */
const OPTIMISED_MICROSECONDS_PER_WIRE = 50;
const PLAIN_MICROSECONDS_PER_WIRE = 10;
/** Module set-up and the fixed functions (tictactoe's whole build takes about 250 ms). */
const FIXED_MS = 100;

/**
 * The differential module has no code per gate: lowering writes its tables (othello-comp2007, 457 k wires:
 * 153 ms, about 0.3 µs per wire, 2026-11-25 under load).
 */
const DIFFERENTIAL_MICROSECONDS_PER_WIRE = 1;

/**
 * Nets of the differential candidates: the one net, a net per side met and one for any other combination, each
 * twice (the goal gates stepped or left to the ends: choose-propagation.ts).
 */
const DIFFERENTIAL_NETS = 2 * (1 + MAX_SIDES + 1);

/**
 * The time of what chooseWasmCore builds: the differential modules (one net and split, after the split's trial
 * playouts), the straight-line module up to OPTIMISE_MAX_WIRES, and the trial between them.
 */
export function estimateModuleMs(ir: PropnetIR): number {
  const differential = supportsDifferential(ir)
    ? (DIFFERENTIAL_NETS * ir.fanin.length * DIFFERENTIAL_MICROSECONDS_PER_WIRE) / 1000 +
      SPLIT_TRIAL_MS +
      TRIAL_MAX_MS
    : 0;
  if (differential > 0 && ir.fanin.length > OPTIMISE_MAX_WIRES) return FIXED_MS + differential;
  const perWire = optimisesByDefault(ir) ? OPTIMISED_MICROSECONDS_PER_WIRE : PLAIN_MICROSECONDS_PER_WIRE;
  return FIXED_MS + differential + (ir.fanin.length * perWire) / 1000;
}

/** Throws BudgetExceededError when the module of `ir` cannot be built within `leftMs`. */
export function checkModuleBudget(ir: PropnetIR, leftMs: number): void {
  const estimate = estimateModuleMs(ir);
  if (estimate <= leftMs) return;
  throw new BudgetExceededError(
    `propnet-wasm: building the module of ${ir.gateCount} gates and ${ir.fanin.length} wires takes about ` +
      `${Math.round(estimate / 1000)} s, over the ${Math.round(leftMs / 1000)} s left of the build budget`,
    { limit: `${Math.round(leftMs)} ms` },
  );
}
