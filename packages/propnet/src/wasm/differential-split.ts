// Control splitting for the differential module (as the native crate's control_split.rs): in a game where a few
// bases change at almost every step (the side to move), every such flip moves all their readers' counters,
// although each side's half of the net is idle on the other side's turn. So the module holds one net per
// combination of those bases' values, with them fixed and the gates they decide folded (fold.ts); a state is
// played on its combination's net. Which bases: measured on short random playouts on the one-net module — those
// that change at least FLIP_SHARE of the steps, at most MAX_BASES, kept only while the playouts show no more
// than MAX_SIDES combinations. When no base changes that often, a control that cycles through phases or
// players (amazons' `turn ?player move|fire`, quarto's select and place controls: each base changes at every
// other step) is found jointly: the bases that change at least JOINT_MIN_SHARE of the steps, most often
// first, whose combination changes at least FLIP_SHARE of the steps. The playouts stop after SPLIT_TRIAL_MS
// (the build budget reserves it).
import { Rng } from '@gdlkit/core';
import type { PropnetIR } from '../ir.js';
import type { DifferentialWasmPropnet, Split } from './differential-runtime.js';

const FLIP_SHARE = 0.9;
/** A base of a joint control changes at least this share of the steps (six players' control: 1/3). */
const JOINT_MIN_SHARE = 0.25;
const MAX_BASES = 4;
export const MAX_SIDES = 4;
const TRIAL_PLAYOUTS = 8;
const TRIAL_DEPTH = 300;
/** The most wall-clock time the trial playouts take (build-estimate.ts). */
export const SPLIT_TRIAL_MS = 50;

/** The split bases and the combinations the trial met; none for a game without a side to move. */
export function chooseSplit(ir: PropnetIR, core: DifferentialWasmPropnet, start: Uint32Array): Split {
  const baseCount = ir.baseGate.length;
  const flips = new Uint32Array(baseCount);
  const states: Uint32Array[] = [];
  // Per visit, whether it is its playout's first.
  const first: boolean[] = [];
  const inputs = new Int32Array(ir.roleCount);
  let steps = 0;
  const until = performance.now() + SPLIT_TRIAL_MS;
  for (let seed = 1; seed <= TRIAL_PLAYOUTS && performance.now() < until; seed++) {
    const rng = new Rng(seed);
    let state = start.slice();
    states.push(state);
    first.push(true);
    for (let depth = 0; depth < TRIAL_DEPTH; depth++) {
      core.load(state);
      if (core.values[ir.terminalGate]) break;
      for (let r = 0; r < ir.roleCount; r++) {
        const legal = core.legalEntries(r);
        if (legal.length === 0) return { bases: [], keys: [] };
        inputs[r] = ir.legalInput[legal[rng.nextInt(legal.length)]!]!;
      }
      core.applyInputs(inputs);
      const next = new Uint32Array(state.length);
      core.readNext(next);
      for (let w = 0; w < next.length; w++) {
        for (let diff = next[w]! ^ state[w]!; diff !== 0; diff &= diff - 1)
          flips[w * 32 + 31 - Math.clz32(diff & -diff)]!++;
      }
      state = next;
      states.push(state);
      first.push(false);
      steps++;
    }
  }
  const often = (share: number) => [...flips.keys()].filter((b) => steps > 0 && flips[b]! >= share * steps);
  let bases = often(FLIP_SHARE).slice(0, MAX_BASES);
  const joint = bases.length === 0;
  // Most often first (stable: lowest index on a tie).
  if (joint)
    bases = often(JOINT_MIN_SHARE)
      .sort((a, b) => flips[b]! - flips[a]!)
      .slice(0, MAX_BASES);
  while (bases.length > 0) {
    const key = states.map((s) => keyOf(bases, s));
    const keys = [...new Set(key)].sort((a, b) => a - b);
    if (keys.length <= MAX_SIDES) {
      // Steps whose combination differs from the visit before (a playout's first visit is no step).
      const changes = key.filter((k, i) => i > 0 && !first[i] && k !== key[i - 1]).length;
      if (joint && changes < FLIP_SHARE * steps) break;
      return { bases, keys };
    }
    bases.pop();
  }
  return { bases: [], keys: [] };
}

/** The combination of the `bases`' values in `state` (bit i: base bases[i]). */
function keyOf(bases: readonly number[], state: Uint32Array): number {
  let key = 0;
  for (const [i, b] of bases.entries()) key |= ((state[b >>> 5]! >>> (b & 31)) & 1) << i;
  return key;
}
