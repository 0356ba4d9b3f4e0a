// The GDL-II player end to end with HyperPlay-II (issue 21): a real `GgpPlayer` with its match workers, the
// scripted manager checking every reply's legality and timing, Monty Hall in both message forms and Exploding
// Bomb, where HyperPlay-II must ask.
import { describe, expect, it } from 'vitest';
import { playerForTests, runMatch } from './manager.js';

const player = playerForTests({
  backend: 'prover',
  search: { method: 'hyperplay-ii', resources: 2, seed: 5 },
});
const events = () => player.logs.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('GDL-II with HyperPlay-II over HTTP', () => {
  it('plays Monty Hall legally in both message forms, logging the method and the move values', async () => {
    for (const [i, form] of (['dresden', 'percepts'] as const).entries()) {
      const { moves } = await runMatch(player.url, {
        file: 'montyhall.kif',
        matchId: `hp2monty.${form}`,
        role: 0,
        startClock: 5,
        playClock: 5,
        seed: 30 + i,
        gdl2Form: form,
      });
      expect(moves).toBe(3);
    }
    const searched = events().filter(
      (e) => e.event === 'move' && String(e.match).startsWith('hp2monty.') && e.values !== undefined,
    );
    expect(searched.length).toBeGreaterThanOrEqual(2);
    for (const e of searched) expect(e.method).toBe('hyperplay-ii');
    expect(events().filter((e) => e.event === 'lost-track' || e.event === 'hypergames-lost')).toEqual([]);
  }, 60_000);

  it('asks on Exploding Bomb and cuts the safe wire', async () => {
    const { playerMoves, goals } = await runMatch(player.url, {
      file: 'explodingbomb.kif',
      matchId: 'hp2bomb',
      role: 0,
      startClock: 5,
      playClock: 5,
      seed: 3,
      gdl2Form: 'dresden',
    });
    expect(playerMoves[1]).toBe('ask');
    expect(goals[0]).toBe(90);
  }, 60_000);
});
