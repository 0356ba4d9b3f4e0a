// Issue 25: one rule on cycles through negation for every backend (docs/decisions.md). A cycle among ground
// atoms no keyword relation depends on is ignored by all of them (the propnet family refused this game while
// the prover and the forward chainer played it); a cycle the game's keywords reach makes every backend
// report INVALID_GAME (the grounded ones at build, the prover at the first query that meets it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstDifference, loadGame, playRandomMatch } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { createDefaultRegistry, loadAll } from '../src/index.js';

const tictactoe = readFileSync(join(import.meta.dirname, '../../../games/tictactoe.kif'), 'utf8');
const CYCLE = '(<= (zzp ?r) (role ?r) (not (zzq ?r)))\n(<= (zzq ?r) (role ?r) (not (zzp ?r)))';
const BACKENDS = ['prover', 'forward', 'propnet', 'propnet-wasm', 'native'];

async function play(text: string, file: string, backend: string) {
  const registry = createDefaultRegistry();
  await loadAll(registry);
  const reasoner = await registry.get(backend).create(loadGame(text, file));
  try {
    return playRandomMatch(reasoner, { seed: 7 });
  } finally {
    reasoner.dispose();
  }
}

describe('a cycle through negation', () => {
  it.each(BACKENDS)('%s plays tictactoe with an unused cycle as tictactoe', async (backend) => {
    const withCycle = await play(`${tictactoe}\n${CYCLE}`, 'unused-cycle.kif', backend);
    const plain = await play(tictactoe, 'tictactoe.kif', 'prover');
    expect(firstDifference(plain.steps, withCycle.steps)).toBeUndefined();
  });

  it.each(BACKENDS)('%s reports a cycle the terminal rules reach as an invalid game', async (backend) => {
    const text = `${tictactoe}\n${CYCLE}\n(<= terminal (zzp xplayer))`;
    await expect(play(text, 'used-cycle.kif', backend)).rejects.toMatchObject({ code: 'INVALID_GAME' });
  });
});
