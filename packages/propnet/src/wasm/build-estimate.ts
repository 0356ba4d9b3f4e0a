// The time a module build will take, estimated from the IR before it starts. Emission, binaryen's optimiser
// and V8's compiler run synchronously and cannot be interrupted, so a module that cannot be built in the time
// left of the build budget is refused up front with a typed error, instead of blocking the caller's event loop
// for minutes (amazonssuicide's module took over two minutes under load; a player would lose its start clock).
import { BudgetExceededError } from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';

/**
 * CPU microseconds per fan-in wire, a typical rate (2026-11-23, AMD EPYC: 15–30 µs per wire on nets of
 * 49 k–1.9 M wires, but 53 µs on amazons.kif's 1.5 M): it refuses builds that would overrun the budget by a
 * lot, not every overrun, and rarely one that would have fit.
 */
const MICROSECONDS_PER_WIRE = 20;
/** Module set-up and the fixed functions (tictactoe's whole build takes about 250 ms). */
const FIXED_MS = 100;

export function estimateModuleMs(ir: PropnetIR): number {
  return FIXED_MS + (ir.fanin.length * MICROSECONDS_PER_WIRE) / 1000;
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
