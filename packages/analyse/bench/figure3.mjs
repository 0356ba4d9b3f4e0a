// Reproduces Figure 3 of Schiffel & Thielscher (2009): `pnpm --filter @gdlkit/analyse figure3 [seconds] [game ...]`.
// Five experiments per game: control unique, board unique, board unique given control, zero-sum, and the
// systematic search for unique arguments, followed by the joint search and the feature groups (JOINT=0 leaves
// both out, as the paper).
// Prints a Markdown table with the paper's answers beside ours; a zero-sum answer marked * was proved as a
// consequence of Φ without induction. The zero-sum proof runs beside a search for a reachable violation with
// the prover (proveOrRefute): "no ... reachable" is a match from the initial state, replayed and checked.
// Budget per proof: the given seconds (default 60) and 1 GB, the paper's memory limit. Each of our cells
// gives wall-clock seconds and, in brackets, the process's CPU seconds during the proof. Nothing is given by
// hand: where zero-sum's step fails, the analyser proves the counter invariants it proposes (checkers' piece
// counts) within the zero-sum proof; the cell includes them and is marked † (they are printed on stderr).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gamesDirectory } from '@gdlkit/core/corpus';
import { createProver } from '@gdlkit/prover';
import { formatProperty, GameAnalyser, parseProperty, proveOrRefute } from '../dist/index.js';

// The paper's board features were identified by hand; these are the corresponding features of games/.
const GAMES = {
  '3pttc': { board: 'unique:cell/3:3', paper: ['yes,0.00', 'no,0.24', 'no,0.28', 'no,0.00', '1.99'] },
  amazons: { board: 'unique:location/3:3', paper: ['yes,0.00', '-,70.18', '-,70.08', 'yes,0.38', '491.36'] },
  blocker: { board: 'unique:cell/3:3', paper: ['n/a', 'yes,0.00', 'n/a', 'yes,0.00', '0.11'] },
  checkers: {
    board: 'unique:cell/3:3',
    paper: ['yes,0.02', '-,25.96', '-,25.94', 'yes,1.14', '256.07'],
  },
  connectfour: { board: 'unique:cell/3:3', paper: ['yes,0.00', 'no,0.01', 'yes,0.01', 'yes,0.01', '0.14'] },
  endgame: { board: 'unique:cell/3:3', paper: ['yes,0.02', '-,61.50', '-,61.37', 'yes,0.12', '433.83'] },
  knightthrough: { board: 'unique:cell/3:3', paper: ['yes,0.00', 'no,8.34', 'yes,51.36', 'yes,0.00', '56.02'] },
  othello: { board: 'unique:cell/3:3', paper: ['yes,0.12', '-,60.01', '-,61.13', '-,57.03', '422.0'] },
  pacman3p: { board: 'unique:location/3:2,3', paper: ['yes,0.01', 'no,0.33', 'no,0.27', 'no,0.09', '3.05'] },
  quarto: { board: 'unique:cell/3:3', paper: ['n/a', 'no,2.36', 'n/a', 'yes,3.14', '16.52'] },
  tictactoe: { board: 'unique:cell/3:3', paper: ['yes,0.00', 'no,0.00', 'yes,0.00', 'yes,0.00', '0.13'] },
  tttcc4: { board: 'unique:cell/3:3', paper: ['yes,0.01', '-,64.00', '-,64.00', 'no,0.01', '447.65'] },
};

const seconds = Number(process.argv[2] ?? 60);
const names = process.argv.length > 3 ? process.argv.slice(3) : Object.keys(GAMES);
const budget = { seconds, memoryBytes: 2 ** 30 };
// Wall-clock seconds, then the process's CPU seconds during the proof (the machine is shared).
const cell = (r) =>
  `${{ proved: 'yes', refuted: 'no', unknown: '-' }[r.status]},${r.seconds.toFixed(2)}${r.cpuSeconds === undefined ? '' : ` [${r.cpuSeconds.toFixed(2)} CPU]`}`;

/** Zero-sum proved beside a search with the prover (no build); a reachable violation answers "no". */
async function zeroSumCell(name, analyser, assumptions) {
  const prover = createProver(analyser.game);
  const wall = performance.now();
  const cpu = process.cpuUsage();
  try {
    const { proof, violation } = await proveOrRefute(analyser, parseProperty('zero-sum'), assumptions, budget, {
      open: async () => prover,
    });
    for (const r of proof.proposed ?? []) {
      process.stderr.write(`${name}: proposed ${formatProperty(r.property)} ${cell(r)}\n`);
    }
    if (!violation) {
      const mark = `${proof.method === 'consequence' ? '*' : ''}${proof.proposed?.some((r) => r.status === 'proved') ? '†' : ''}`;
      return `${cell(proof)}${mark}`;
    }
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - wall) / 1000;
    return `no,${seconds.toFixed(2)} [${((used.user + used.system) / 1e6).toFixed(2)} CPU], reachable in ${violation.depth} moves`;
  } finally {
    prover.dispose();
  }
}

const rows = [];
for (const name of names) {
  const spec = GAMES[name];
  const analyser = GameAnalyser.load(readFileSync(join(gamesDirectory(), `${name}.kif`), 'utf8'), `${name}.kif`);
  const hasControl = analyser.domain.features.some((f) => f.key === 'control/1');
  const control = parseProperty('unique:control/1:1');
  const board = parseProperty(spec.board);
  const ours = [];
  let controlProved = false;
  if (hasControl) {
    const r = await analyser.prove(control, [], budget);
    controlProved = r.status === 'proved';
    ours.push(cell(r));
  } else ours.push('n/a');
  ours.push(cell(await analyser.prove(board, [], budget)));
  ours.push(hasControl && controlProved ? cell(await analyser.prove(board, [control], budget)) : 'n/a');
  const paper = process.env.JOINT === '0';
  const search = await analyser.searchUnique({ budget, joint: !paper, groups: !paper });
  const unknown = search.results.filter((r) => r.status === 'unknown').length;
  // Zero-sum is proved given the unique arguments the search proved (Φ): see README (the paper does not say).
  ours.push(await zeroSumCell(name, analyser, [...search.proved]));
  const jointly = search.provedJointly.length;
  ours.push(
    `${search.seconds.toFixed(2)} (${search.proved.length} proved${jointly ? `, ${jointly} of them jointly` : ''}${unknown ? `, ${unknown} unknown` : ''})`,
  );
  await analyser.close();
  rows.push([name, ...ours.map((o, i) => `(${o}) / (${spec.paper[i]})`)]);
  process.stderr.write(`${name}: ${ours.join(' | ')}\n`);
}
const header = ['game', 'control', 'board', 'board given control', 'zero-sum', 'all unique arguments (s)'];
process.stdout.write(
  `| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`,
);
