// Every corpus game: load, build the prover, play one short seeded random match. Runs fully only under
// GDLKIT_CROSS=1 (`pnpm test:cross`); games a backward chainer cannot play in time are listed, with the
// reason, in test/slow-games.txt and reported as skipped.
import { readdirSync, readFileSync } from 'node:fs';
import { loadGame, playRandomMatch } from '@gdlkit/core';
import { breathe } from '@gdlkit/core/testing';
import { describe, expect, it } from 'vitest';
import { createProver } from '../src/index.js';

const GAMES = new URL('../../../games/', import.meta.url);
const CROSS = process.env.GDLKIT_CROSS === '1';
const MAX_STEPS = 20;

function corpusFiles(): string[] {
  const top = readdirSync(GAMES).filter((f) => f.endsWith('.kif'));
  const compliance = readdirSync(new URL('tests/compliance/', GAMES))
    .filter((f) => f.endsWith('.kif'))
    .map((f) => `tests/compliance/${f}`);
  return [...top, ...compliance].sort();
}

function slowGames(): Map<string, string> {
  const text = readFileSync(new URL('./slow-games.txt', import.meta.url), 'utf8');
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [file, ...reason] = trimmed.split(':');
    out.set(file!.trim(), reason.join(':').trim());
  }
  return out;
}

describe.runIf(CROSS)('every corpus game plays a seeded random match', () => {
  const slow = slowGames();
  for (const file of corpusFiles()) {
    const reason = slow.get(file);
    if (reason !== undefined) {
      it.skip(`${file} (too slow for the prover: ${reason})`, () => {});
      continue;
    }
    it(file, async () => {
      await breathe();
      const game = loadGame(readFileSync(new URL(file, GAMES), 'utf8'), file);
      const prover = createProver(game);
      const match = playRandomMatch(prover, { seed: 1, maxSteps: MAX_STEPS });
      const last = match.steps.at(-1)!;
      expect(last.terminal || match.steps.length === MAX_STEPS + 1).toBe(true);
      if (last.terminal) expect(Object.keys(last.goals ?? {})).toHaveLength(game.roles.length);
    });
  }
});

it.skipIf(CROSS)('the corpus test runs under GDLKIT_CROSS=1 (pnpm test:cross)', () => {
  expect(corpusFiles().length).toBeGreaterThan(200);
});
