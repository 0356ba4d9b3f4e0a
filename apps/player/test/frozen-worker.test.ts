// Issue 20 (arena run p03c, quad, match 50): a player's match worker stopped making progress in the middle of a
// PLAY (531 of its 1,000 simulations) and the PLAY went unanswered past its clock. Whatever stalls the worker,
// the shell must answer before the clock: here the worker process is frozen with SIGSTOP while it searches a
// PLAY (it has taken the turn in and reported its preferred move), twice in one match. The shell answers each
// of those PLAYs with the reported move before the clock, the frozen worker is killed and replaced, and the
// match goes on legally to its end.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { expectWellFormed, gameText, playerForTests, rulesList, runMatch, send } from './manager.js';

const player = playerForTests({ backend: 'prover', search: { seed: 5, policy: 'mast' } });

/** The process playing `match` now: the one that logged its START, or the last replacement. */
function workerPid(match: string): number {
  const set = player.events(match).filter((e) => e.event === 'start' || e.event === 'resumed');
  return set.at(-1)!.pid as number;
}

/** Whether the process `pid` has ended (and been reaped) within two seconds. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('a match worker frozen mid-PLAY (issue 20)', () => {
  it('is answered for with its reported move before the clock, killed and replaced', async () => {
    const frozen: { turn: number; pid: number }[] = [];
    // xplayer's own marks are turns 0, 2, 4 (0-based); between them it has one legal move and answers at once.
    const freezeAt = new Set([2, 4]);
    const { moves, slowest } = await runMatch(player.url, {
      file: 'tictactoe.kif',
      matchId: 'frozen.1',
      role: 0,
      startClock: 3,
      playClock: 2,
      seed: 8,
      duringPlay: async (turn) => {
        if (!freezeAt.has(turn)) return;
        // Well inside the worker's search of this turn (it searches until 1.5 s), and late enough for a loaded
        // machine to have let it report its preferred move.
        await new Promise((r) => setTimeout(r, 700));
        const pid = workerPid('frozen.1');
        process.kill(pid, 'SIGSTOP');
        frozen.push({ turn: turn + 1, pid });
      },
    });
    expect(moves).toBeGreaterThanOrEqual(5);
    // runMatch checked every reply: well-formed, legal, within the play clock.
    expect(slowest).toBeLessThan(2000);
    expect(frozen).toHaveLength(2);
    expect(frozen[0]!.pid).not.toBe(frozen[1]!.pid);
    const log = player.events('frozen.1');
    for (const { turn, pid } of frozen) {
      const fallback = log.find((e) => e.event === 'fallback-move' && e.turn === turn);
      expect(fallback, `turn ${turn} answered for`).toBeDefined();
      expect(fallback!.move).toMatch(/^\(mark \d \d\)$/);
      expect(await gone(pid), `frozen worker ${pid} killed`).toBe(true);
    }
    // The first replacement plays with the prover, the second answers legal moves only.
    expect(log.filter((e) => e.event === 'worker-replaced').map((e) => e.recovery)).toEqual([
      'prover',
      'legal-only',
    ]);
  }, 30_000);

  // Found making the end-to-end test at 0.3 s clocks robust: on a loaded machine (load 12 on 2 cores) a live
  // worker was not scheduled within a quarter of such a turn (56 ms), was replaced, and its replacement could not
  // replay the match in the rest of the turn: the shell answered nil. The hedge now waits at least 250 ms.
  it('is kept when frozen for longer than a quarter of a 0.3 s turn before the PLAY came, and answers it', async () => {
    const id = 'short.1';
    const start = `(start ${id} xplayer ${rulesList(gameText('tictactoe.kif'))} 2 0.3)`;
    expect((await send(player.url, start)).body).toBe('ready');
    const pid = workerPid(id);
    const mark = /^\(mark \d \d\)$/;
    const resume = () => {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone: the shell replaced it (what this test fails on).
      }
    };
    try {
      const first = await send(player.url, `(play ${id} nil)`);
      expect(first.body).toMatch(mark);
      expect((await send(player.url, `(play ${id} (${first.body} noop))`)).body).toBe('noop');
      const answer = ['(mark 1 1)', '(mark 3 3)'].find((m) => m !== first.body)!;
      // Frozen before the shell passes the third PLAY on (no position of it reported before: it depends on
      // oplayer's move), for 120 ms: past the quarter (56 ms), inside the 225 ms guard.
      process.kill(pid, 'SIGSTOP');
      setTimeout(resume, 120);
      expect((await send(player.url, `(play ${id} (noop ${answer}))`)).body).toMatch(mark);
      expect(player.events(id).filter((e) => e.event === 'worker-replaced')).toEqual([]);
      expect(workerPid(id)).toBe(pid);
    } finally {
      resume();
      await send(player.url, `(abort ${id})`);
    }
  });

  // The machine stalls as a whole: the shell is held up too, past the clock (frozen here: the test process hosts
  // it). Found while reproducing the incident: the shell then blamed the worker for a silence that was the
  // machine's, and killed and replaced it (a process start and a replay on the same loaded cores, then the
  // prover for the rest of the match).
  const stalls: [Stall, string][] = [
    ['worker-ran', 'kept when it went on meanwhile, and its reply read'],
    ['worker-frozen', 'kept when frozen with it mid-search'],
    ['worker-frozen-first', 'kept when frozen with it before it took the PLAY in'],
  ];
  for (const [stall, title] of stalls) {
    it(`is ${title}, the shell itself held up past the clock`, async () => {
      const id = `stalled.${stall}`;
      expect(
        (await send(player.url, `(start ${id} xplayer ${rulesList(gameText('tictactoe.kif'))} 3 2)`)).body,
      ).toBe('ready');
      const pid = workerPid(id);
      try {
        await stallDuringFirstPlay(id, pid, stall);
      } finally {
        await send(player.url, `(abort ${id})`);
      }
    }, 20_000);
  }
});

/** Whether the worker runs while the shell is frozen, is frozen with it, or was frozen before the PLAY came. */
type Stall = 'worker-ran' | 'worker-frozen' | 'worker-frozen-first';

/**
 * Freezes this process (the shell's) for 2.5 s, past the 2 s clock, while the first PLAY of `id` is with the
 * worker; then checks the answers, and that the same worker plays on.
 */
async function stallDuringFirstPlay(id: string, pid: number, stall: Stall): Promise<void> {
  const mark = /^\(mark \d \d\)$/;
  if (stall === 'worker-frozen-first') process.kill(pid, 'SIGSTOP');
  // The shell is frozen from outside while it waits for the worker (in its event loop's poll, as an idle
  // process is when the kernel holds it up in a machine stall), after long enough to pass the PLAY on (for a
  // running worker, well inside its search), and woken 2.5 s later: its guard (at 1.75 s) can only fire late.
  const frozen = (stall === 'worker-ran' ? [process.pid] : [pid, process.pid]).join(' ');
  const after = stall === 'worker-frozen-first' ? 0.1 : 0.7;
  spawn('sh', ['-c', `sleep ${after}; kill -STOP ${frozen}; sleep 2.5; kill -CONT ${frozen}`], {
    stdio: 'ignore',
  }).unref();
  const first = await send(player.url, `(play ${id} nil)`);
  expectWellFormed(first);
  const log = () => player.events(id);
  if (stall === 'worker-ran') {
    // The worker had replied by its deadline: that reply is sent, not a fallback.
    expect(first.body).toMatch(mark);
    expect(log().some((e) => e.event === 'fallback-move')).toBe(false);
  } else if (stall === 'worker-frozen') {
    // It replies as soon as it runs again, before or after the shell's late guard: its reply or its reported move.
    expect(first.body).toMatch(mark);
  } else {
    // Nothing known for this turn: its move once it runs again, or nil.
    expect(first.body).toMatch(/^(\(mark \d \d\)|nil)$/);
  }
  expect(log().filter((e) => e.event === 'worker-replaced')).toEqual([]);
  expect(log().find((e) => e.event === 'shell-stalled')?.stalledMs).toBeGreaterThanOrEqual(1000);
  // The same worker plays on, in time, from the move sent (xplayer's move, or none).
  const sent = mark.test(first.body) ? first.body : null;
  const answer = ['(mark 1 1)', '(mark 3 3)'].find((m) => m !== sent)!;
  const second = await send(player.url, `(play ${id} (${sent ?? '(mark 2 2)'} noop))`);
  expect(second.body).toBe('noop');
  const third = await send(player.url, `(play ${id} (noop ${answer}))`);
  expect(third.body).toMatch(mark);
  expect(third.ms).toBeLessThan(2000);
  expect(workerPid(id)).toBe(pid);
  expect(log().filter((e) => e.event === 'worker-replaced')).toEqual([]);
}
