// Turns the results of bench/all-unique.mjs into the published data set:
// `node packages/analyse/bench/all-unique-table.mjs [DIR]` reads DIR/raw/*.jsonl (default
// packages/analyse/data/all-unique) and writes DIR/all-unique.json (per game: every proof result) and
// DIR/all-unique.md (the per-game table with totals).
// Columns: control = unique:control/1:1 where the game has that feature; board = the last argument of every
// feature of arity 3 unique given the others (e.g. unique:cell/3:3); unique = every uniqueness property
// proved (implied subsets not counted); groups = at-most-one / exactly-one-of feature groups proved;
// zero-sum given all of them. yes = proved in every reachable state; no = false initially or not inductive
// under the proved properties (the paper's "no"); - = unknown within the budget.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gamesDirectory } from '@gdlkit/core/corpus';

const dir = process.argv[2] ?? new URL('../data/all-unique', import.meta.url).pathname;
const raw = join(dir, 'raw');
const ANSWER = { proved: 'yes', refuted: 'no', unknown: '-' };

/** unique:F:P proved implies unique:F:Q for every Q ⊆ P (fewer value positions, more key positions). */
function implied(text, proved) {
  const [kind, feature, positions] = text.split(':');
  if (kind !== 'unique') return false;
  const wanted = positions.split(',');
  return proved.some((p) => {
    const [k, f, ps] = p.split(':');
    return k === 'unique' && f === feature && wanted.every((x) => ps.split(',').includes(x));
  });
}

const games = [];
const names = readdirSync(gamesDirectory())
  .filter((f) => f.endsWith('.kif'))
  .map((f) => f.slice(0, -'.kif'.length))
  .sort();
for (const game of names) {
  const file = `${game}.jsonl`;
  if (!existsSync(join(raw, file))) {
    games.push({ game, notRun: true });
    continue;
  }
  const lines = readFileSync(join(raw, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
  const info = lines.find((l) => l.features) ?? {};
  const commit = lines.find((l) => l.commit)?.commit;
  const done = lines.find((l) => l.done);
  const loadError = lines.find((l) => l.loadError)?.loadError;
  const cutOff = lines.find((l) => l.cutOff)?.cutOff ?? (done ? undefined : 'unfinished when the run was stopped');
  const stopped = lines.find((l) => l.stopped)?.stopped;
  // The last result per property: the joint search and retries with a larger Φ report a property again.
  const last = new Map();
  for (const l of lines) if (l.property) last.set(l.property, l);
  const results = [...last.values()];
  const proved = results.filter((r) => r.status === 'proved').map((r) => r.property);
  const statusOf = (property) =>
    implied(property, proved) ? 'proved' : (last.get(property)?.status ?? undefined);
  const features = info.features ?? [];
  const control = features.includes('control/1') ? statusOf('unique:control/1:1') : 'n/a';
  const board = Object.fromEntries(
    features.filter((f) => f.endsWith('/3')).map((f) => [f, statusOf(`unique:${f}:3`) ?? 'not tried']),
  );
  const zeroSum = last.get('zero-sum');
  games.push({
    game,
    ...(loadError ? { loadError } : {}),
    ...(cutOff ? { cutOff } : {}),
    ...(stopped ? { stopped } : {}),
    seconds: done?.seconds,
    ...(commit ? { commit } : {}),
    roles: info.roles,
    features,
    control: control ?? 'not tried',
    board,
    unique: proved.filter((p) => p.startsWith('unique:')),
    groups: proved.filter((p) => p.startsWith('at-most-one:') || p.startsWith('exactly-one-of:')),
    zeroSum: zeroSum ? { status: zeroSum.status, ...(zeroSum.method ? { method: zeroSum.method } : {}) } : null,
    unknown: results.filter((r) => r.status === 'unknown').map((r) => r.property),
    results,
  });
}

const cell = (status) => ANSWER[status] ?? status;
const count = (pred) => games.filter(pred).length;
const analysed = games.filter((g) => !g.notRun && !g.loadError && !g.cutOff);
const totals = {
  games: games.length,
  notRun: count((g) => g.notRun),
  analysed: analysed.length,
  loadErrors: count((g) => g.loadError),
  cutOff: count((g) => g.cutOff),
  stopped: count((g) => g.stopped),
  control: Object.fromEntries(['proved', 'refuted', 'unknown', 'n/a'].map((s) => [s, count((g) => g.control === s)])),
  board: Object.fromEntries(
    ['proved', 'refuted', 'unknown'].map((s) => [s, count((g) => Object.values(g.board ?? {}).includes(s))]),
  ),
  zeroSum: Object.fromEntries(['proved', 'refuted', 'unknown'].map((s) => [s, count((g) => g.zeroSum?.status === s)])),
  uniqueProved: games.reduce((n, g) => n + (g.unique?.length ?? 0), 0),
  groupsProved: games.reduce((n, g) => n + (g.groups?.length ?? 0), 0),
  unknownProofs: games.reduce((n, g) => n + (g.unknown?.length ?? 0), 0),
};

writeFileSync(join(dir, 'all-unique.json'), `${JSON.stringify({ totals, games }, null, 1)}\n`);

const rows = games.map((g) => {
  if (g.notRun) return `| ${g.game} | not run | | | | | | | |`;
  if (g.loadError)
    return `| ${g.game} | not loaded: ${g.loadError.replace(/\|/g, '/').slice(0, 80)} | | | | | | | ${g.commit ?? ''} |`;
  const board = Object.entries(g.board)
    .map(([f, s]) => `${f} ${cell(s)}`)
    .join(', ');
  const zero = g.zeroSum ? `${cell(g.zeroSum.status)}${g.zeroSum.method === 'consequence' ? '*' : ''}` : '';
  const note = g.cutOff ? ` (${g.cutOff})` : g.stopped ? ` (${g.stopped})` : '';
  return `| ${g.game} | ${cell(g.control)} | ${board} | ${g.unique.join(' ')} | ${g.groups.length} | ${zero} | ${g.unknown.length} | ${g.seconds ?? ''}${note} | ${g.commit ?? ''} |`;
});
const t = totals;
writeFileSync(
  join(dir, 'all-unique.md'),
  [
    '| game | control | board | unique arguments proved | groups | zero-sum | unknown | seconds | commit |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Totals: ${t.games} games, ${t.analysed} analysed to the end, ${t.cutOff} cut off or unfinished, ${t.stopped} analysed with the uniqueness search stopped early to leave time for zero-sum, ${t.loadErrors} not loaded, ${t.notRun} not run. ` +
      `Control (where the feature exists): ${t.control.proved} yes, ${t.control.refuted} no, ${t.control.unknown} unknown, ${t.control['n/a']} without control/1. ` +
      `Board (games with some arity-3 feature): ${t.board.proved} with a yes, ${t.board.refuted} with a no, ${t.board.unknown} with an unknown. ` +
      `Zero-sum: ${t.zeroSum.proved} yes, ${t.zeroSum.refuted} no, ${t.zeroSum.unknown} unknown. ` +
      `${t.uniqueProved} uniqueness properties and ${t.groupsProved} feature groups proved; ${t.unknownProofs} proofs unknown.`,
    '',
  ].join('\n'),
);
process.stdout.write(`${JSON.stringify(totals)}\n`);
