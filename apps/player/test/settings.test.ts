import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, GgpPlayer, PLAYER_KEYS, parsePlayerConfig, settingsFromPairs } from '../src/index.js';
import { runMatch } from './manager.js';

describe('player settings: one table for the config file and arena SPECs', () => {
  it('reads the search section and margin of a config file', () => {
    const config = parsePlayerConfig(
      '{"default": "prover", "marginMs": 300, "search": {"policy": "mast", "decay": 0.2, "iterations": 40}}',
    );
    expect(config.search).toEqual({ policy: 'mast', decay: 0.2, iterations: 40 });
    expect(config.marginMs).toBe(300);
  });

  it('refuses unknown keys and out-of-range values, naming them', () => {
    expect(() => parsePlayerConfig('{"search": {"polcy": "nst"}}')).toThrow(
      /unknown key 'polcy' in "search"/,
    );
    expect(() => parsePlayerConfig('{"search": {"decay": 2}}')).toThrow(
      /"decay" must be a number in \[0, 1\]/,
    );
    expect(() => parsePlayerConfig('{"search": {"iterations": 0.5}}')).toThrow(ConfigError);
    expect(() => parsePlayerConfig('{"policy": "nst"}')).toThrow(/unknown key 'policy'/);
    expect(() => parsePlayerConfig('{"search": 3}')).toThrow(/"search" must be an object/);
  });

  it('reads key=value pairs with the same checks, and documents every key', () => {
    const fail = (reason: string) => new Error(reason);
    expect(
      settingsFromPairs(
        [
          ['backend', 'propnet'],
          ['margin', '250'],
          ['policy', 'nst'],
          ['ponder', 'false'],
        ],
        fail,
      ),
    ).toEqual({ top: { default: 'propnet', marginMs: 250 }, search: { policy: 'nst', ponder: false } });
    expect(() => settingsFromPairs([['exploration', 'lots']], fail)).toThrow(/exploration must be a number/);
    expect(PLAYER_KEYS.every((k) => k.doc.length > 10)).toBe(true);
  });
});

describe('a fixed simulation budget per move (search.iterations)', () => {
  const logs: string[] = [];
  let player: GgpPlayer;
  let url: string;

  beforeAll(async () => {
    player = new GgpPlayer({
      port: 0,
      backend: 'prover',
      config: { search: { iterations: 30 } },
      logSink: (line) => logs.push(line),
    });
    url = (await player.listen()).url;
  });
  afterAll(() => player.close());

  it('runs exactly that many simulations for every move with a choice, and draws per-match random numbers', async () => {
    const plan = { file: 'tictactoe.kif', role: 0, startClock: 10, playClock: 20, seed: 1 };
    const first = await runMatch(url, { ...plan, matchId: 'budget.1' });
    const second = await runMatch(url, { ...plan, matchId: 'budget.2' });
    const moves = logs
      .map((l) => JSON.parse(l))
      .filter((e) => e.event === 'move' && String(e.match).startsWith('budget'));
    const withChoice = moves.filter((e) => e.move !== 'noop');
    expect(withChoice.length).toBeGreaterThan(4);
    expect(withChoice.every((e) => e.simulations === 30)).toBe(true);
    // Far from the 20 s clock: the budget, not the clock, ended each search.
    expect(first.slowest).toBeLessThan(10_000);
    // Same opponent seed, different match ids: the player's own choices differ somewhere.
    expect(first.playerMoves).not.toEqual(second.playerMoves);
  });
});
