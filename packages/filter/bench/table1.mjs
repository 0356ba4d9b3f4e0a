// Table 1 of Thielscher 2013 ("Experimental Results") on our corpus: for every GDL-II game and non-random role,
// seeded random matches 1..MATCHES (the paper: 1000 matches), or with --rounds instead, matches until they
// total ROUNDS rounds; each row capped at CAP seconds. Reports whether the role always knew its legal moves,
// whether it knew termination and its goal at the end (asked only while the legal moves were always known, as
// in the paper), and the seconds spent in the filter's updates per match and per 1000 rounds (the paper's
// unit). Each row runs in its own process so that the cap also stops an update that does not return.
//   node bench/table1.mjs [--matches 1000 | --rounds 1000] [--cap 600] [--budget-ms 5000] [--games a,b]
//     [--observations-only] [--markdown F] [--json F]
// against the built package (pnpm --filter @gdlkit/filter build).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const GAMES = [
  'backgammon',
  'bankerthief',
  'battleshipsinfog',
  'blackjack',
  'blindbreakthrough',
  'hiddenconnect',
  'holdyourcourseii',
  'kriegttt_5x5',
  'mastermind',
  'mastermind448',
  'minesweeper',
  'montyhall',
  'montyhall2',
  'numberguessing',
  'small_dominion',
  'smalldominion2',
  'transit',
  'vis_pacman3p',
  // Monty as a player (the paper's "Monty Hall (role 2)"): our montyhall.kif has Monty as the random role.
  'tests/filter/figure1-montyhall',
];
const gamesDir = fileURLToPath(new URL('../../../games/', import.meta.url));

const { values } = parseArgs({
  options: {
    matches: { type: 'string' },
    rounds: { type: 'string' },
    cap: { type: 'string', default: '600' },
    'budget-ms': { type: 'string', default: '5000' },
    games: { type: 'string' },
    markdown: { type: 'string' },
    json: { type: 'string' },
    row: { type: 'string' },
    'observations-only': { type: 'boolean', default: false },
  },
});

if (values.matches !== undefined && values.rounds !== undefined) {
  throw new Error('give --matches or --rounds, not both');
}
const sampleArgs = values.rounds !== undefined ? ['--rounds', values.rounds] : ['--matches', values.matches ?? '1000'];
const sample = { [sampleArgs[0].slice(2)]: Number(sampleArgs[1]) };

if (values.row) await runRow(values.row);
else await runTable();

/** Child process: one game and role; prints one summary line per match. */
async function runRow(row) {
  const [name, roleText] = row.split(':');
  const { loadGame } = await import('@gdlkit/core');
  const { createProver } = await import('@gdlkit/prover');
  const { createFilter, table1Matches } = await import('../dist/index.js');
  const game = loadGame(readFileSync(`${gamesDir}${name}.kif`, 'utf8'), `${name}.kif`);
  const filter = createFilter(game, {
    role: Number(roleText),
    updateBudgetMs: Number(values['budget-ms']),
    observationsOnly: values['observations-only'],
  });
  for (const summary of table1Matches(filter, createProver(game), sample)) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  }
}

async function runTable() {
  const { loadGame } = await import('@gdlkit/core');
  const { table1Verdict } = await import('../dist/index.js');
  const names = values.games ? values.games.split(',') : GAMES;
  const rows = [];
  for (const name of names) {
    const game = loadGame(readFileSync(`${gamesDir}${name}.kif`, 'utf8'), `${name}.kif`);
    for (let r = 0; r < game.roles.length; r++) {
      if (r === game.randomRole) continue;
      const started = performance.now();
      const summaries = await runChild(`${name}:${r}`, Number(values.cap) * 1000);
      const seconds = (performance.now() - started) / 1000;
      rows.push(aggregate(table1Verdict, name, game.roleName(r), summaries, seconds));
      process.stderr.write(`${JSON.stringify(rows[rows.length - 1])}\n`);
    }
  }
  const markdown = toMarkdown(rows);
  process.stdout.write(markdown);
  if (values.markdown) writeFileSync(values.markdown, markdown);
  if (values.json) {
    const command = `node bench/table1.mjs ${process.argv.slice(2).join(' ')}`.trim();
    writeFileSync(values.json, `${JSON.stringify({ command, date: new Date().toISOString(), rows }, null, 2)}\n`);
  }
}

function runChild(row, capMs) {
  return new Promise((resolve) => {
    const args = [fileURLToPath(import.meta.url), '--row', row, ...sampleArgs];
    args.push('--budget-ms', values['budget-ms']);
    if (values['observations-only']) args.push('--observations-only');
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const summaries = [];
    let buffer = '';
    let capped = false;
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        summaries.push(JSON.parse(buffer.slice(0, i)));
        buffer = buffer.slice(i + 1);
      }
    });
    const timer = setTimeout(() => {
      capped = true;
      child.kill('SIGKILL');
    }, capMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(Object.assign(summaries, { capped, failed: !capped && code !== 0 }));
    });
  });
}

function aggregate(table1Verdict, game, role, summaries, seconds) {
  const verdict = table1Verdict(summaries);
  const updateSeconds = summaries.reduce((a, s) => a + s.updateMs, 0) / 1000;
  return {
    game,
    role,
    ...verdict,
    secondsPerMatch: summaries.length > 0 ? updateSeconds / summaries.length : null,
    fellBack: summaries.reduce((a, s) => a + s.fellBack, 0),
    threeValued: summaries.reduce((a, s) => a + (s.threeValued ?? 0), 0),
    // The paper's "no" needs an exact state and query that do not know the legal moves; fallbacks know less.
    legalUnknownExact: summaries.reduce((a, s) => a + s.legalUnknownExact, 0),
    legalThreeValued: summaries.reduce((a, s) => a + s.legalThreeValued, 0),
    endApproximated: summaries.filter((s) => s.endApproximated).length,
    capped: summaries.capped,
    failed: summaries.failed,
    wallSeconds: Math.round(seconds),
  };
}

function toMarkdown(rows) {
  const mark = (v) => (v === null ? '–' : v ? '✓' : 'no');
  const lines = [
    '| game | role | matches | rounds | legal | terminal | goal | s per match | s/1000 rounds | note |',
    '| --- | --- | ---: | ---: | :-: | :-: | :-: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const notes = [];
    if (r.capped) notes.push(`capped at ${values.cap} s`);
    if (r.failed) notes.push('failed');
    if (r.fellBack > 0) notes.push(`${r.fellBack} updates fell back (${r.threeValued} with Kleene queries)`);
    if (r.legal === false) {
      notes.push(
        r.legalUnknownExact > 0
          ? `legal moves not known in ${r.legalUnknownExact} states before any fallback`
          : 'legal "no" only after a fallback',
      );
    }
    if (r.legalThreeValued > 0) notes.push(`${r.legalThreeValued} legal queries three-valued`);
    if (r.endApproximated > 0) notes.push(`terminal/goal approximated in ${r.endApproximated} matches`);
    const time = (v, digits) => (v === null ? '–' : v.toFixed(digits));
    lines.push(
      `| ${r.game} | ${r.role} | ${r.matches} | ${r.rounds} | ${mark(r.legal)} | ${mark(r.terminal)} | ${mark(r.goal)} | ${time(r.secondsPerMatch, 2)} | ${time(r.secondsPer1000Rounds, 1)} | ${notes.join('; ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
