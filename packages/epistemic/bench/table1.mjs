// Table 1 of giga13-06 on the games of it the corpus holds: properties (1)-(6), each with its own budget,
// the answer and the seconds. Usage: node bench/table1.mjs [--budget S] [--games a.kif,b.kif]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadGame } from '@gdlkit/core';
import { namedProperty, PROPERTY_NAMES, Verifier } from '@gdlkit/epistemic';

const { values } = parseArgs({
  options: { budget: { type: 'string' }, games: { type: 'string' } },
});
const budget = Number(values.budget ?? 600);
const games = (values.games ?? 'montyhall.kif,kriegttt_5x5.kif,transit.kif').split(',');
const root = new URL('../../../games/', import.meta.url);
for (const file of games) {
  const started = performance.now();
  const source = readFileSync(new URL(file, root), 'utf8');
  const verifier = Verifier.create(loadGame(source, file), budget, source);
  const build = (performance.now() - started) / 1000;
  console.log(`${file}: propnet built in ${build.toFixed(2)} s`);
  for (const [i, name] of PROPERTY_NAMES.entries()) {
    const cpu = process.cpuUsage();
    const r = await verifier.verify(namedProperty(name, verifier.vocabulary()), {
      seconds: budget,
      memoryBytes: 3 * 2 ** 30,
    });
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const nodes = r.nodes.join('/');
    const universe = r.universe
      ? `, symbolic universe ${r.universe.states.toExponential(2)} states (${r.universe.exact ? 'exact' : 'over-approximated'})`
      : '';
    const why = r.reason ? ` — ${r.reason}` : '';
    console.log(
      `  (${i + 1}) ${name}: ${r.result} [${r.method}] ${r.seconds.toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s), model nodes ${nodes}${universe}${why}`,
    );
    for (const note of r.evidence?.notes ?? []) console.log(`      ${note}`);
  }
}
