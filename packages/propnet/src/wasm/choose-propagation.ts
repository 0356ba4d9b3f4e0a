// Chooses, per game, how the WASM module propagates, by timing both modules on the same short random playouts
// (like the native core's calibrate.rs). Which one is faster depends on how much of the net a move touches:
// tic-tac-toe and breakthrough favour re-evaluating every gate in straight-line code, checkers, speedchess
// and othello-comp2007 the differential module (packages/propnet/README.md, "Differential propagation").
// Both compute the same values, so the choice changes speed only, never results.
import { initialStateOf } from '../engine.js';
import type { PropnetIR } from '../ir.js';
import { supportsDifferential } from './differential-lower.js';
import { DifferentialWasmPropnet } from './differential-runtime.js';
import { OPTIMISE_MAX_WIRES } from './lower.js';
import { WasmPropnet } from './runtime.js';
import type { WasmCore } from './wasm-core.js';

/**
 * Trial rounds per module (the best counts: V8 compiles a module in its baseline tier first and optimises
 * hot functions while it runs), the time of one round and its playouts' depth cap.
 */
const TRIAL_ROUNDS = 3;
const ROUND_MS = 15;
const TRIAL_DEPTH = 200;

/**
 * The module to run `ir` on. A net with a cyclic component runs straight-line (counters cannot retract atoms
 * that support each other). A net past OPTIMISE_MAX_WIRES runs differential without a trial: its
 * straight-line module is built unoptimised, which took seconds and ran 14–40× slower (othello-comp2007).
 */
export function chooseWasmCore(ir: PropnetIR): WasmCore {
  if (!supportsDifferential(ir)) return new WasmPropnet(ir);
  const differential = new DifferentialWasmPropnet(ir);
  if (ir.fanin.length > OPTIMISE_MAX_WIRES) return differential;
  const straight = new WasmPropnet(ir);
  const start = initialStateOf(ir, differential);
  let best = { differential: 0, straight: 0 };
  for (let round = 0; round < TRIAL_ROUNDS; round++) {
    best = {
      differential: Math.max(best.differential, statesPerMs(differential, start, round)),
      straight: Math.max(best.straight, statesPerMs(straight, start, round)),
    };
  }
  return best.differential > best.straight ? differential : straight;
}

/** Random playouts from `start` for ROUND_MS (wall clock: both modules run under the same load, alternately). */
function statesPerMs(core: WasmCore, start: Uint32Array, round: number): number {
  let states = 0;
  let seed = 1 + round * 7919;
  const began = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    states += core.playouts(start, 2, seed++, TRIAL_DEPTH).states;
    elapsed = performance.now() - began;
  }
  return states / elapsed;
}
