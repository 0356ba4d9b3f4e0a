// Prints one closing line for the whole workspace, "Tests: N passed, N failed, N skipped", from the JSON
// reports vitest wrote in every package (the line CI reads).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
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
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
}
if (missing.length > 0) console.log(`no test report from: ${missing.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || missing.length > 0 ? 1 : 0;
