// The cross-reasoner suite over the registered backends: the CI game list by default, the whole corpus with
// more seeds under GDLKIT_CROSS=1; GDLKIT_CONFORMANCE=FILE also writes the backend x game table.
import { writeFileSync } from 'node:fs';
import { createDefaultRegistry } from '@gdlkit/backends';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CI_SETTINGS,
  checkGame,
  ciCrossGames,
  corpusGames,
  FULL_SETTINGS,
  type GameReport,
  renderConformance,
  suiteBackends,
} from '../src/index.js';

const full = process.env.GDLKIT_CROSS === '1';
const settings = full ? FULL_SETTINGS : CI_SETTINGS;
const games = full ? corpusGames() : ciCrossGames();
const backends = await suiteBackends(createDefaultRegistry());
const reports: GameReport[] = [];

it('has registered backends to compare', (ctx) => {
  if (backends.length === 0) ctx.skip('no backend is registered in @gdlkit/backends yet');
  expect(backends.length).toBeGreaterThan(0);
});

for (const gamePath of backends.length > 0 ? games : []) {
  describe(gamePath, () => {
    let report: GameReport;
    beforeAll(async () => {
      report = await checkGame(gamePath, backends, settings);
      reports.push(report);
    });
    for (const { name } of backends) {
      it(name, (ctx) => {
        const cell = report.cells.find((c) => c.backend === name)!;
        if (cell.status === 'skip') ctx.skip(cell.reason);
        expect(cell.problems, cell.problems.join('\n')).toEqual([]);
      });
    }
  });
}

afterAll(() => {
  const skipped = reports.flatMap((r) => r.cells.filter((c) => c.status === 'skip'));
  const lines = [
    ...skipped.map((c) => `skip ${c.game} on ${c.backend}: ${c.reason}`),
    ...reports.flatMap((r) => r.notes.map((n) => `note ${r.game}: ${n}`)),
  ];
  if (lines.length > 0) console.log(lines.join('\n'));
  const out = process.env.GDLKIT_CONFORMANCE;
  if (out) {
    const order = new Map(games.map((g, i) => [g, i]));
    reports.sort((a, b) => order.get(a.game)! - order.get(b.game)!);
    writeFileSync(out, renderConformance(reports, settings, 'pnpm --filter @gdlkit/cross-suite conformance'));
  }
});
