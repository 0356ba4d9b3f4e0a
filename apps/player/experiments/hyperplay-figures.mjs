// giga13-05's Figures 3–5 from arena runs of HyperPlay-II (the first SPEC) against HyperPlay with equal
// resources (the second): per run (one resource index) the mean score of each technique with a 99 % interval
// (normal approximation, the paper's error bars) and what the paper's text says to look for in each game:
//   numberguessing: questions asked per match and right guesses (section 5.3: binary search guesses after 4);
//   bankerthief:    the share of the banker's deposits that went into the target bank (section 5.4: HyperPlay
//                   ≈100 %, HyperPlay-II ≈40 %; the chart plots it, mean of the matches' shares), and the
//                   banker's and the thief's mean goals;
//   battleships:    the first action in each match and how often it was a scan, and the rounds a win took
//                   (section 5.5: HyperPlay-II "scan, noop, fire"; HyperPlay fires at random).
// Every table also gives the technique's thinking time per match (the arena's thinkMs: wall time, so it grows
// with the machine's load; the paper's Figure 3 plots CPU resources beside the score).
// With --svg FILE, one chart per game of the mean score against the resource index, both techniques, with
// the intervals.
//
//   node apps/player/experiments/hyperplay-figures.mjs numberguessing|bankerthief|battleships [--svg F] R=DIR ...
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const game = args.shift();
let svgFile = null;
const runs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--svg') svgFile = args[++i];
  else {
    const [index, dir] = args[i].split('=');
    runs.push({ index: Number(index), dir });
  }
}
if (!['numberguessing', 'bankerthief', 'battleships'].includes(game) || runs.length === 0) {
  console.error('usage: hyperplay-figures.mjs numberguessing|bankerthief|battleships [--svg F] R=DIR ...');
  process.exit(2);
}

const Z99 = 2.5758;

function interval(values) {
  const n = values.length;
  if (n === 0) return { n, mean: Number.NaN, half: Number.NaN };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  return { n, mean, half: (Z99 * Math.sqrt(variance)) / Math.sqrt(n) };
}

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const show = (s) => `${s.n}, ${fmt(s.mean)} ± ${fmt(s.half)}`;

function matches(dir) {
  return readFileSync(join(dir, 'matches.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** Per technique (0: HyperPlay-II, 1: HyperPlay), the role indices it held in a match. */
function seatsOf(m, spec) {
  return m.seating.flatMap((s, role) => (s === spec ? [role] : []));
}

/** A match with a START failure or a fault of the technique is counted apart, as the arena's own table does. */
function faulty(m, spec) {
  const roles = new Set(seatsOf(m, spec).map((r) => m.roles[r]));
  return m.faults.filter((f) => roles.has(f.role)).length;
}

const rows = [];
for (const { index, dir } of runs) {
  const all = matches(dir);
  const row = { index, dir, techniques: [] };
  for (const spec of [0, 1]) {
    const scores = [];
    const extra = { faults: 0 };
    for (const m of all) {
      const roles = seatsOf(m, spec);
      if (roles.length === 0) continue;
      extra.faults += faulty(m, spec);
      for (const role of roles) scores.push(m.goals[role]);
      extra.thinkMs = (extra.thinkMs ?? 0) + m.thinkMs.reduce((t, step) => t + roles.reduce((u, r) => u + (step[r] ?? 0), 0), 0);
      extra.played = (extra.played ?? 0) + 1;
      describeMatch(m, roles, extra);
    }
    row.techniques.push({ score: interval(scores), extra });
  }
  rows.push(row);
}

/** Game-specific counts of one match for the technique in `roles`. */
function describeMatch(m, roles, extra) {
  const moveOf = (step, role) => m.moves[step][role];
  if (game === 'numberguessing') {
    const role = roles[0];
    extra.matches = (extra.matches ?? 0) + 1;
    extra.asks = (extra.asks ?? 0) + m.moves.filter((j) => j[role].startsWith('(ask')).length;
    extra.right = (extra.right ?? 0) + (m.goals[role] > 0 ? 1 : 0);
  } else if (game === 'bankerthief') {
    const random = m.roles.indexOf('random');
    const banker = m.roles.indexOf('banker');
    const thief = m.roles.indexOf('thief');
    const target = /\(select bank (\d+)\)/.exec(moveOf(0, random))?.[1];
    if (roles.includes(banker)) {
      const deposits = m.moves.map((j) => /\(deposit (\d+) /.exec(j[banker])?.[1]).filter((b) => b !== undefined);
      extra.deposits = (extra.deposits ?? 0) + deposits.length;
      (extra.targetShares ??= []).push((100 * deposits.filter((b) => b === target).length) / deposits.length);
      extra.inTarget = (extra.inTarget ?? 0) + deposits.filter((b) => b === target).length;
      (extra.bankerGoals ??= []).push(m.goals[banker]);
    }
    if (roles.includes(thief)) (extra.thiefGoals ??= []).push(m.goals[thief]);
  } else {
    const role = roles[0];
    const own = m.moves.map((j) => j[role]).filter((mv) => mv !== 'noop');
    extra.matches = (extra.matches ?? 0) + 1;
    extra.firstScan = (extra.firstScan ?? 0) + (own[0] === 'scan' ? 1 : 0);
    extra.scans = (extra.scans ?? 0) + own.filter((mv) => mv === 'scan').length;
    if (m.goals[role] === 100) {
      extra.wins = (extra.wins ?? 0) + 1;
      // Rounds of play (after the placement) up to and including the winning shot.
      extra.winRounds = (extra.winRounds ?? 0) + (m.moves.length - 1);
      if (own.length === 2 && own[0] === 'scan' && own[1].startsWith('(fire')) extra.scanFire = (extra.scanFire ?? 0) + 1;
    }
  }
}

const names = ['HyperPlay-II', 'HyperPlay'];
/** Per game, the table's extra columns: header, alignment and the cell of a technique's counts. */
const columns = {
  numberguessing: [
    ['questions per match', (e) => fmt(e.asks / e.matches)],
    ['right guesses', (e) => `${e.right}/${e.matches}`],
  ],
  bankerthief: [
    ['deposits into the target bank', (e) => `${fmt((100 * e.inTarget) / e.deposits, 0)} % (${e.inTarget}/${e.deposits})`],
    ['banker: mean goal ± 99 %', (e) => show(interval(e.bankerGoals ?? []))],
    ['thief: mean goal ± 99 %', (e) => show(interval(e.thiefGoals ?? []))],
  ],
  battleships: [
    ['wins', (e) => String(e.wins ?? 0)],
    ['first action a scan', (e) => `${e.firstScan}/${e.matches}`],
    ['scans per match', (e) => fmt(e.scans / e.matches, 2)],
    ['wins by "scan, fire"', (e) => String(e.scanFire ?? 0)],
    ['mean rounds to a win', (e) => fmt((e.winRounds ?? 0) / (e.wins || Number.NaN))],
  ],
}[game];
const scoreHeader = game === 'bankerthief' ? 'score over both roles: matches, mean ± 99 %' : 'matches, mean score ± 99 %';
console.log(
  `| r / r² | technique | ${scoreHeader} | ${columns.map(([h]) => h).join(' | ')} | thinking s per match | faults |`,
);
console.log(`|---|---|---|${columns.map(() => '--:|').join('')}--:|--:|`);
for (const r of rows) {
  r.techniques.forEach((t, k) => {
    const cells = columns.map(([, cell]) => cell(t.extra));
    console.log(`| ${r.index} / ${r.index ** 2} | ${names[k]} | ${show(t.score)} | ${cells.join(' | ')} | ${fmt(t.extra.thinkMs / 1000 / t.extra.played)} | ${t.extra.faults} |`);
  });
}

if (svgFile) writeFileSync(svgFile, chart(rows));

/** What the chart shows per technique: the score, or in Banker and Thief the share deposited in the target bank. */
function plotted(technique) {
  return game === 'bankerthief' ? interval(technique.extra.targetShares ?? []) : technique.score;
}

/** Mean score against the resource index (log scale, as the paper's figures), both techniques, 99 % bars. */
function chart(rows) {
  const W = 520;
  const H = 320;
  const left = 56;
  const right = 130;
  const top = 30;
  const bottom = 44;
  const sorted = [...rows].sort((a, b) => a.index - b.index);
  const logs = sorted.map((r) => Math.log2(r.index));
  const lo = Math.min(...logs);
  const hi = Math.max(...logs, lo + 1);
  const x = (index) => left + ((Math.log2(index) - lo) / (hi - lo)) * (W - left - right);
  const y = (score) => top + (1 - score / 100) * (H - top - bottom);
  const colours = ['#1f5fa8', '#c0392b'];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${left}" y="18" font-size="13">${{ numberguessing: 'Number Guessing: score', bankerthief: 'Banker and Thief: % of deposits in the target bank', battleships: 'Battleships in Fog: score' }[game]} (99 % intervals)</text>`,
    `<line x1="${left}" y1="${y(0)}" x2="${W - right}" y2="${y(0)}" stroke="black"/>`,
    `<line x1="${left}" y1="${y(0)}" x2="${left}" y2="${y(100)}" stroke="black"/>`,
  ];
  for (const s of [0, 25, 50, 75, 100]) {
    parts.push(`<line x1="${left - 4}" y1="${y(s)}" x2="${W - right}" y2="${y(s)}" stroke="#ddd"/>`);
    parts.push(`<text x="${left - 8}" y="${y(s) + 4}" text-anchor="end">${s}</text>`);
  }
  for (const r of sorted) {
    parts.push(`<text x="${x(r.index)}" y="${H - bottom + 16}" text-anchor="middle">${r.index}</text>`);
  }
  parts.push(
    `<text x="${(left + W - right) / 2}" y="${H - 8}" text-anchor="middle">resource index r (HyperPlay at r²)</text>`,
  );
  for (const k of [0, 1]) {
    const points = sorted.map((r) => ({ px: x(r.index) + (k === 0 ? -3 : 3), s: plotted(r.techniques[k]) }));
    parts.push(
      `<polyline fill="none" stroke="${colours[k]}" stroke-width="2" points="${points.map((p) => `${p.px},${y(p.s.mean)}`).join(' ')}"/>`,
    );
    for (const p of points) {
      const a = y(Math.min(100, p.s.mean + p.s.half));
      const b = y(Math.max(0, p.s.mean - p.s.half));
      parts.push(`<line x1="${p.px}" y1="${a}" x2="${p.px}" y2="${b}" stroke="${colours[k]}"/>`);
      parts.push(`<circle cx="${p.px}" cy="${y(p.s.mean)}" r="3" fill="${colours[k]}"/>`);
    }
    parts.push(`<line x1="${W - right + 12}" y1="${top + 12 + 18 * k}" x2="${W - right + 32}" y2="${top + 12 + 18 * k}" stroke="${colours[k]}" stroke-width="2"/>`);
    parts.push(`<text x="${W - right + 38}" y="${top + 16 + 18 * k}">${names[k]}</text>`);
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
