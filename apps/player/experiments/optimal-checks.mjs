// Paper 08 (giga13-08), section 6: the share of matches of Blind Cashing Checks / Cashing Stale-dated Checks
// in which both players made only optimal moves ("optimal draws"), read from an arena's matches.jsonl.
// Optimal: a move that keeps the game-theoretic value (win/draw/loss) of the position. In Blind Cashing Checks
// from the drawn start that is taking the largest check left (section 4.1: any other check hands the opponent
// the larger one); Cashing Stale-dated Checks is solved exactly here by minimax over (checks taken, totals) —
// section 4.3's "the largest valid check or the next one" is not always value-keeping (the next one can
// leave the opponent a check that is still valid later).
//
//   node apps/player/experiments/optimal-checks.mjs blind|staledated OUT_DIR [OUT_DIR ...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [variant, ...dirs] = process.argv.slice(2);
const CHECKS = { blind: 20, staledated: 12 }[variant];
if (!CHECKS || dirs.length === 0) {
  console.error('usage: optimal-checks.mjs blind|staledated OUT_DIR [OUT_DIR ...]');
  process.exit(2);
}

const STEPS = 10;
const KOMI = 5;

/** Amount check v pays when taken at 0-based `step`. */
function gain(v, step) {
  return variant === 'blind' || step + v <= CHECKS ? v : 0;
}

/** Minimax value for left (1 win, 0 draw, -1 loss) of the position: checks `taken` (bit mask), left − right. */
const memo = new Map();
function value(taken, diff) {
  let step = 0;
  for (let m = taken; m; m &= m - 1) step++;
  if (step === STEPS) return Math.sign(diff - KOMI);
  const key = taken * 512 + diff + 256;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const leftMoves = step % 2 === 0;
  let best = leftMoves ? -2 : 2;
  for (let v = 1; v <= CHECKS; v++) {
    if (taken & (1 << (v - 1))) continue;
    const after = value(taken | (1 << (v - 1)), diff + (leftMoves ? 1 : -1) * gain(v, step));
    best = leftMoves ? Math.max(best, after) : Math.min(best, after);
  }
  memo.set(key, best);
  return best;
}

/** Whether taking `v` at `step` keeps the value of the position (taken mask, left − right). */
function optimal(v, step, left, taken, diff) {
  if (variant === 'blind') return v === Math.max(...left);
  const sign = step % 2 === 0 ? 1 : -1;
  return value(taken | (1 << (v - 1)), diff + sign * gain(v, step)) === value(taken, diff);
}

/** Wilson 95 % interval of a proportion. */
function wilson(k, n) {
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

for (const dir of dirs) {
  const lines = readFileSync(join(dir, 'matches.jsonl'), 'utf8').split('\n').filter(Boolean);
  let good = 0;
  let draws = 0;
  let optimalNotDrawn = 0;
  for (const line of lines) {
    const record = JSON.parse(line);
    const left = new Set(Array.from({ length: CHECKS }, (_, i) => i + 1));
    let taken = 0;
    let diff = 0;
    let allOptimal = true;
    record.moves.forEach((joint, step) => {
      const take = joint.find((m) => m !== 'noop');
      const v = Number(/\(take (\d+)\)/.exec(take)[1]);
      if (!optimal(v, step, left, taken, diff)) allOptimal = false;
      left.delete(v);
      taken |= 1 << (v - 1);
      diff += (step % 2 === 0 ? 1 : -1) * gain(v, step);
    });
    const drawn = record.goals[0] === 50 && record.goals[1] === 50;
    if (drawn) draws++;
    if (allOptimal) {
      good++;
      if (!drawn) optimalNotDrawn++;
    }
  }
  const [lo, hi] = wilson(good, lines.length);
  const pct = (x) => (100 * x).toFixed(1);
  console.log(
    `${dir}: ${lines.length} matches, optimal ${pct(good / lines.length)} % (95 % CI ${pct(lo)}–${pct(hi)}), draws ${pct(draws / lines.length)} %${optimalNotDrawn ? `, ${optimalNotDrawn} optimal matches not drawn (rule check failed)` : ''}`,
  );
}
