// The Rust core's game fixtures (crates/propnet-core/tests/fixtures/*.ir): the IR of a corpus game with the
// TypeScript engine's perft counts and playout statistics, so `cargo test` checks real games without Node.
// Regenerate after an IR change: GDLKIT_UPDATE_FIXTURES=1 pnpm --filter @gdlkit/native test
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { buildPropnet, type PropnetIR, PropnetReasoner } from '@gdlkit/propnet';
import { describe, expect, it } from 'vitest';

const fixtures = join(import.meta.dirname, '../../../crates/propnet-core/tests/fixtures');

const games: readonly { name: string; path: string; perft: number; playouts: number }[] = [
  { name: 'tictactoe', path: 'tictactoe.kif', perft: 4, playouts: 100 },
  { name: 'montyhall', path: 'montyhall.kif', perft: 4, playouts: 100 },
  { name: 'connectfour', path: 'connectfour.kif', perft: 3, playouts: 50 },
  // Positive cycles through views: the cycle-safe re-derivation.
  { name: 'recursive-view', path: 'tests/failure-classes/recursive-view.kif', perft: 3, playouts: 50 },
];

function fixtureText(path: string, perftDepth: number, count: number): string {
  const game = loadCorpusGame(path);
  const ir = buildPropnet(game);
  const ts = new PropnetReasoner(game, ir);
  const lines = [
    `# propnet IR of ${path} with the TypeScript engine's results; regenerate: GDLKIT_UPDATE_FIXTURES=1 pnpm --filter @gdlkit/native test`,
  ];
  for (const [key, value] of Object.entries(ir) as [keyof PropnetIR, unknown][]) {
    lines.push(
      `${key} ${ArrayBuffer.isView(value) ? Array.from(value as Uint32Array).join(' ') : String(value)}`,
    );
  }
  const start = ts.initialState();
  lines.push(`initial ${Array.from(start).join(' ')}`);
  for (let depth = 1; depth <= perftDepth; depth++) lines.push(`perft ${depth} ${ts.perft(start, depth)}`);
  for (const [seed, maxDepth] of [
    [7, 10_000],
    [-99, 10_000],
    [3, 4],
  ] as const) {
    const s = ts.playouts(start, { count, seed, maxDepth });
    const stats = [s.playouts, s.states, s.totalDepth, s.minDepth, s.maxDepth, s.truncated, ...s.goalSums];
    lines.push(`playouts ${count} ${seed} ${maxDepth} ${stats.join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('Rust fixtures', () => {
  it.each(games)(
    'fixture of $path matches the current IR and TypeScript engine',
    ({ name, path, perft, playouts }) => {
      const file = join(fixtures, `${name}.ir`);
      const text = fixtureText(path, perft, playouts);
      if (process.env.GDLKIT_UPDATE_FIXTURES) writeFileSync(file, text);
      expect(
        existsSync(file),
        `${file} missing: run GDLKIT_UPDATE_FIXTURES=1 pnpm --filter @gdlkit/native test`,
      ).toBe(true);
      expect(readFileSync(file, 'utf8') === text, `${file} is stale: regenerate it`).toBe(true);
    },
  );
});
