import type { NodeStats } from './uct-node.js';

/**
 * Paper 02's Qmax of a node and role — the highest average reward over the role's scored moves, 0 before any —
 * kept up to date by the backups instead of scanned at every selection: a backup changes one move per role, so
 * the best is the old best or that move, unless that move was the best and its average fell (then the next
 * reader scans again).
 * Averages count finished simulations only: pending virtual losses would pull them down while a batch is in
 * the engine (paper 02's Qmax is over finished simulations).
 *
 * The cache lives after the node's three sections (`NodeStats`): per role r, Qmax at `base + 3 * size + 2 * r` and the
 * best move's index + 1 at the next slot (0: Qmax is the floor 0, no move above it; -1: unknown, scan). A fresh
 * node's zeros are its true state (no scored move).
 */

/** Doubles a node of `roleCount` roles keeps after its three sections. */
export const bestAverageSlots = (roleCount: number): number => 2 * roleCount;

/** The role's Qmax at the node (scans the role's moves only if a backup invalidated it). */
export function bestAverage(stats: NodeStats, role: number): number {
  const { offsets, size, values, base } = stats;
  const slot = base + 3 * size + 2 * role;
  if (values[slot + 1]! >= 0) return values[slot]!;
  let best = 0;
  let index = 0;
  const from = base + offsets[role]!;
  for (let at = from; at < base + offsets[role + 1]!; at++) {
    const n = values[2 * size + at]!;
    if (n > 0 && values[size + at]! / n > best) {
      best = values[size + at]! / n;
      index = at - from + 1;
    }
  }
  values[slot] = best;
  values[slot + 1] = index;
  return best;
}

/** Adds a finished simulation's reward to the role's move `move` (its sum and scored visits) and to Qmax. */
export function scoreMove(stats: NodeStats, role: number, move: number, reward: number): void {
  const { offsets, size, values, base } = stats;
  const at = base + offsets[role]! + move;
  const sum = (values[size + at]! += reward);
  const n = ++values[2 * size + at]!;
  const slot = base + 3 * size + 2 * role;
  const best = values[slot + 1]!;
  if (best < 0) return;
  // The same division a scan makes, so Qmax is the scan's value exactly.
  const mean = sum / n;
  if (best === move + 1) {
    // The best move's average: still the best if it did not fall, else unknown.
    if (mean >= values[slot]!) values[slot] = mean;
    else values[slot + 1] = -1;
  } else if (mean > values[slot]!) {
    values[slot] = mean;
    values[slot + 1] = move + 1;
  }
}

/** Marks every role's Qmax unknown: statistics were written other than through `scoreMove`. */
export function forgetBestAverages(stats: NodeStats): void {
  const cache = stats.base + 3 * stats.size;
  for (let r = 0; r < stats.offsets.length - 1; r++) stats.values[cache + 2 * r + 1] = -1;
}
