// Regression: with a play clock shorter than the safety margin, the shell's deadline for the move
// (`clock − margin`) lay before the PLAY had even arrived, so every move, however early, was logged as a
// `late-move`, and the worker was handed that deadline too. The deadline is now capped like the shell's guard.
// A fixed simulation budget makes the worker reply as soon as it has searched, well inside the clock.
import { describe, expect, it } from 'vitest';
import { playerForTests, runMatch } from './manager.js';

const player = playerForTests({ backend: 'prover', marginMs: 2000, search: { seed: 3, iterations: 20 } });

describe('a play clock shorter than the margin', () => {
  it('answers every PLAY in time and logs none of them late', async () => {
    const { moves } = await runMatch(player.url, {
      file: 'tictactoe.kif',
      matchId: 'short.ttt',
      role: 0,
      startClock: 3,
      playClock: 1.5,
      seed: 2,
    });
    expect(moves).toBeGreaterThanOrEqual(5);
    const log = player.events('short.ttt');
    expect(log.some((e) => e.event === 'clock-too-short')).toBe(true);
    expect(log.filter((e) => e.event === 'move').length).toBeGreaterThanOrEqual(3);
    expect(log.filter((e) => e.event === 'late-move')).toEqual([]);
  }, 30_000);
});
