import { fastest } from './render-markdown.js';
import type { BenchReport, BenchResult } from './types.js';

const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];
const LABEL = 170;
const PLOT = 460;
const BAR = 14;

/**
 * Nodes per second per game and backend relative to the fastest backend on that game, on a log scale
 * (the comparison paper's Figure 3); one panel per experiment, the absolute rate printed beside each bar.
 */
export function renderSvg(report: BenchReport): string {
  const backends = [...new Set(report.results.map((r) => r.backend))];
  const colour = new Map(backends.map((b, i) => [b, COLOURS[i % COLOURS.length]!]));
  const parts: string[] = [];
  let y = 20;
  for (const experiment of new Set(report.results.map((r) => r.experiment))) {
    const rows = report.results.filter((r) => r.experiment === experiment && r.nodes_per_sec);
    if (rows.length === 0) continue;
    const decades = Math.max(1, Math.ceil(-Math.log10(Math.min(...rows.map((r) => relative(rows, r))))));
    const x = (rel: number) => LABEL + PLOT * (1 + Math.log10(rel) / decades);
    parts.push(
      `<text x="10" y="${y}" font-weight="bold">${escapeXml(experiment)}: nodes/s relative to the fastest backend (log scale)</text>`,
    );
    y += 12;
    const top = y;
    for (const game of new Set(rows.map((r) => r.game))) {
      const gameRows = rows.filter((r) => r.game === game);
      y += 6;
      parts.push(
        `<text x="${LABEL - 6}" y="${y + (gameRows.length * BAR) / 2 + 4}" text-anchor="end">${escapeXml(game.replace(/\.kif$/, ''))}</text>`,
      );
      for (const r of gameRows) {
        const w = Math.max(1, x(relative(rows, r)) - LABEL);
        parts.push(
          `<rect x="${LABEL}" y="${y}" width="${w.toFixed(1)}" height="${BAR - 2}" fill="${colour.get(r.backend)}"><title>${escapeXml(`${r.backend}: ${r.nodes_per_sec} nodes/s`)}</title></rect>`,
          `<text x="${(LABEL + w + 4).toFixed(1)}" y="${y + BAR - 4}" font-size="10">${escapeXml(`${r.backend} ${r.nodes_per_sec!.toLocaleString('en-US')}`)}</text>`,
        );
        y += BAR;
      }
    }
    for (let d = 0; d <= decades; d++) {
      const gx = x(10 ** -d).toFixed(1);
      parts.push(
        `<line x1="${gx}" y1="${top}" x2="${gx}" y2="${y + 4}" stroke="#bbb" stroke-dasharray="2,2"/>`,
        `<text x="${gx}" y="${y + 16}" font-size="10" text-anchor="middle">${d === 0 ? '1' : `1e-${d}`}</text>`,
      );
    }
    y += 36;
  }
  const legend = backends
    .map(
      (b, i) =>
        `<rect x="${10 + i * 110}" y="${y}" width="10" height="10" fill="${colour.get(b)}"/><text x="${24 + i * 110}" y="${y + 9}" font-size="11">${escapeXml(b)}</text>`,
    )
    .join('');
  y += 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LABEL + PLOT + 170}" height="${y}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(`gdlkit bench, ${report.date}, ${report.machine.cpu}`)}</title>`,
    ...parts,
    legend,
    '</svg>',
    '',
  ].join('\n');
}

function relative(rows: readonly BenchResult[], r: BenchResult): number {
  return r.nodes_per_sec! / fastest(rows, r.game)!;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
