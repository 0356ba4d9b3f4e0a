// Table 1 and Table 2 of the forward-chaining paper for the games of games/ it lists, from the built package
// (`pnpm --filter @gdlkit/forward build`, then
// `node packages/forward/bench/paper-tables.js [SECONDS] [GAMES] [ORDERINGS]`, lists comma-separated).
// Each game is built once per ordering (worst, source, best); the three reasoners then take turns in five
// slices of random playouts from the initial state, so the orderings of a game share the same machine load.
// States count every visited state (each playout's start state included). Both wall-clock and CPU-time rates
// are printed: on a shared machine the CPU-time rate is the steadier one.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '@gdlkit/core';
import { createForward } from '@gdlkit/forward';

const PAPER_GAMES = [
  'asteroidsserial',
  'beatmania',
  'blocker',
  'breakthrough',
  'bunk_t',
  'chomp',
  'connectfour',
  'doubletictactoe',
  'hanoi',
  'lightsout',
  'minichess',
  'nim1',
  'pancakes6',
  'peg_bugfixed',
  'roshambo2',
  'sheepandwolf',
  'tictactoe',
  'tictactoex9',
];
// The paper's Amazons (amazons.kif, 10x10) is left out of the default list: building its reference tables takes
// minutes here. Pass it explicitly to measure it.
const SLICES = 5;

const seconds = Number(process.argv[2] ?? 2);
const games = process.argv[3] ? process.argv[3].split(',') : PAPER_GAMES;
const orderings = process.argv[4] ? process.argv[4].split(',') : ['worst', 'source', 'best'];
const root = join(import.meta.dirname, '../../../games');

console.log(
  `# ${new Date().toISOString()} load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  'game\tordering\tparse ms\tground ms\toptimise ms\ttables kB\tKB kB\tjoin indexes kB\tkStates/s\tkStates/CPU-s\tkPlayouts/30s\tfallback rules',
);
for (const name of games) {
  const file = `${name}.kif`;
  const text = readFileSync(join(root, file), 'utf8');
  const cells = orderings.map((ordering) => {
    const t0 = performance.now();
    const game = loadGame(text, file);
    const parseMs = performance.now() - t0;
    const reasoner = createForward(game, { ordering });
    return {
      ordering,
      parseMs,
      reasoner,
      init: reasoner.initialState(),
      states: 0,
      playouts: 0,
      wall: 0,
      cpu: 0,
    };
  });
  for (let slice = 0; slice < SLICES; slice++) {
    for (const cell of slice % 2 === 0 ? cells : [...cells].reverse()) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      while (performance.now() - start < (seconds * 1000) / SLICES) {
        const stats = cell.reasoner.playouts(cell.init, { count: 1, seed: cell.playouts });
        cell.states += stats.states;
        cell.playouts += stats.playouts;
      }
      const used = process.cpuUsage(cpu);
      cell.wall += performance.now() - start;
      cell.cpu += (used.user + used.system) / 1000;
    }
  }
  for (const c of cells) {
    const r = c.reasoner.report;
    console.log(
      [
        name,
        c.ordering,
        c.parseMs.toFixed(0),
        r.groundMs.toFixed(0),
        r.optimiseMs.toFixed(0),
        (r.referenceTableBytes / 1024).toFixed(0),
        (r.knowledgeBaseBytes / 1024).toFixed(0),
        (c.reasoner.joinIndexBytes / 1024).toFixed(0),
        (c.states / c.wall).toFixed(1),
        (c.states / c.cpu).toFixed(1),
        ((c.playouts / c.wall) * 30).toFixed(2),
        r.fallbackRules.join(' '),
      ].join('\t'),
    );
  }
}
