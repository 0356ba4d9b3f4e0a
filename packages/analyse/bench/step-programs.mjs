// The programs of one split induction step (a count property: existence and delta per key, each per case of
// the joint move), timed one by one, then the whole proof as the analyser runs it:
// `pnpm --filter @gdlkit/analyse build && node packages/analyse/bench/step-programs.mjs GAME PROPERTY [ASSUMPTION...]`
// (GAME names a file of games/; the assumptions must be provable). One line per program: name, game rules,
// wall and process CPU seconds, answer (the rare cases' emptiness checks first); then `prove` with
// PARALLELISM solver workers (default: the machine's cores, at most 4).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gamesDirectory } from '@gdlkit/core/corpus';
import {
  ClingoSolver,
  GameAnalyser,
  inductionStepPrograms,
  moveCaseProgram,
  parseProperty,
} from '../dist/index.js';

const [game, ...texts] = process.argv.slice(2);
if (!game || texts.length === 0) {
  process.stderr.write('usage: step-programs.mjs GAME PROPERTY [ASSUMPTION...]\n');
  process.exit(2);
}
const [property, ...assumptions] = texts.map(parseProperty);
const budget = { seconds: 120, memoryBytes: 2 ** 31 };
const text = readFileSync(join(gamesDirectory(), `${game}.kif`), 'utf8');
const load = (solver) => GameAnalyser.load(text, `${game}.kif`, { properties: [property, ...assumptions], solver });
const measure = async (run) => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const outcome = await run();
  const used = process.cpuUsage(cpu);
  return { outcome, wall: (performance.now() - wall) / 1000, cpu: (used.user + used.system) / 1e6 };
};
const line = (name, rules, m, status) =>
  process.stdout.write(`${name}\t${rules} rules\t${m.wall.toFixed(2)} s\t${m.cpu.toFixed(2)} CPU-s\t${status}\n`);

const one = new ClingoSolver(undefined, { parallelism: 1 });
// The worker's start, measured once (clingo-wasm's instance): a trivial program on a fresh solver.
line('worker start + trivial program', 0, await measure(() => one.solve('a.', budget)), '');
const analyser = load(one);
await analyser.refineDomain(budget);
const programs = inductionStepPrograms(analyser.context, analyser.domain, property, assumptions);
const cases = [...new Set(programs.flatMap((p) => (p.moveCase?.rare ? [p.moveCase] : [])))];
const checks = cases.map((c) => moveCaseProgram(analyser.context, analyser.domain, assumptions, c));
let wall = 0;
let cpu = 0;
for (const p of [...checks, ...programs]) {
  const m = await measure(() => one.solve(p.text, budget, { portfolio: false }));
  wall += m.wall;
  cpu += m.cpu;
  line(p.name ?? 'step', p.gameRules, m, m.outcome.status);
}
await analyser.close();
process.stdout.write(`one at a time: ${checks.length} checks and ${programs.length} programs, ${wall.toFixed(2)} s, ${cpu.toFixed(2)} CPU-s\n`);

const parallelism = process.env.PARALLELISM ? Number(process.env.PARALLELISM) : undefined;
const pool = new ClingoSolver(undefined, { parallelism });
const proving = load(pool);
await proving.refineDomain(budget);
for (const a of assumptions) await proving.prove(a, [], budget);
const proof = await measure(() => proving.prove(property, assumptions, budget));
await proving.close();
line(`prove with ${pool.parallelism} workers (base case, checks, step)`, proof.outcome.rules.step, proof, proof.outcome.status);
