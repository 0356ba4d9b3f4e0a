import {
  decisionValues,
  type HyperPlayMethod,
  hyperPlayIIResources,
  hyperPlayResources,
  type Observation,
} from '@gdlkit/player';
import { EXIT, UsageError } from '../exit-codes.js';
import { openReasoner } from '../load.js';
import { COUNT_RANGE, integerOption, parseOptions, requireOption, SEED_RANGE } from '../options.js';

const USAGE =
  'gdlkit hyperplay FILE --role R [--round "MOVE|PERCEPT,PERCEPT"]... [--method hyperplay|hyperplay-ii] [--resources N] [--repeats K] [--seed S] [--backend NAME]';

/**
 * The expected values HyperPlay or HyperPlay-II computes for each move of role R at the decision reached by the
 * given rounds (the role's own move and its percepts, in order): giga13-05's Tables 3 and 4. Each of K repeats
 * starts from a fresh seed; per move, the mean over the repeats and the half-width of its 99 % interval (normal
 * approximation), and how often the move was the one chosen.
 */
export async function hyperplay(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      role: { type: 'string' },
      round: { type: 'string', multiple: true },
      method: { type: 'string' },
      resources: { type: 'string' },
      repeats: { type: 'string' },
      seed: { type: 'string' },
      backend: { type: 'string' },
      json: { type: 'boolean' },
    },
    USAGE,
  );
  const file = requireOption(positionals[0], 'FILE', USAGE);
  const roleName = requireOption(values.role, 'role', USAGE);
  const method = (values.method ?? 'hyperplay-ii') as HyperPlayMethod;
  if (method !== 'hyperplay' && method !== 'hyperplay-ii') {
    throw new UsageError(`--method must be hyperplay or hyperplay-ii, got '${method}'\nusage: ${USAGE}`);
  }
  const index = integerOption(values.resources, 'resources', 4, USAGE, { min: 1, max: 4096 });
  const repeats = integerOption(values.repeats, 'repeats', 20, USAGE, COUNT_RANGE);
  const seed = integerOption(values.seed, 'seed', 1, USAGE, SEED_RANGE);
  const reasoner = await openReasoner(file, values.backend ?? 'prover');
  const game = reasoner.game;
  const role = game.roles.findIndex((r) => game.store.toKif(r) === roleName);
  if (role < 0) {
    throw new UsageError(
      `--role ${roleName} is not a role of ${file} (${game.roles.map((r) => game.store.toKif(r)).join(', ')})`,
    );
  }
  const observations = (values.round ?? []).map((text, i): Observation => {
    const [move, percepts = ''] = text.split('|');
    if (!move?.trim()) throw new UsageError(`--round ${i + 1} '${text}' has no move\nusage: ${USAGE}`);
    return {
      ownMove: game.parseTerm(move.trim()),
      percepts: percepts
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '')
        .map((p) => game.parseTerm(p)),
    };
  });
  const resources =
    method === 'hyperplay-ii'
      ? hyperPlayIIResources(index)
      : { ...hyperPlayResources(index), innerHypergames: 0, innerSimulations: 0 };
  const samples = new Map<string, number[]>();
  const chosen = new Map<string, number>();
  let playouts = 0;
  const began = performance.now();
  for (let k = 0; k < repeats; k++) {
    const result = decisionValues(reasoner, role, observations, method, resources, seed + k);
    if (result.values.length === 0) {
      process.stderr.write(`gdlkit hyperplay: no history of ${file} explains the rounds given\n`);
      return EXIT.userError;
    }
    playouts += result.playouts;
    let best = result.values[0]!;
    for (const v of result.values) {
      const name = game.store.toKif(v.move);
      samples.set(name, [...(samples.get(name) ?? []), v.value]);
      if (v.value > best.value) best = v;
    }
    const name = game.store.toKif(best.move);
    chosen.set(name, (chosen.get(name) ?? 0) + 1);
  }
  const seconds = (performance.now() - began) / 1000;
  const rows = [...samples].map(([move, xs]) => {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const variance = xs.length > 1 ? xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1) : 0;
    return {
      move,
      mean,
      halfWidth99: 2.576 * Math.sqrt(variance / xs.length),
      chosen: chosen.get(move) ?? 0,
    };
  });
  const summary = {
    method,
    resources: index,
    repeats,
    playouts,
    playoutsPerSecond: playouts / seconds,
    rows,
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return EXIT.ok;
  }
  process.stdout.write(
    `${method}, resource index ${index}, ${repeats} repeats, ${playouts} playouts (${Math.round(summary.playoutsPerSecond)}/s)\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `${r.move.padEnd(24)} ${r.mean.toFixed(2).padStart(7)} ± ${r.halfWidth99.toFixed(2).padEnd(6)} chosen ${r.chosen}/${repeats}\n`,
    );
  }
  return EXIT.ok;
}
