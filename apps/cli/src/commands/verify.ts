import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BudgetExceededError, loadGame, writeTrace } from '@gdlkit/core';
import {
  DEFAULT_CHECK_BUDGET,
  type Formula,
  isPropertyName,
  namedProperty,
  PROPERTY_NAMES,
  parseFormula,
  Verifier,
  type VerifyResult,
} from '@gdlkit/epistemic';
import { EXIT, UsageError } from '../exit-codes.js';
import { parseOptions, requireOption } from '../options.js';
import { budgetedSteps } from '../progress.js';

const USAGE =
  'gdlkit verify FILE [--property NAME|FORMULA]... [--budget S] [--memory MB] [--out DIR] [--json]\n' +
  `  NAME: ${PROPERTY_NAMES.join(' | ')} (default: all six)\n` +
  '  FORMULA: CTL*K, e.g. "A G (terminal -> K[candidate] terminal)"; see packages/epistemic/README.md\n' +
  '  --budget: seconds per property (default 60); --out: where evidence records go (default .)';

/** Model checking of temporal and epistemic properties (giga13-06); one line per property. */
export async function verify(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      property: { type: 'string', multiple: true },
      budget: { type: 'string' },
      memory: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
    },
    USAGE,
  );
  const file = requireOption(positionals[0], 'FILE', USAGE);
  const seconds = values.budget === undefined ? DEFAULT_CHECK_BUDGET.seconds : Number(values.budget);
  const megabytes =
    values.memory === undefined ? DEFAULT_CHECK_BUDGET.memoryBytes / 2 ** 20 : Number(values.memory);
  if (!(seconds > 0) || !(megabytes > 0)) {
    throw new UsageError(`--budget and --memory must be positive numbers\nusage: ${USAGE}`);
  }
  const requested = values.property ?? [...PROPERTY_NAMES];
  // Formulas are read before the game is grounded, so a typo is reported at once.
  const parsed = requested.map((p) => (isPropertyName(p) ? p : parseFormula(p)));
  const source = readFileSync(file, 'utf8');
  const game = loadGame(source, file);
  let verifier: Verifier;
  process.stderr.write(`gdlkit verify: grounding ${file} and building its model (at most ${seconds} s)\n`);
  try {
    verifier = Verifier.create(game, seconds, source);
  } catch (e) {
    if (!(e instanceof BudgetExceededError)) throw e;
    // No model without a grounded game: every property is unknown, with the reason.
    const reason = `the game did not ground: ${e.message}`;
    if (values.json) {
      const results = requested.map((property) => ({
        property,
        result: 'unknown',
        seconds: 0,
        counterexample: null,
        reason,
      }));
      process.stdout.write(`${JSON.stringify({ file, results }, null, 2)}\n`);
    } else {
      for (const p of requested) process.stdout.write(`${p}: unknown\n  ${reason}\n`);
    }
    return EXIT.budget;
  }
  const outDir = values.out ?? '.';
  const results: { property: string; result: VerifyResult; evidence?: string }[] = [];
  const step = budgetedSteps('verify', parsed.length, seconds);
  for (const [i, p] of parsed.entries()) {
    const formula: Formula = typeof p === 'string' ? namedProperty(p, verifier.vocabulary()) : p;
    const label = typeof p === 'string' ? p : requested[i]!;
    step(i, label);
    const result = await verifier.verify(formula, { seconds, memoryBytes: megabytes * 2 ** 20 });
    let evidence: string | undefined;
    if (result.evidence) {
      const kind = result.result === 'fails' ? 'counterexample' : 'witness';
      const slug = typeof p === 'string' ? p : `property-${i + 1}`;
      mkdirSync(outDir, { recursive: true });
      evidence = join(outDir, `${basename(file).replace(/\.[^.]*$/, '')}.${slug}.${kind}.jsonl`);
      writeFileSync(evidence, writeTrace(result.evidence.records));
    }
    results.push({ property: label, result, ...(evidence ? { evidence } : {}) });
    if (!values.json) process.stdout.write(`${describe(label, result, evidence)}\n`);
  }
  if (values.json) {
    const json = results.map(({ property, result, evidence }) => ({
      property,
      result: result.result,
      seconds: Number(result.seconds.toFixed(3)),
      counterexample: result.result === 'fails' ? (evidence ?? null) : null,
      ...(result.result === 'holds' && evidence ? { witness: evidence } : {}),
      ...(result.reason ? { reason: result.reason } : {}),
      states: result.nodes[0] ?? 0,
    }));
    process.stdout.write(`${JSON.stringify({ file, results: json }, null, 2)}\n`);
  }
  verifier.reasoner.dispose();
  return results.some((r) => r.result.result === 'unknown') ? EXIT.budget : EXIT.ok;
}

function describe(label: string, r: VerifyResult, evidence: string | undefined): string {
  const head = `${label}: ${r.result} (${r.seconds.toFixed(2)} s)`;
  if (r.result === 'unknown') return `${head}\n  ${r.reason}`;
  if (!evidence || !r.evidence) return head;
  const kind = r.result === 'fails' ? 'counterexample' : 'witness';
  return [`${head} ${kind}: ${evidence}`, ...r.evidence.notes.map((n) => `  ${n}`)].join('\n');
}
