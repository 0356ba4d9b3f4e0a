import { afterAll, describe, expect, it } from 'vitest';
import {
  type Endpoint,
  type MatchPlan,
  type MatchRecord,
  matchSeed,
  PlayerPool,
  type PlayerProcess,
  parsePlayerList,
  playMatch,
  type RefereeGame,
} from '../src/index.js';
import { type Misbehaviour, startBadPlayer } from './bad-player.js';
import { GDLKIT, gameText, referee } from './helpers.js';

const plan = (index: number, seating: number[], players: string[]): MatchPlan => ({
  index,
  seed: matchSeed(7, index),
  matchId: `test.7.${index}`,
  seating,
  players,
});

const without = (record: MatchRecord) => ({ ...record, wallMs: 0, thinkMs: [] });

describe('the game manager', () => {
  it('plays a match between two random players that is reproducible from its seed', async () => {
    const ttt = await referee('connectfour');
    const random: Endpoint = { kind: 'random' };
    const a = await playMatch(ttt, plan(3, [0, 1], ['random', 'random']), [random, random], clocks(1));
    const b = await playMatch(ttt, plan(3, [0, 1], ['random', 'random']), [random, random], clocks(1));
    expect(without(a)).toEqual(without(b));
    expect(a.moves.length).toBeGreaterThan(6);
    expect(a.faults).toEqual([]);
    const c = await playMatch(ttt, plan(4, [0, 1], ['random', 'random']), [random, random], clocks(1));
    expect(c.moves).not.toEqual(a.moves);
  });

  describe('records each fault of a scripted bad player and finishes the match', () => {
    let game: RefereeGame;
    const cases: [Misbehaviour, number, string][] = [
      ['late', 1, 'timeout'],
      ['illegal', 0, 'illegal'],
      ['malformed', 2, 'malformed'],
      ['dead', 1, 'crash'],
    ];
    for (const [kind, atPlay, fault] of cases) {
      it(`${kind} at its PLAY ${atPlay}`, async () => {
        game ??= await referee('tictactoe');
        const bad = await startBadPlayer(gameText('tictactoe'), { kind, atPlay, lateMs: 1800 });
        try {
          const record = await playMatch(
            game,
            plan(0, [0, 1], ['bad', 'random']),
            [{ kind: 'remote', url: bad.url }, { kind: 'random' }],
            clocks(1, 300),
          );
          expect(record.faults).toHaveLength(1);
          expect(record.faults[0]).toMatchObject({ role: 'xplayer', turn: atPlay, kind: fault });
          expect(record.goals.every((g) => typeof g === 'number')).toBe(true);
          // The match went on to its end: a terminal state with every turn's moves recorded.
          expect(record.moves.length).toBeGreaterThanOrEqual(5);
          const legal = new Set([
            'noop',
            ...[1, 2, 3].flatMap((x) => [1, 2, 3].map((y) => `(mark ${x} ${y})`)),
          ]);
          expect(record.moves.flat().every((m) => legal.has(m))).toBe(true);
        } finally {
          await bad.close();
        }
      });
    }
  });

  describe('with gdlkit players', () => {
    const specs = parsePlayerList('gdlkit:backend=prover,iterations=100000,margin=300,random');
    const pool = new PlayerPool(GDLKIT, specs, undefined);
    afterAll(() => pool.close());

    it('records a crash when the player process dies mid-match, and restarts it for the next match', async () => {
      const seating = [0, 1];
      const players = specs.map((s) => s.text);
      const first = await pool.endpoints(plan(0, seating, players));
      const process = pool.running[0]!;
      const match = playMatch(await referee('connectfour'), plan(0, seating, players), first, clocks(2));
      // The player thinks for its whole clock on each move (the prover cannot finish 100,000 simulations).
      setTimeout(() => process.kill(), 3500);
      const crashed = await match;
      expect(crashed.faults).toHaveLength(1);
      expect(crashed.faults[0]).toMatchObject({ role: 'red', kind: 'crash' });
      expect(crashed.faults[0]!.turn).toBeGreaterThanOrEqual(0);
      const second = await pool.endpoints(plan(1, [1, 0], players));
      expect(pool.restarted).toBe(1);
      const record = await playMatch(await referee('tictactoe'), plan(1, [1, 0], players), second, clocks(1));
      expect(record.faults).toEqual([]);
      // The simulations the player logged are in the record, one per move it made.
      const mine = record.simulations.map((turn) => turn[1]);
      expect(mine.every((n) => typeof n === 'number')).toBe(true);
      expect(mine.some((n) => (n ?? 0) > 0)).toBe(true);
      expect(record.thinkMs.map((t) => t[1]).every((ms) => ms > 0 && ms < 2000)).toBe(true);
      // The time since its previous reply covers the PLAY-to-reply time (and what it pondered before).
      record.searchMs.forEach((t, turn) => {
        expect(t[1]).toBeGreaterThanOrEqual(record.thinkMs[turn]![1]!);
      });
      expect(record.searchMs.every((t) => t[0] === 0)).toBe(true);
    });
  });
});

// Issue 20 (run p03c, quad, match 50): a PLAY went unanswered for 415 s against a 301 s limit, and the record
// held nothing else. The manager's own timer had fired 114 s late, so the manager was held up too: the whole
// machine had stalled. Here the player's process is frozen (SIGSTOP) and the manager's event loop blocked for
// longer than the clock and grace, then both go on, as after such a stall.
describe('a stall of the player and the manager together (issue 20)', () => {
  const specs = parsePlayerList('gdlkit:backend=prover,margin=300,random');
  const pool = new PlayerPool(GDLKIT, specs, undefined);
  afterAll(() => pool.close());

  it('records the timeout with the manager stall and what the player logged about the match', async () => {
    const players = specs.map((s) => s.text);
    const endpoints = await pool.endpoints(plan(0, [0, 1], players));
    const pid = pool.running[0]!.pid!;
    const match = playMatch(
      await referee('connectfour'),
      plan(0, [0, 1], players),
      endpoints,
      clocks(1, 300),
    );
    // Once red has logged a move the START is over (a stall during the START, on a loaded machine, would time
    // nothing out); from then on a PLAY to red is almost always outstanding: it searches most of each clock and
    // answers a noop at once.
    await untilLoggedMove(pool.running[0]!, plan(0, [0, 1], players).matchId);
    process.kill(pid, 'SIGSTOP');
    const until = performance.now() + 2500;
    while (performance.now() < until) {
      // The manager is held up as well: its time-limit timer can only fire late.
    }
    // The overdue timer fires at the manager's next timer phase, before this later one; continued at once, the
    // player could get its reply read first, a race that recorded no fault in about 3 runs of 8.
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(pid, 'SIGCONT');
    const record = await match;
    const timeout = record.faults.find((f) => f.kind === 'timeout');
    expect(timeout).toMatchObject({ role: 'red' });
    expect(timeout!.detail).toMatch(/^no reply within 1300 ms \(the manager's own timer ran \d+ ms late/);
    // Only the role with a fault carries its player's log: its START, its moves, and the shell's own account.
    expect(Object.keys(record.playerLogs ?? {})).toEqual(['red']);
    const log = record.playerLogs!.red as { event?: string; match?: string; stalledMs?: number }[];
    expect(log[0]).toMatchObject({ event: 'start', match: record.matchId });
    const stalled = log.find((e) => e.event === 'shell-stalled');
    expect(stalled?.stalledMs).toBeGreaterThanOrEqual(1000);
    expect(log.some((e) => e.event === 'move')).toBe(true);
    // Its worker was not to blame, and is kept.
    expect(log.filter((e) => e.event === 'worker-replaced')).toEqual([]);
    // The match went on to its end after the stall.
    expect(record.goals.every((g) => typeof g === 'number')).toBe(true);
  });
});

/** Resolves once the player has logged a move of the match. */
async function untilLoggedMove(player: PlayerProcess, matchId: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  const moved = (line: unknown) => (line as { event?: string } | null)?.event === 'move';
  while (!player.loggedLines(matchId).some(moved)) {
    if (performance.now() > deadline) throw new Error('the player logged no move within 30 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function clocks(playClock: number, graceMs = 1000) {
  return { startClock: 10, playClock, graceMs };
}
