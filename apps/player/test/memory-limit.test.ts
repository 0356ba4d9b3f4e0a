// Issue 25: the worker's heap limit does not cover WebAssembly memory (propnet-wasm's module and binaryen's own
// memory), so the shell also bounds the worker's resident memory. Building propnet-wasm for tictactoe takes a
// process from about 50 MB to about 175 MB resident; under a 120 MB budget the START gets an error naming the
// budget, and the player stays available and plays the next match on a backend that fits.
import { describe, expect, it } from 'vitest';
import { gameText, playerForTests, rulesList, runMatch, send } from './manager.js';

// A real build, not a hit in the module cache an earlier test of this run filled: a hit loads no binaryen and stays
// within the budget. The workers (spawned with the players below) inherit this.
process.env.GDLKIT_WASM_CACHE = 'off';
const wasm = playerForTests({ backend: 'propnet-wasm', workerMemoryMb: 120, search: { seed: 3 } });
const prover = playerForTests({ backend: 'prover', workerMemoryMb: 400, search: { seed: 3 } });

describe('worker memory limit, WebAssembly included (issue 25)', () => {
  it('answers a START whose WebAssembly build exceeds the budget with an error and stays available', async () => {
    const start = await send(
      wasm.url,
      `(start big.wasm xplayer ${rulesList(gameText('tictactoe.kif'))} 30 5)`,
    );
    expect(start.body).toMatch(
      /^\(error ".*exceeded its 120 MB memory \(\d+ MB resident, WebAssembly included\)"\)$/,
    );
    expect(start.ms).toBeLessThan(30_000);
    expect((await send(wasm.url, '(info)')).body).toBe('((name gdlkit) (status available))');
    expect((await send(wasm.url, '(play big.wasm nil)')).body).toMatch(/^\(error /);
  }, 60_000);

  it('leaves a match that fits its budget alone', async () => {
    const { moves } = await runMatch(prover.url, {
      file: 'tictactoe.kif',
      matchId: 'fits',
      role: 0,
      startClock: 5,
      playClock: 1,
      seed: 4,
    });
    expect(moves).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
