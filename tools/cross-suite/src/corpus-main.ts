// `pnpm --filter @gdlkit/cross-suite conformance`: the suite over the whole corpus, one game at a time in worker
// processes, writing CONFORMANCE.md. Exit code 1 when any backend fails on any game.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderConformance } from './conformance-table.js';
import { ciCrossGames, corpusGames } from './corpus-games.js';
import { readReports, runCorpus } from './corpus-run.js';
import { runCorpusWorker } from './corpus-worker.js';
import type { Phase } from './phase.js';
import { CI_SETTINGS, FULL_SETTINGS } from './settings.js';

const USAGE = `usage: corpus-main [--ci] [--games a.kif,b.kif] [--out CONFORMANCE.md] [--reports DIR] [--jobs N]
                   [--phase-timeout SECONDS] [--verbose] [--render]
  --ci             the CI game list and settings instead of the whole corpus with the full settings
  --reports DIR    keep one JSON report per game there; games already reported are not run again
  --phase-timeout  kill a backend that makes no progress for this long (default 600)
  --verbose        print every activity of the workers (with the time) to stderr
  --render         only write the table from the reports already in --reports (games without one are listed)`;

async function main(): Promise<number> {
  if (process.argv.includes('--worker')) {
    await runCorpusWorker();
    return -1;
  }
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  const v = args.values;
  const ci = v.ci === true;
  const settings = ci ? CI_SETTINGS : FULL_SETTINGS;
  const games = v.games ? v.games.split(',').map((g) => g.trim()) : ci ? ciCrossGames() : corpusGames();
  const reportsDir = v.reports ?? join(tmpdir(), `gdlkit-conformance-${process.pid}`);
  const command = `pnpm --filter @gdlkit/cross-suite conformance${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const t0 = performance.now();
  const reports = v.render
    ? readReports(games, reportsDir)
    : await runCorpus({
        games,
        settings,
        reportsDir,
        phaseTimeoutMs: Number(v['phase-timeout'] ?? 600) * 1000,
        jobs: Number(v.jobs ?? 1),
        workerEntry: fileURLToPath(import.meta.url),
        log: (line) => console.log(line),
        ...(v.verbose
          ? { onPhase: (p: Phase) => console.error(`${clock()} ${p.game} ${p.backend ?? ''} ${p.activity}`) }
          : {}),
      });
  const out = v.out ?? 'CONFORMANCE.md';
  const reported = new Set(reports.map((r) => r.game));
  const missing = games.filter((g) => !reported.has(g));
  const unreached = missing.length
    ? `\nNot reached (${missing.length} of ${games.length} games; resume with the same --reports): ${missing.join(', ')}\n`
    : '';
  writeFileSync(out, renderConformance(reports, settings, command) + unreached);
  const failed = reports.flatMap((r) => r.cells.filter((c) => c.status === 'fail'));
  for (const c of failed) console.log(`fail ${c.game} on ${c.backend}: ${c.reason}`);
  const minutes = ((performance.now() - t0) / 60_000).toFixed(1);
  console.log(`${reports.length} games, ${failed.length} failing cells, ${minutes} min; wrote ${out}`);
  return failed.length > 0 ? 1 : 0;
}

function parse() {
  return parseArgs({
    options: {
      ci: { type: 'boolean' },
      games: { type: 'string' },
      out: { type: 'string' },
      reports: { type: 'string' },
      jobs: { type: 'string' },
      'phase-timeout': { type: 'string' },
      worker: { type: 'boolean' },
      verbose: { type: 'boolean' },
      render: { type: 'boolean' },
    },
  });
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
  },
);

function clock(): string {
  return new Date().toISOString().slice(11, 19);
}
