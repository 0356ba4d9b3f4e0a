// The cross-reasoner suite over the registered backends on the CI game list. The whole corpus runs in worker
// processes instead (src/corpus-main.ts: `pnpm --filter @gdlkit/cross-suite test:cross`).
import { createDefaultRegistry } from '@gdlkit/backends';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CI_SETTINGS, checkGame, ciCrossGames, type GameReport, suiteBackends } from '../src/index.js';

const settings = CI_SETTINGS;
const games = ciCrossGames();
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
});
