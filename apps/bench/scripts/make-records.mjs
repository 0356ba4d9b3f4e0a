// Writes the pre-recorded matches of games/records/ (see games/records/README.md). Run after a build:
//   node apps/bench/scripts/make-records.mjs [--count 100] [--max-bytes 2000000] [--backends propnet,forward] [games...]
import { parseArgs } from 'node:util';
import { createDefaultRegistry } from '@gdlkit/backends';
import { writeRecordFiles } from '../dist/index.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: 'string', default: '100' },
    'max-steps': { type: 'string', default: '1000' },
    'max-bytes': { type: 'string', default: '2000000' },
    backends: { type: 'string', default: 'propnet,forward,prover' },
  },
});
const games =
  positionals.length > 0
    ? positionals
    : [
        'tictactoe',
        'connectfour',
        'breakthrough',
        'othello-comp2007',
        'chinesecheckers4',
        'skirmish',
        'amazons_8x8',
      ];
const registry = createDefaultRegistry();
const backends = values.backends.split(',').map((name) => registry.get(name));
for (const game of games) {
  const t0 = performance.now();
  const [summary] = await writeRecordFiles([`${game.replace(/\.kif$/, '')}.kif`], backends, {
    count: Number(values.count),
    maxSteps: Number(values['max-steps']),
    maxBytes: Number(values['max-bytes']),
  });
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `${summary.game}: ${summary.matches} matches, ${summary.bytes} bytes, ${summary.unfinished} unfinished, backend ${summary.backend}, ${s} s`,
  );
}
