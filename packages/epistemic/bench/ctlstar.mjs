// Full CTL* path formulas (the automaton product) beside the CTL fast path: per game, the six named properties
// on the CTL route and forced through the automaton product, then path formulas outside the CTL fragment; the
// answer, the wall and CPU seconds of each. Each path formula is timed twice: on a fresh verifier (the explicit
// model built for it) and on one that has built the models already. Usage: node bench/ctlstar.mjs [--budget S]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadGame } from '@gdlkit/core';
import { namedProperty, PROPERTY_NAMES, parseFormula, Verifier } from '@gdlkit/epistemic';

const { values } = parseArgs({ options: { budget: { type: 'string' } } });
const budget = { seconds: Number(values.budget ?? 120), memoryBytes: 3 * 2 ** 30 };
const root = new URL('../../../games/', import.meta.url);

const LTL = {
  'montyhall.kif': [
    'E (F K[candidate] (true (car 1)) and G not (true (chosen 1)))',
    'A (G not K[candidate] (true (car 1)) or F (goal candidate 100))',
    'A (G F (true (step 4)) -> F (goal candidate 100))',
  ],
  'transit.kif': [
    'A (G F (true (control transit)) -> F terminal)',
    'E (F (goal transit 100) and G not (true (location transit 3 4)))',
    'A (F G terminal or G F (true (control patrol)))',
    'E (F K[transit] (goal transit 100) and G not (true (location transit 3 4)))',
    'E (G F (true (control transit)) and F K[patrol] terminal and F K[transit] terminal)',
  ],
};

async function timed(verifier, formula, options) {
  const cpu = process.cpuUsage();
  const r = await verifier.verify(formula, budget, options);
  const used = process.cpuUsage(cpu);
  return `${r.result} [${r.method}] ${r.seconds.toFixed(2)} s (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s), nodes ${r.nodes.join('/')}${r.reason ? ` — ${r.reason}` : ''}`;
}

for (const [file, formulas] of Object.entries(LTL)) {
  const source = readFileSync(new URL(file, root), 'utf8');
  const game = loadGame(source, file);
  console.log(file);
  for (const text of formulas) {
    const fresh = Verifier.create(game, budget.seconds, source);
    console.log(`  ${text}: fresh ${await timed(fresh, parseFormula(text), {})}`);
  }
  const verifier = Verifier.create(game, budget.seconds, source);
  // A first pass builds the models the properties share, so the two routes below are timed on built models.
  for (const name of PROPERTY_NAMES) await verifier.verify(namedProperty(name, verifier.vocabulary()), budget);
  for (const name of PROPERTY_NAMES) {
    const f = namedProperty(name, verifier.vocabulary());
    console.log(`  ${name}: CTL route ${await timed(verifier, f, {})}`);
    console.log(`  ${name}: automaton route ${await timed(verifier, f, { automaton: true })}`);
  }
  for (const text of formulas) console.log(`  ${text}: built ${await timed(verifier, parseFormula(text), {})}`);
}
