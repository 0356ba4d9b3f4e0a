// Paper 08 (giga13-08), section 6: the share of matches of Blind Cashing Checks / Cashing Stale-dated Checks
// in which both players made only optimal moves ("optimal draws"), read from an arena's matches.jsonl.
// Optimal (section 4): in Blind Cashing Checks, taking the largest check left; in Cashing Stale-dated Checks,
// taking the largest check still valid or the next one (the largest pays nothing after this turn anyway).
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

/** Whether taking `value` at 0-based `step` with `left` checks remaining is optimal. */
function optimal(value, step, left) {
  const candidates = [...left].filter((v) => variant === 'blind' || v <= CHECKS - step).sort((a, b) => b - a);
  const allowed = variant === 'blind' ? candidates.slice(0, 1) : candidates.slice(0, 2);
  return allowed.includes(value);
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
    let allOptimal = true;
    record.moves.forEach((joint, step) => {
      const take = joint.find((m) => m !== 'noop');
      const value = Number(/\(take (\d+)\)/.exec(take)[1]);
      if (!optimal(value, step, left)) allOptimal = false;
      left.delete(value);
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
