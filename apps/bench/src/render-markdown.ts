import type { BenchReport, BenchResult } from './types.js';

/** The report as Markdown: machine and command, then one table per experiment. */
export function renderMarkdown(report: BenchReport): string {
  const m = report.machine;
  const lines = [
    `Machine: ${m.cpu}, ${m.cores} cores, ${(m.memory_bytes / 2 ** 30).toFixed(1)} GiB, Node ${m.node}, ${m.platform}${m.swipl ? `, ${m.swipl}` : ''}`,
    `Date: ${report.date}`,
    `Command: \`${report.command}\``,
    '',
  ];
  for (const experiment of new Set(report.results.map((r) => r.experiment))) {
    const rows = report.results.filter((r) => r.experiment === experiment);
    lines.push(`### ${TITLES[experiment]}`, '');
    lines.push(
      '| game | backend | states/s | playouts/s | nodes/s | playouts in 30 s | vs fastest | build ms | memory kB | note |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const r of rows) {
      const best = fastest(rows, r.game);
      const rel = r.nodes_per_sec !== null && best ? r.nodes_per_sec / best : null;
      lines.push(
        `| ${r.game.replace(/\.kif$/, '')} | ${r.backend} | ${num(r.states_per_sec)} | ${num(r.playouts_per_sec)} | ${num(r.nodes_per_sec)} | ${num(r.playouts_30s)} | ${rel === null ? '' : rel >= 0.995 ? '1' : rel.toPrecision(2)} | ${num(r.build_ms === null ? null : Math.round(r.build_ms))} | ${num(r.memory_bytes === null ? null : Math.round(r.memory_bytes / 1024))} | ${note(r)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

const TITLES: Record<string, string> = {
  sim: 'Random simulation from the initial state (forward-chaining paper, Table 1)',
  mc: 'Monte-Carlo search along match records (comparison paper, Figure 2)',
  mm: 'Iterative-deepening minimax along match records (comparison paper, Figure 2)',
  depth: 'Fixed-depth minimax from the initial state (node counts must agree)',
};

/** The highest nodes/s of a game in these rows. */
export function fastest(rows: readonly BenchResult[], game: string): number | undefined {
  const rates = rows.filter((r) => r.game === game && r.nodes_per_sec !== null).map((r) => r.nodes_per_sec!);
  return rates.length === 0 ? undefined : Math.max(...rates);
}

function note(r: BenchResult): string {
  const parts: string[] = [];
  if (r.depth !== null) parts.push(`depth ${r.depth}: ${r.nodes} nodes`);
  if (r.build_phases_ms)
    parts.push(
      Object.entries(r.build_phases_ms)
        .map(([k, v]) => `${k} ${Math.round(v)} ms`)
        .join(', '),
    );
  if (r.skipped) parts.push(`skipped: ${r.skipped}`);
  return parts.join('; ').replace(/\|/g, '\\|');
}

function num(x: number | null): string {
  return x === null ? '' : x.toLocaleString('en-US');
}
