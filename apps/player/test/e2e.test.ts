import { describe, expect, it } from 'vitest';
import { expectWellFormed, gameText, playerForTests, rulesList, runMatch, send } from './manager.js';

// The prover by default (the reference); the config sends match ids starting with "auto" to `auto`, and
// those starting with "native" and "wasm" to the engines that run the batched simulations in their own loop.
const player = playerForTests({
  backend: 'prover',
  config: { games: { auto: 'auto', native: 'native', wasm: 'propnet-wasm' } },
  search: { seed: 3 },
});

function events(): { event: string; level: string; [k: string]: unknown }[] {
  return player.logs.map((l) => JSON.parse(l));
}

describe('GGP protocol over loopback HTTP', () => {
  it('answers INFO, PREVIEW, OPTIONS and GET', async () => {
    const info = await send(player.url, '(INFO)');
    expectWellFormed(info);
    expect(info.body).toBe('((name gdlkit) (status available))');
    const preview = await send(player.url, `(preview ${rulesList(gameText('tictactoe.kif'))} 10)`);
    expect(preview.body).toBe('ready');
    const options = await send(player.url, '', 'OPTIONS');
    expectWellFormed(options);
    // ggp-base's PingRequest answers with the bare status; older Tiltyard schedulers required it.
    expect((await send(player.url, '(ping)')).body).toBe('available');
    const get = await send(`${player.url}?${encodeURIComponent('(info)')}`, '', 'GET');
    expect(get.body).toBe('((name gdlkit) (status available))');
    const response = await fetch(player.url, { method: 'OPTIONS' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('gives malformed messages, unknown matches and invalid games a well-formed reply and stays available', async () => {
    for (const bad of [
      '',
      '(play',
      'hello',
      ')(',
      '(start m1 x)',
      '(frobnicate 1)',
      '(play m1 1 2 3 4 5)',
      '((a))',
    ]) {
      const reply = await send(player.url, bad);
      expectWellFormed(reply);
      expect(reply.body, bad).toMatch(/^\(error /);
    }
    expect((await send(player.url, '(play nosuchmatch nil)')).body).toMatch(
      /^\(error "unknown match nosuchmatch/,
    );
    expect((await send(player.url, '(stop nosuchmatch nil)')).body).toMatch(/^\(error /);
    expect((await send(player.url, '(abort nosuchmatch)')).body).toMatch(/^\(error /);
    const invalid = await send(
      player.url,
      '(start bad1 white ((role white) (<= (legal white ?m) (foo ?x))) 10 5)',
    );
    expectWellFormed(invalid);
    expect(invalid.body).toMatch(/^\(error "invalid game description/);
    const norole = await send(player.url, `(start bad2 purple ${rulesList(gameText('tictactoe.kif'))} 10 5)`);
    expect(norole.body).toMatch(/^\(error /);
    const badClock = await send(
      player.url,
      `(start bad3 xplayer ${rulesList(gameText('tictactoe.kif'))} soon 5)`,
    );
    expect(badClock.body).toMatch(/^\(error /);
    expect((await send(player.url, '(info)')).body).toBe('((name gdlkit) (status available))');
    const logged = events().map((e) => e.event);
    expect(logged).toContain('malformed-message');
    expect(logged).toContain('unknown-match');
    expect(logged).toContain('invalid-game');
  });

  it('plays tictactoe legally, busy to a second START, and ABORT ends a match', async () => {
    const result = runMatch(player.url, {
      file: 'tictactoe.kif',
      matchId: 'ttt.1',
      role: 0,
      startClock: 2,
      playClock: 1,
      seed: 11,
    });
    // While the match runs, another START is refused and INFO says busy.
    await new Promise((r) => setTimeout(r, 300));
    const second = await send(
      player.url,
      `(start other.1 oplayer ${rulesList(gameText('tictactoe.kif'))} 5 5)`,
    );
    expect(second.body).toBe('busy');
    expect((await send(player.url, '(info)')).body).toBe('((name gdlkit) (status busy))');
    expect((await send(player.url, '(ping)')).body).toBe('busy');
    // PLAY, STOP and ABORT naming another match get an error reply, also while a match runs.
    expect((await send(player.url, '(abort other.1)')).body).toMatch(
      /^\(error "unknown match other.1: the current match is ttt.1"\)$/,
    );
    const { moves, goals } = await result;
    expect(moves).toBeGreaterThanOrEqual(5);
    expect(goals).toHaveLength(2);
    expect((await send(player.url, '(info)')).body).toBe('((name gdlkit) (status available))');
    const start = await send(player.url, `(start ttt.2 oplayer ${rulesList(gameText('tictactoe.kif'))} 1 1)`);
    expect(start.body).toBe('ready');
    expect((await send(player.url, '(abort ttt.2)')).body).toBe('aborted');
    expect((await send(player.url, '(info)')).body).toBe('((name gdlkit) (status available))');
  });

  // On loaded cores (load 12 on 2) the shell and its worker each wait tens to hundreds of milliseconds to be
  // scheduled: a 0.3 s START is then answered `ready` at its 225 ms guard before its worker is (the first PLAYs
  // may be nil: slow-setup.test.ts), and a 0.3 s PLAY's reply came up to 458 ms after it was sent.
  // So the START gets a clock the worker can meet, and the replies ggp-base's grace. What is checked keeps its
  // meaning: every reply well-formed and legal (never nil), and in time for ggp-base's manager.
  it('replies in time with a legal move when the play clock is shorter than the safety margin', async () => {
    const { slowest } = await runMatch(player.url, {
      file: 'tictactoe.kif',
      matchId: 'ttt.short',
      role: 1,
      startClock: 2,
      playClock: 0.3,
      graceMs: 1000,
      seed: 5,
    });
    expect(slowest).toBeLessThan(1300);
    expect(events().map((e) => e.event)).toContain('clock-too-short');
  });

  it('plays a full connect four match with short clocks', async () => {
    const { moves } = await runMatch(player.url, {
      file: 'connectfour.kif',
      matchId: 'c4.1',
      role: 1,
      startClock: 2,
      playClock: 0.7,
      seed: 2,
    });
    expect(moves).toBeGreaterThan(6);
    const searched = events().filter((e) => e.event === 'move' && e.match === 'c4.1');
    expect(searched.some((e) => (e.simulations as number) > 0)).toBe(true);
  }, 45_000);

  for (const [prefix, backend] of [
    ['native', 'native'],
    ['wasm', 'propnet-wasm'],
  ] as const) {
    it(`plays connect four legally and in time with batched simulations on ${backend}`, async () => {
      const matchId = `${prefix}.c4`;
      const { moves, slowest } = await runMatch(player.url, {
        file: 'connectfour.kif',
        matchId,
        role: 0,
        // Generous: building the WebAssembly module takes seconds on a loaded machine.
        startClock: 20,
        playClock: 2,
        seed: 4,
      });
      expect(moves).toBeGreaterThan(6);
      expect(slowest).toBeLessThan(2000);
      const choice = events().find((e) => e.event === 'backend' && e.match === matchId);
      expect(choice?.backend).toBe(backend);
      const searched = events().filter((e) => e.event === 'move' && e.match === matchId);
      expect(searched.some((e) => (e.simulations as number) > 64)).toBe(true);
    }, 90_000);
  }

  it('chooses a backend with auto within the start clock, checked against the prover', async () => {
    await runMatch(player.url, {
      file: 'tictactoe.kif',
      matchId: 'auto.ttt',
      role: 0,
      startClock: 6,
      playClock: 1,
      seed: 8,
    });
    const choice = events().find((e) => e.event === 'backend' && e.match === 'auto.ttt');
    expect(choice?.reason).toMatch(/^auto/);
  }, 30_000);

  it('plays Monty Hall as GDL-II in both message forms, tracking knowledge from percepts', async () => {
    for (const [i, form] of (['dresden', 'percepts'] as const).entries()) {
      const { moves, playerMoves } = await runMatch(player.url, {
        file: 'montyhall.kif',
        matchId: `monty.${form}`,
        role: 0,
        startClock: 2,
        playClock: 1,
        seed: 20 + i,
        gdl2Form: form,
      });
      expect(moves).toBe(3);
      expect(playerMoves[1]).toBe('noop');
    }
    const knowledge = events().filter((e) => e.event === 'knowledge-incomplete' || e.event === 'lost-track');
    expect(knowledge).toEqual([]);
    // The moves played after the first turn came from the filter's known legal moves (Thielscher 2013).
    const filtered = events().filter(
      (e) => e.event === 'filter-knowledge' && String(e.match).startsWith('monty.'),
    );
    expect(filtered.length).toBeGreaterThanOrEqual(4);
    expect(events().filter((e) => e.event === 'filter-failed')).toEqual([]);
  });
});
