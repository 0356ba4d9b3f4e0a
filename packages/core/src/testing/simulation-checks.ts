// Conformance of `createPolicy`/`simulate` (issue 20): what every backend's policy simulations must satisfy,
// checked by replaying what they report through the backend's own primitives.
import { expect } from 'vitest';
import { GdlkitError } from '../errors.js';
import { goalNumber } from '../reasoner/base-reasoner.js';
import type { PolicyKind, PolicySpec, SimulationBatch, SimulationResults } from '../reasoner/simulations.js';
import type { Reasoner } from '../reasoner/types.js';
import type { TermId } from '../terms/term-store.js';
import { breathe } from './breathe.js';

const KINDS: readonly PolicyKind[] = ['uniform', 'mast', 'nst'];
const MAX_DEPTH = 30;

/**
 * Two starts (the initial state and the state after the first listed joint move, with that move as its
 * prefix), each twice: legal moves only, the goals of the state reached, truncation at maxDepth, tables that
 * grow, decay, and the same results for the same seed.
 */
export async function checkSimulations<State>(r: Reasoner<State>): Promise<void> {
  const initial = r.initialState();
  if (r.isTerminal(initial)) return;
  const first = r.roles.map((_, role) => r.legalMoves(initial, role)[0]!);
  const second = r.nextState(initial, first);
  const batch = (seed: number): SimulationBatch<State> => ({
    starts: [initial, second, initial, second],
    prefixMoves: Int32Array.from([...first, ...first]),
    prefixOffsets: Int32Array.from([0, 0, first.length, first.length, 2 * first.length]),
    seed,
    maxDepth: MAX_DEPTH,
    recordMoves: true,
  });
  for (const kind of KINDS) {
    await breathe();
    const spec: PolicySpec = { kind, gamma: 0, threshold: 1 };
    const policy = r.createPolicy(spec);
    expect(policy.spec.kind).toBe(kind);
    const results = r.simulate(batch(3), policy);
    checkReplay(r, batch(3), results, kind);
    if (kind !== 'uniform') expect(policy.size, `${kind} learns from simulations`).toBeGreaterThan(0);
    const again = r.createPolicy(spec);
    expect(r.simulate(batch(3), again), `${kind}: same seed, same results`).toEqual(results);
    // γ = 0: after decay every count is 0 and the table plays as a fresh one (paper 03, section 4).
    policy.decay();
    const fresh = r.createPolicy(spec);
    expect(r.simulate(batch(4), policy), `${kind}: decay with γ = 0 forgets`).toEqual(
      r.simulate(batch(4), fresh),
    );
    // A forced first move (the tree's new leaves start at their parent): the same simulations, draws and
    // learning as from the state the move leads to.
    const forced = r.createPolicy(spec);
    const unforced = r.createPolicy(spec);
    expect(r.simulate(forcedBatch(batch(6), initial), forced), `${kind}: a forced first move`).toEqual(
      r.simulate(batch(6), unforced),
    );
    expect(forced.size, `${kind}: a forced first move is learnt once`).toBe(unforced.size);
    for (const table of [policy, again, fresh, forced, unforced]) table.dispose();
  }
  // Forcing a move not legal in the start is refused with a typed error (here: the first move again).
  if (!r.isTerminal(second) && first.some((move, role) => !r.legalMoves(second, role).includes(move))) {
    const table = r.createPolicy({ kind: 'uniform' });
    const twice: SimulationBatch<State> = {
      starts: [second],
      prefixMoves: Int32Array.from([...first, ...first]),
      prefixOffsets: Int32Array.from([0, 2 * first.length]),
      forcedFirstMove: Uint8Array.from([1]),
      seed: 1,
      maxDepth: MAX_DEPTH,
    };
    expect(() => r.simulate(twice, table)).toThrow(GdlkitError);
    table.dispose();
  }
  const cut = r.createPolicy({ kind: 'mast' });
  const none = r.simulate({ ...batch(5), maxDepth: 0 }, cut);
  expect(Array.from(none.depths)).toEqual([0, 0, 0, 0]);
  const open = [initial, second].map((state) => (r.isTerminal(state) ? 0 : 1));
  expect(Array.from(none.truncated)).toEqual([...open, ...open]);
  expect(Array.from(none.goals.subarray(0, r.roles.length))).toEqual(
    r.roles.map((_, role) => goalNumber(r.goal(initial, role))),
  );
  cut.dispose();
}

/** `batch` with every start after a one-joint-move prefix replaced by `initial` and that move forced. */
function forcedBatch<State>(batch: SimulationBatch<State>, initial: State): SimulationBatch<State> {
  const n = batch.starts.length;
  const forced = Uint8Array.from({ length: n }, (_, i) =>
    batch.prefixOffsets[i + 1]! > batch.prefixOffsets[i]! ? 1 : 0,
  );
  return { ...batch, starts: batch.starts.map((s, i) => (forced[i] ? initial : s)), forcedFirstMove: forced };
}

/** Replays each recorded playout from its start: every move legal, the depth and the goals as reported. */
function checkReplay<State>(
  r: Reasoner<State>,
  batch: SimulationBatch<State>,
  results: SimulationResults,
  kind: PolicyKind,
): void {
  const n = r.roles.length;
  expect(results.count).toBe(batch.starts.length);
  for (let i = 0; i < results.count; i++) {
    const label = `${kind} simulation ${i}`;
    let state = batch.starts[i] as State;
    const from = results.moveOffsets[i]!;
    const steps = (results.moveOffsets[i + 1]! - from) / n;
    expect(steps, label).toBe(results.depths[i]);
    for (let s = 0; s < steps; s++) {
      expect(r.isTerminal(state), `${label} moves on from a terminal state`).toBe(false);
      const joint: TermId[] = [];
      for (let role = 0; role < n; role++) {
        const move = results.moves[from + s * n + role]!;
        expect(r.legalMoves(state, role), `${label} step ${s}`).toContain(move);
        joint.push(move);
      }
      state = r.nextState(state, joint);
    }
    const cut = results.truncated[i] === 1;
    expect(cut ? steps === MAX_DEPTH && !r.isTerminal(state) : r.isTerminal(state), label).toBe(true);
    const goals = r.roles.map((_, role) => goalNumber(r.goal(state, role)));
    expect(Array.from(results.goals.subarray(i * n, (i + 1) * n)), label).toEqual(goals);
  }
}
