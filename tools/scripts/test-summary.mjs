// Prints one closing line for the whole workspace, "Tests: N passed, N failed, N skipped", from the JSON
// reports vitest wrote in every package (the line CI reads), and exits non-zero exactly when that line or the
// lines before it report a problem. Usage: node test-summary.mjs [--exit STATUS] [--since EPOCH_MS]
//   --exit   the status of the turbo run (lint, typecheck and tests): a failure there that no report counts
//            (lint, a type error, a test file that did not load) is named, so the exit code matches the text.
//   --since  when the run started: a report older than that is stale (its package's run wrote none).
// Errors vitest caught outside tests (unhandled errors, such as an onTaskUpdate timeout when a test blocks its
// worker) are not in the JSON report: the shared vitest config writes their count to .vitest-errors.json.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { exit: { type: 'string' }, since: { type: 'string' } } });
const turboExit = Number(values.exit ?? 0);
const since = values.since === undefined ? 0 : Number(values.since);

const root = join(import.meta.dirname, '../..');
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
const stale = [];
const errors = [];
for (const group of ['packages', 'apps']) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const pkg = join(dir, name);
    if (!existsSync(join(pkg, 'package.json'))) continue;
    const scripts = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).scripts ?? {};
    if (!scripts.test) continue;
    const report = join(pkg, '.vitest-result.json');
    if (!existsSync(report)) {
      missing.push(`${group}/${name}`);
      continue;
    }
    if (statSync(report).mtimeMs < since) stale.push(`${group}/${name}`);
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    const brokenFiles = r.numFailedTestSuites ?? 0;
    const errorsFile = join(pkg, '.vitest-errors.json');
    const outside = existsSync(errorsFile) ? JSON.parse(readFileSync(errorsFile, 'utf8')).errors : 0;
    if (outside > 0 || (r.success === false && r.numFailedTests === 0)) {
      const what = [
        ...(outside > 0 ? [`${outside} unhandled`] : []),
        ...(brokenFiles > 0 ? [`${brokenFiles} test files failed to run`] : []),
      ];
      errors.push(`${group}/${name}${what.length > 0 ? ` (${what.join(', ')})` : ''}`);
    }
  }
}
const problems = [];
if (missing.length > 0) problems.push(`no test report from: ${missing.join(', ')}`);
if (stale.length > 0) problems.push(`stale test report (not written by this run) from: ${stale.join(', ')}`);
if (errors.length > 0) problems.push(`errors outside tests (see vitest's output above) in: ${errors.join(', ')}`);
if (turboExit !== 0 && failed === 0 && problems.length === 0) {
  problems.push(`the run exited with status ${turboExit}: lint, typecheck or a test run failed (see above)`);
}
for (const p of problems) console.log(p);
// Every problem line counts as an error in the closing line, so the line alone says whether the run passed.
const tail = problems.length > 0 ? `, ${problems.length} errors` : '';
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped${tail}`);
process.exitCode = failed > 0 || problems.length > 0 ? 1 : 0;
