// Paper 02 (giga13-02), section 4.1: the n-arm-bandit experiment. Each arm follows a "mean's path" — a
// random walk from 0.5 in steps of 0.02 that is absorbed at 0 (loss) or 1 (win) within 500 steps; the j-th
// pull of an arm returns 1 with probability M(j) (our reading of "each sample moves one step along the
// path": outcomes of a game are wins and losses). A task pulls arms for k = 1..3000 samples with UCT or with
// the sufficiency threshold (formula 2; C = 0.4, α = 0.6 on 0..1, i.e. 40 and 60 on the player's 0..100
// scale) and records V(k) = 1 when the arm with the best average is a winning arm. 50 models (random
// bandits) × 200 tasks each; the chart is the mean over models of V̄_ST(k) − V̄_UCT(k) with a 95 % interval.
//
//   node apps/player/experiments/sufficiency-bandit.mjs [--models 50] [--tasks 200] [--samples 3000] [--seed 1]
//        [--arms 20,50] [--winners 0.1,0.3] [--json FILE]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Rng } from '@gdlkit/core';
import { SufficiencyThreshold } from '@gdlkit/player';

const { values } = parseArgs({
  options: {
    models: { type: 'string', default: '50' },
    tasks: { type: 'string', default: '200' },
    samples: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '1' },
    arms: { type: 'string', default: '20,50' },
    winners: { type: 'string', default: '0.1,0.3' },
    json: { type: 'string' },
  },
});
const MODELS = Number(values.models);
const TASKS = Number(values.tasks);
const SAMPLES = Number(values.samples);
const STEP = 0.02;
const HORIZON = 500;
const C = 40;

/** One arm's mean's path, absorbed at 0 or 1 within HORIZON steps, ending at `win ? 1 : 0` (rejection). */
function meanPath(rng, win) {
  for (;;) {
    const path = [0.5];
    let m = 0.5;
    while (m > 1e-9 && m < 1 - 1e-9 && path.length <= HORIZON) {
      m += rng.nextFloat() < 0.5 ? STEP : -STEP;
      m = Math.round(m * 50) / 50;
      path.push(m);
    }
    const absorbed = m <= 1e-9 || m >= 1 - 1e-9;
    if (absorbed && (m >= 0.5) === win) return Float64Array.from(path);
  }
}

function model(rng, arms, winnerShare) {
  const winners = Math.max(1, Math.round(arms * winnerShare));
  const bandit = Array.from({ length: arms }, (_, i) => ({ win: i < winners, path: meanPath(rng, i < winners) }));
  shuffle(bandit, rng);
  return bandit;
}

function shuffle(items, rng) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
}

/** V(k) summed over tasks, for k = 1..SAMPLES, of one agent on one model. */
function run(bandit, threshold, rng) {
  const n = bandit.length;
  const pulls = new Float64Array(n);
  const sums = new Float64Array(n);
  const optimal = new Float64Array(SAMPLES);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let task = 0; task < TASKS; task++) {
    pulls.fill(0);
    sums.fill(0);
    // Unpulled arms first (their exploration term is infinite), in an order drawn per task.
    shuffle(order, rng);
    for (let k = 0; k < SAMPLES; k++) {
      let arm = k < n ? order[k] : -1;
      if (arm < 0) {
        let qmax = 0;
        for (let i = 0; i < n; i++) qmax = Math.max(qmax, sums[i] / pulls[i]);
        const c = threshold.exploration(0, qmax * 100, C, rng) / 100;
        const logK = Math.log(k);
        let best = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < n; i++) {
          const v = sums[i] / pulls[i] + c * Math.sqrt(logK / pulls[i]);
          if (v > best) {
            best = v;
            arm = i;
          }
        }
      }
      const path = bandit[arm].path;
      const mean = path[Math.min(pulls[arm], path.length - 1)];
      pulls[arm]++;
      sums[arm] += rng.nextFloat() < mean ? 1 : 0;
      // The final bet after k + 1 samples: the best average among the pulled arms (ties: more pulls, then
      // the earlier arm in this task's order, so no arm index is favoured).
      let bet = -1;
      let bestQ = -1;
      for (let j = 0; j < n; j++) {
        const i = order[j];
        if (pulls[i] === 0) continue;
        const q = sums[i] / pulls[i];
        if (q > bestQ || (q === bestQ && pulls[i] > pulls[bet])) {
          bestQ = q;
          bet = i;
        }
      }
      if (bandit[bet].win) optimal[k]++;
    }
  }
  for (let k = 0; k < SAMPLES; k++) optimal[k] /= TASKS;
  return optimal;
}

const report = [];
const checkpoints = [10, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 2500, 3000].filter((k) => k <= SAMPLES);
for (const arms of values.arms.split(',').map(Number)) {
  for (const share of values.winners.split(',').map(Number)) {
    const rng = new Rng(Number(values.seed) * 7919 + arms * 31 + Math.round(share * 100));
    const diffs = checkpoints.map(() => []);
    const ucts = checkpoints.map(() => []);
    for (let m = 0; m < MODELS; m++) {
      const bandit = model(rng, arms, share);
      const uct = run(bandit, new SufficiencyThreshold(1, { mode: 'off' }), new Rng(rng.nextInt(2 ** 31)));
      const st = run(bandit, new SufficiencyThreshold(1, { mode: 'fixed', alpha: 60 }), new Rng(rng.nextInt(2 ** 31)));
      checkpoints.forEach((k, i) => {
        diffs[i].push(st[k - 1] - uct[k - 1]);
        ucts[i].push(uct[k - 1]);
      });
    }
    const rows = checkpoints.map((k, i) => {
      const d = diffs[i];
      const mean = d.reduce((a, b) => a + b, 0) / d.length;
      const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, d.length - 1));
      const uct = ucts[i].reduce((a, b) => a + b, 0) / d.length;
      return { k, uct, stMinusUct: mean, ci95: (1.96 * sd) / Math.sqrt(d.length) };
    });
    report.push({ arms, winners: share, models: MODELS, tasks: TASKS, rows });
    console.log(`\n${arms} arms, ${Math.round(share * 100)} % winners (${MODELS} models × ${TASKS} tasks)`);
    console.log('      k   V̄ UCT   V̄ ST − V̄ UCT (95 % CI over models)');
    for (const r of rows) {
      const sign = r.stMinusUct >= 0 ? '+' : '−';
      console.log(
        `${String(r.k).padStart(7)}   ${r.uct.toFixed(3)}   ${sign}${Math.abs(r.stMinusUct).toFixed(3)} ± ${r.ci95.toFixed(3)}`,
      );
    }
  }
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
