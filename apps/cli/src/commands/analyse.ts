import { writeFileSync } from 'node:fs';
import {
  checkableByReasoner,
  DEFAULT_BUDGET,
  formatProperty,
  GameAnalyser,
  type ProofResult,
  type Property,
  parseProperty,
  type ReachableViolation,
  searchReachableViolation,
} from '@gdlkit/analyse';
import { writeTrace } from '@gdlkit/core';
import { EXIT, UsageError } from '../exit-codes.js';
import { readTextFile } from '../files.js';
import { openReasoner } from '../load.js';
import { numberOption, parseOptions, requireOption, SECONDS_RANGE } from '../options.js';
import { budgetedSteps } from '../progress.js';

const USAGE =
  'gdlkit analyse FILE [--property P]... [--all-unique [--no-joint]] [--budget S] [--memory MB] [--json]\n' +
  '               [--refute-with BACKEND --record OUT.jsonl]\n' +
  '  --no-joint: only the one-at-a-time search of the paper (no joint induction, no feature groups)\n' +
  '  --refute-with: a --property not proved is searched for a reachable violation with that backend (random\n' +
  '    matches, one move of lookahead) within the budget; a match record reaching it is written to --record\n' +
  '  P: unique:NAME/ARITY:POSITIONS | exactly-one:NAME/ARITY:POSITIONS | zero-sum[:TOTAL] | state:FORMULA';

/** ASP proofs of game properties (Schiffel & Thielscher 2009); properties are proved in order, each proved one joining Φ. */
export async function analyse(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      property: { type: 'string', multiple: true },
      'all-unique': { type: 'boolean' },
      'no-joint': { type: 'boolean' },
      budget: { type: 'string' },
      memory: { type: 'string' },
      json: { type: 'boolean' },
      'refute-with': { type: 'string' },
      record: { type: 'string' },
    },
    USAGE,
  );
  const file = requireOption(positionals[0], 'FILE', USAGE);
  const seconds = numberOption(values.budget, 'budget', DEFAULT_BUDGET.seconds, USAGE, SECONDS_RANGE);
  const megabytes = numberOption(values.memory, 'memory', DEFAULT_BUDGET.memoryBytes / 2 ** 20, USAGE, {
    min: 1,
    max: 2 ** 20,
  });
  const properties: Property[] = (values.property ?? []).map(parseProperty);
  if (properties.length === 0 && !values['all-unique']) {
    throw new UsageError(`give --property or --all-unique\nusage: ${USAGE}`);
  }
  const backend = values['refute-with'];
  if ((backend === undefined) !== (values.record === undefined)) {
    throw new UsageError(`--refute-with and --record go together\nusage: ${USAGE}`);
  }
  const budget = { seconds, memoryBytes: megabytes * 2 ** 20 };
  const analyser = GameAnalyser.load(readTextFile(file), file, { properties });
  const results: ProofResult[] = [];
  const violations = new Map<ProofResult, ReachableViolation>();
  const report = (r: ProofResult) => {
    results.push(r);
    if (!values.json) process.stdout.write(`${describe(r)}\n`);
  };
  try {
    const assumptions: Property[] = [];
    if (values['all-unique']) {
      const paper = values['no-joint'] === true;
      process.stderr.write(
        `gdlkit analyse: searching the uniqueness properties of every fluent, each proved as found (at most ${budget.seconds} s a candidate)\n`,
      );
      const search = await analyser.searchUnique({ budget, onResult: report, joint: !paper, groups: !paper });
      assumptions.push(...search.proved);
    }
    const step = budgetedSteps('analyse', properties.length, budget.seconds);
    for (const [k, p] of properties.entries()) {
      step(k, formatProperty(p));
      const r = await analyser.prove(p, assumptions, budget);
      report(r);
      if (r.status === 'proved') assumptions.push(p);
      else if (backend !== undefined && checkableByReasoner(p) && violations.size === 0) {
        const reasoner = await openReasoner(file, backend);
        try {
          const found = searchReachableViolation(reasoner, p, analyser.context.maxGoal, {
            seconds: budget.seconds,
            seed: 1,
          });
          if (found) {
            violations.set(r, found);
            writeFileSync(values.record!, writeTrace([found.record]));
          }
          if (!values.json) process.stdout.write(`${describeSearch(p, found, values.record!)}\n`);
        } finally {
          reasoner.dispose();
        }
      }
    }
  } finally {
    await analyser.close();
  }
  if (values.json) {
    const json = results.map((r) => ({
      property: formatProperty(r.property),
      status: r.status,
      ...(r.method ? { method: r.method } : {}),
      seconds: Number(r.seconds.toFixed(3)),
      assumptions: r.assumptions.map(formatProperty),
      ...(r.jointlyWith ? { jointlyWith: r.jointlyWith.map(formatProperty) } : {}),
      ...(r.counterexample ? { counterexample: r.counterexample } : {}),
      ...(r.reason ? { reason: r.reason } : {}),
      ...reachable(violations.get(r), values.record),
    }));
    process.stdout.write(`${JSON.stringify({ file, results: json }, null, 2)}\n`);
  }
  return results.some((r) => r.status === 'unknown' && !violations.has(r)) ? EXIT.budget : EXIT.ok;
}

function reachable(v: ReachableViolation | undefined, record: string | undefined) {
  if (!v) return {};
  const { depth, matches, states } = v;
  return { reachableViolation: { record, depth, matches, states, seconds: Number(v.seconds.toFixed(3)) } };
}

function describeSearch(p: Property, v: ReachableViolation | undefined, record: string): string {
  const name = formatProperty(p);
  if (!v) return `${name}: no reachable violation found by search`;
  return (
    `${name}: false — reachable violation after ${v.depth} moves (${v.matches} matches, ${v.states} states, ` +
    `${v.seconds.toFixed(2)} s); match record ${record}`
  );
}

const METHOD: Record<NonNullable<ProofResult['method']>, string> = {
  consequence: 'as a consequence of the assumptions',
  induction: 'by induction',
  'joint induction': 'by joint induction',
};

function describe(r: ProofResult): string {
  const given = r.assumptions.length > 0 ? ` given ${r.assumptions.map(formatProperty).join(', ')}` : '';
  const jointly = r.jointlyWith ? ` (jointly with ${r.jointlyWith.map(formatProperty).join(', ')})` : '';
  const how = r.method ? ` ${METHOD[r.method]}` : '';
  const head = `${formatProperty(r.property)}: ${r.status}${how} (${r.seconds.toFixed(2)} s)${jointly}${given}`;
  if (r.status === 'unknown') return `${head}\n  ${r.reason}`;
  const c = r.counterexample;
  if (!c) return head;
  const where = c.case === 'init' ? 'initial state' : 'induction step: state';
  const lines = [`${head}`, `  ${where} ${c.state.join(' ')}`];
  if (c.case === 'step') {
    const moves = Object.entries(c.jointMove).map(([role, move]) => `${role} ${move}`);
    const joint = moves.length > 0 ? moves.join(', ') : 'any (the relevant rules do not read does)';
    lines.push(`  joint move ${joint}`, `  next ${c.next.join(' ')}`);
  }
  return lines.join('\n');
}
