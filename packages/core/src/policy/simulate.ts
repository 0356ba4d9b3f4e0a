// The generic policy simulations (the Reasoner's `simulate` for backends without their own loop): whole
// simulations through the primitives, the policy choosing every move with more than one option and learning
// from each finished simulation before the next starts. This is the sequential reference of paper 03
// (section 2: choose in the playout, learn from every simulation) that the engines' batch paths are compared to.
import { GdlkitError } from '../errors.js';
import type { Game } from '../game/game.js';
import { GrowableInt32 } from '../growable-int32.js';
import { goalNumber } from '../reasoner/base-reasoner.js';
import type { PolicyTable, SimulationBatch, SimulationResults } from '../reasoner/simulations.js';
import type { Reasoner } from '../reasoner/types.js';
import { Rng } from '../rng.js';
import type { TermId } from '../terms/term-store.js';

/** Throws a GdlkitError saying what is inconsistent in `batch` for a game of `roleCount` roles. */
export function checkSimulationBatch<State>(batch: SimulationBatch<State>, roleCount: number): void {
  const count = batch.starts.length;
  const fail = (what: string): never => {
    throw new GdlkitError('UNSUPPORTED', `simulation batch: ${what}`);
  };
  if (batch.prefixOffsets.length !== count + 1) {
    fail(`prefixOffsets has ${batch.prefixOffsets.length} entries, starts needs ${count + 1}`);
  }
  if (!(Number.isInteger(batch.maxDepth) && batch.maxDepth >= 0)) {
    fail(`maxDepth must be a non-negative integer, got ${batch.maxDepth}`);
  }
  let previous = 0;
  for (let i = 0; i <= count; i++) {
    const at = batch.prefixOffsets[i]!;
    if (at < previous || at > batch.prefixMoves.length || (i === 0 && at !== 0)) {
      fail(`prefixOffsets[${i}] = ${at} is out of order or beyond prefixMoves (${batch.prefixMoves.length})`);
    }
    if ((at - previous) % roleCount !== 0)
      fail(`prefix ${i - 1} is not whole joint moves of ${roleCount} roles`);
    if (i > 0 && batch.forcedFirstMove?.[i - 1] && at - previous < roleCount)
      fail(`simulation ${i - 1} forces its first move but its prefix has no joint move`);
    previous = at;
  }
  if (batch.forcedFirstMove && batch.forcedFirstMove.length !== count) {
    fail(`forcedFirstMove has ${batch.forcedFirstMove.length} entries, starts needs ${count}`);
  }
}

/**
 * The state a forced simulation plays from: `start` advanced by `move`, which must be legal there (a terminal
 * start has no legal move); otherwise the error of `forcedMoveError`.
 */
function forcedStart<State>(
  reasoner: Reasoner<State>,
  start: State,
  move: readonly TermId[],
  simulation: number,
): State {
  const terminal = reasoner.isTerminal(start);
  for (let r = 0; r < move.length; r++) {
    if (terminal || !reasoner.legalMoves(start, r).includes(move[r]!)) {
      throw forcedMoveError(reasoner.game, move, simulation);
    }
  }
  return reasoner.nextState(start, move);
}

/** The error every engine gives for a forced first move (`move`, of simulation i) not legal in its start. */
export function forcedMoveError(game: Game, move: ArrayLike<TermId>, simulation: number): GdlkitError {
  const kif = Array.from(move, (m) => game.store.toKif(m)).join(' ');
  return new GdlkitError(
    'ILLEGAL_MOVE',
    `simulation batch: simulation ${simulation} forces (${kif}), not legal in its start`,
  );
}

/** `simulate` through the primitives of `reasoner`; `policy` may be any table (it is used via its interface). */
export function genericSimulate<State>(
  reasoner: Reasoner<State>,
  batch: SimulationBatch<State>,
  policy: PolicyTable,
): SimulationResults {
  const n = reasoner.roles.length;
  checkSimulationBatch(batch, n);
  const count = batch.starts.length;
  const rng = new Rng(batch.seed);
  const random = () => rng.nextFloat();
  const goals = new Float64Array(count * n);
  const depths = new Int32Array(count);
  const truncated = new Uint8Array(count);
  const recorded = new GrowableInt32();
  const moveOffsets = new Int32Array(batch.recordMoves ? count + 1 : 0);
  // The simulation's joint moves, flat: its prefix, then its playout.
  const history = new GrowableInt32();
  // The last two joint moves, oldest first, for the policy's n-gram context (no allocation per step).
  const previous = [new Int32Array(0), new Int32Array(n), new Int32Array(2 * n)];
  const move: TermId[] = new Array<TermId>(n).fill(0);
  const rewards = new Float64Array(n);
  for (let i = 0; i < count; i++) {
    history.length = 0;
    history.append(batch.prefixMoves, batch.prefixOffsets[i]!, batch.prefixOffsets[i + 1]!);
    const prefixLength = history.length;
    let state = batch.starts[i] as State;
    if (batch.forcedFirstMove?.[i]) {
      for (let r = 0; r < n; r++) move[r] = history.data[prefixLength - n + r]!;
      state = forcedStart(reasoner, state, move, i);
    }
    let depth = 0;
    while (!reasoner.isTerminal(state)) {
      if (depth >= batch.maxDepth) {
        truncated[i] = 1;
        break;
      }
      const context = previous[Math.min(2, history.length / n)]!;
      const from = history.length - context.length;
      for (let k = 0; k < context.length; k++) context[k] = history.data[from + k]!;
      for (let r = 0; r < n; r++) {
        const legal = reasoner.legalMoves(state, r);
        if (legal.length === 0) {
          throw new GdlkitError('UNSUPPORTED', `role ${reasoner.game.roleName(r)} has no legal move`);
        }
        move[r] = legal.length === 1 ? legal[0]! : legal[policy.choose(r, legal, context, random)]!;
      }
      for (let r = 0; r < n; r++) history.push(move[r]!);
      state = reasoner.nextState(state, move);
      depth++;
    }
    for (let r = 0; r < n; r++) {
      rewards[r] = goalNumber(reasoner.goal(state, r));
      goals[i * n + r] = rewards[r]!;
    }
    depths[i] = depth;
    policy.record(history.data, history.length / n, rewards);
    if (batch.recordMoves) {
      recorded.append(history.data, prefixLength, history.length);
      moveOffsets[i + 1] = recorded.length;
    }
  }
  return {
    count,
    goals,
    depths,
    truncated,
    moves: recorded.data.slice(0, recorded.length),
    moveOffsets,
  };
}
