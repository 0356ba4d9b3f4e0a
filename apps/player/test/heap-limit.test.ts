// Issue 25: a game whose rules build unboundedly deep terms makes the prover's legal-move query grow without
// end. With a long start clock the worker reaches its heap limit first: only the worker process dies (a
// worker thread's out-of-memory abort can take the whole process with it, nodejs/node#47224), the START
// gets an error naming the limit, and the next match is played.
import { describe, expect, it } from 'vitest';
import { gameText, playerForTests, rulesList, runMatch, send } from './manager.js';

const UNBOUNDED = `${gameText('tictactoe.kif')}
(<= (zzn (s ?x)) (zzn ?x))
(zzn 0)
(<= (legal ?r zzmove) (role ?r) (zzn (s (s (s ?x)))))
`;

const player = playerForTests({ backend: 'prover', workerHeapMb: 64, search: { seed: 2 } });

describe('worker heap limit (issue 25)', () => {
  it('answers a START whose worker runs out of heap with an error, and plays the next match', async () => {
    const start = await send(player.url, `(start deep.1 xplayer ${rulesList(UNBOUNDED)} 60 5)`);
    expect(start.body).toMatch(/^\(error ".*exceeded its 64 MB heap"\)$/);
    expect(start.ms).toBeLessThan(60_000);
    expect((await send(player.url, '(info)')).body).toBe('((name gdlkit) (status available))');
    const { moves } = await runMatch(player.url, {
      file: 'tictactoe.kif',
      matchId: 'after.deep',
      role: 1,
      startClock: 2,
      playClock: 1,
      seed: 5,
    });
    expect(moves).toBeGreaterThanOrEqual(5);
  }, 90_000);
});
