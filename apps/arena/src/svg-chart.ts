// `--svg`: each player's mean score as a bar with its 95 % interval.
import type { Summary } from './summary.js';

export function scoreChart(summary: Summary): string {
  const rowHeight = 34;
  const left = 230;
  const plot = 420;
  const top = 44;
  const height = top + summary.players.length * rowHeight + 40;
  const width = left + plot + 30;
  const x = (score: number) => left + (score / 100) * plot;
  const xml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="13">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left}" y="22" font-size="15">${xml(summary.game)}: score % with 95 % interval, ${summary.matches} matches</text>`,
  ];
  for (const tick of [0, 25, 50, 75, 100]) {
    const tx = x(tick);
    parts.push(
      `<line x1="${tx}" y1="${top - 6}" x2="${tx}" y2="${height - 34}" stroke="#ddd"/>`,
      `<text x="${tx}" y="${height - 18}" text-anchor="middle" fill="#555">${tick}</text>`,
    );
  }
  summary.players.forEach((p, i) => {
    const y = top + i * rowHeight;
    const mid = y + rowHeight / 2 - 4;
    parts.push(
      `<text x="${left - 10}" y="${mid + 4}" text-anchor="end">${xml(p.spec)}</text>`,
      `<rect x="${left}" y="${y}" width="${x(p.meanScore) - left}" height="${rowHeight - 12}" fill="#6b9bd1"/>`,
      `<line x1="${x(p.ci95[0])}" y1="${mid}" x2="${x(p.ci95[1])}" y2="${mid}" stroke="#222" stroke-width="2"/>`,
      `<line x1="${x(p.ci95[0])}" y1="${mid - 6}" x2="${x(p.ci95[0])}" y2="${mid + 6}" stroke="#222" stroke-width="2"/>`,
      `<line x1="${x(p.ci95[1])}" y1="${mid - 6}" x2="${x(p.ci95[1])}" y2="${mid + 6}" stroke="#222" stroke-width="2"/>`,
      `<text x="${x(p.ci95[1]) + 6}" y="${mid + 4}" fill="#222">${p.meanScore.toFixed(1)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
