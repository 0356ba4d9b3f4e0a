import { writeFileSync } from 'node:fs';
import {
  checkableByReasoner,
  DEFAULT_BUDGET,
  formatProperty,
  GameAnalyser,
  type ProofResult,
  type Property,
  parseProperty,
  proveOrRefute,
  type ReachableViolation,
} from '@gdlkit/analyse';
import { createDefaultRegistry } from '@gdlkit/backends';
import { type Reasoner, writeTrace } from '@gdlkit/core';
import { EXIT, UsageError } from '../exit-codes.js';
import { readTextFile } from '../files.js';
import { openReasoner } from '../load.js';
import { numberOption, parseOptions, requireOption, SECONDS_RANGE } from '../options.js';
import { budgetedSteps } from '../progress.js';

const USAGE =
  'gdlkit analyse FILE [--property P]... [--all-unique [--no-joint]] [--budget S] [--memory MB] [--json]\n' +
  '               [--refute-with BACKEND --record OUT.jsonl]\n' +
  '  --no-joint: only the one-at-a-time search of the paper (no joint induction, no feature groups)\n' +
  '  --refute-with: each --property is also searched for a reachable violation with that backend (random\n' +
  '    matches directed at their ends) beside its proof and within its budget; the first one decided stops the\n' +
  '    other, and a match record reaching a violation is written to --record\n' +
  '  P: unique:NAME/ARITY:POSITIONS | exactly-one:NAME/ARITY:POSITIONS | zero-sum[:TOTAL] | state:FORMULA |\n' +
  "     count:(COUNTER ?KEY... ?N)RELATION ELEMENT:BODY  (RELATION >=, = or <=; e.g. checkers' pieces:\n" +
  "     'count:(piece_count ?p ?n)>=(cell ?x ?y ?c):(true (cell ?x ?y ?c)) (piece_owner_type ?c ?p ?t)')";

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
  // An unknown backend is an error now, not a search that fails later beside a proof.
  if (backend !== undefined) createDefaultRegistry().get(backend);
  const budget = { seconds, memoryBytes: megabytes * 2 ** 20 };
  const analyser = GameAnalyser.load(readTextFile(file), file, { properties });
  const results: ProofResult[] = [];
  const violations = new Map<ProofResult, ReachableViolation>();
  // One reasoner for every property's search, built when the first search starts.
  let searchReasoner: Promise<Reasoner> | undefined;
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
      // With --refute-with, the search runs beside the proof (the first record found is written).
      if (backend === undefined || !checkableByReasoner(p) || violations.size > 0) {
        const r = await analyser.prove(p, assumptions, budget);
        report(r);
        if (r.status === 'proved') assumptions.push(p);
        continue;
      }
      const { proof, violation, searchError } = await proveOrRefute(analyser, p, assumptions, budget, {
        open: () => {
          // The build shares the search's budget (a backend's default build limit is shorter).
          searchReasoner ??= openReasoner(file, backend, { buildTimeMs: seconds * 1000 });
          return searchReasoner;
        },
      });
      report(proof);
      if (proof.status === 'proved') assumptions.push(p);
      if (violation) {
        violations.set(proof, violation);
        writeFileSync(values.record!, writeTrace([violation.record]));
      }
      if (!values.json && proof.status !== 'proved') {
        process.stdout.write(`${searchError ?? describeSearch(p, violation, values.record!)}\n`);
      }
    }
  } finally {
    await analyser.close();
    await searchReasoner?.then(
      (r) => r.dispose(),
      () => undefined,
    );
  }
  if (values.json) {
    const json = results.map((r) => ({
      property: formatProperty(r.property),
      status: r.status,
      ...(r.method ? { method: r.method } : {}),
      seconds: Number(r.seconds.toFixed(3)),
      ...(r.cpuSeconds === undefined ? {} : { cpuSeconds: Number(r.cpuSeconds.toFixed(3)) }),
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
  const cpu = r.cpuSeconds === undefined ? '' : `, ${r.cpuSeconds.toFixed(2)} CPU-s`;
  const head = `${formatProperty(r.property)}: ${r.status}${how} (${r.seconds.toFixed(2)} s${cpu})${jointly}${given}`;
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
