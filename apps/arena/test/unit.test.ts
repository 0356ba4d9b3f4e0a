import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bootstrapMean,
  matchSeed,
  parsePlayerList,
  parsePlayerSpec,
  planJobs,
  readRecords,
  rolePoints,
  rulesList,
  SpecError,
  seatings,
  specPoints,
  summarise,
  summaryTable,
  wilson,
} from '../src/index.js';

describe('seatings (role rotation)', () => {
  const countPerRole = (all: readonly (readonly number[])[], specs: number, roles: number) =>
    Array.from({ length: specs }, (_, s) =>
      Array.from({ length: roles }, (_, r) => all.filter((seat) => seat[r] === s).length),
    );

  it('two SPECs on two roles: both orders', () => {
    expect(seatings(2, 2)).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it("two SPECs on three roles: paper 03's six configurations, each SPEC three times in each role", () => {
    const all = seatings(2, 3);
    expect(all).toHaveLength(6);
    expect(all).not.toContainEqual([0, 0, 0]);
    expect(all).not.toContainEqual([1, 1, 1]);
    expect(countPerRole(all, 2, 3)).toEqual([
      [3, 3, 3],
      [3, 3, 3],
    ]);
  });

  it('three SPECs on three roles: the six permutations; three SPECs on two roles: every ordered pair', () => {
    expect(seatings(3, 3)).toHaveLength(6);
    expect(countPerRole(seatings(3, 3), 3, 3).flat()).toEqual(new Array(9).fill(2));
    const pairs = seatings(3, 2);
    expect(pairs).toHaveLength(6);
    expect(pairs.every(([a, b]) => a !== b)).toBe(true);
  });

  it('one SPEC plays itself; four roles rotate', () => {
    expect(seatings(1, 2)).toEqual([[0, 0]]);
    const four = seatings(2, 4);
    expect(four).toHaveLength(4);
    expect(countPerRole(four, 2, 4)).toEqual([
      [2, 2, 2, 2],
      [2, 2, 2, 2],
    ]);
  });
});

describe('scores (paper 03, section 6)', () => {
  it('a win is 1, a draw ½ each, a three-way tie ⅓, two sharing the top ½ each', () => {
    expect(rolePoints([100, 0])).toEqual([1, 0]);
    expect(rolePoints([50, 50])).toEqual([0.5, 0.5]);
    expect(rolePoints([20, 20, 20]).map((x) => x.toFixed(3))).toEqual(['0.333', '0.333', '0.333']);
    expect(rolePoints([100, 100, 0])).toEqual([0.5, 0.5, 0]);
    expect(rolePoints([null, 0])).toEqual([0.5, 0.5]);
    expect(rolePoints([[0, 100], 50])).toEqual([1, 0]);
    expect(rolePoints([75])).toEqual([0.75]);
  });

  it("a SPEC's points sum over its roles; the manager's random role takes no share", () => {
    expect(specPoints([100, 0, 0], [0, 1, 0], 0)).toEqual({ points: 1, outcome: 'win' });
    expect(specPoints([0, 100, 0], [0, 1, 0], 0)).toEqual({ points: 0, outcome: 'loss' });
    expect(specPoints([50, 50], [0, 1], 1)).toEqual({ points: 0.5, outcome: 'draw' });
    expect(specPoints([100, 100], [0, -1], 0)).toEqual({ points: 1, outcome: 'win' });
    expect(specPoints([0, 100], [0, -1], 0)).toEqual({ points: 0, outcome: 'loss' });
    expect(specPoints([100, 0], [0, 0], 1)).toBeNull();
  });
});

describe('intervals', () => {
  it("Wilson's interval matches hand-computed values", () => {
    const [lo, hi] = wilson(8, 10);
    expect(lo).toBeCloseTo(0.4902, 3);
    expect(hi).toBeCloseTo(0.9433, 3);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
  });

  it('the bootstrap brackets the mean, narrows with more matches, and repeats', () => {
    const values = Array.from({ length: 200 }, (_, i) => [0, 0.5, 1][i % 3]!);
    const [lo, hi] = bootstrapMean(values);
    expect(lo).toBeLessThan(0.5);
    expect(hi).toBeGreaterThan(0.5);
    expect(hi - lo).toBeLessThan(0.2);
    const few = bootstrapMean(values.slice(0, 20));
    expect(few[1] - few[0]).toBeGreaterThan(hi - lo);
    expect(bootstrapMean(values)).toEqual([lo, hi]);
  });
});

describe('player SPECs', () => {
  it('reads random, gdlkit with keys, and http players', () => {
    const [a, b, c] = parsePlayerList(
      'random,gdlkit:policy=mast,decay=0.2,backend=propnet,http://127.0.0.1:9147',
    );
    expect(a).toEqual({ kind: 'random', text: 'random' });
    expect(b).toMatchObject({
      kind: 'gdlkit',
      text: 'gdlkit:policy=mast,decay=0.2,backend=propnet',
      config: { default: 'propnet', search: { policy: 'mast', decay: 0.2 } },
    });
    expect(c).toMatchObject({ kind: 'http', url: 'http://127.0.0.1:9147/' });
    expect(parsePlayerList('gdlkit,gdlkit:iterations=50').map((s) => s.text)).toEqual([
      'gdlkit',
      'gdlkit:iterations=50',
    ]);
  });

  it('names the SPEC and the problem for bad keys and values', () => {
    expect(() => parsePlayerSpec('gdlkit:polcy=nst')).toThrow(/unknown key 'polcy' \(known: backend, margin/);
    expect(() => parsePlayerSpec('gdlkit:decay=1.5')).toThrow(/decay must be a number in \[0, 1\]/);
    expect(() => parsePlayerSpec('gdlkit:policy=greedy')).toThrow(/policy must be one of nst, mast, random/);
    expect(() => parsePlayerSpec('gdlkit:iterations')).toThrow(/not a key=value pair/);
    expect(() => parsePlayerSpec('alphazero')).toThrow(SpecError);
    expect(() => parsePlayerSpec('http://localhost')).toThrow(/give the port/);
  });
});

describe('fair time', () => {
  it('lowers the jobs so that jobs × thinking players fit the cores, and says so', () => {
    expect(planJobs(undefined, 2, false, 2)).toEqual({ jobs: 1, notes: [] });
    expect(planJobs(undefined, 0, false, 2).jobs).toBe(2);
    const lowered = planJobs(4, 2, false, 4);
    expect(lowered.jobs).toBe(2);
    expect(lowered.notes[0]).toMatch(/running 2 matches at a time instead of 4/);
    expect(planJobs(2, 1, true, 8).jobs).toBe(1);
    expect(planJobs(1, 3, false, 2).notes.join()).toMatch(/share 2 cores/);
  });
});

describe('matches.jsonl', () => {
  it('keeps whole lines only and the first record of a match', () => {
    const line = (index: number) => JSON.stringify({ index, goals: [100, 0] });
    const text = `${line(0)}\n${line(1)}\n${line(0)}\n{"index": 2, "goa`;
    const { records, validBytes } = readRecords(text);
    expect(records.map((r) => r.index)).toEqual([0, 1]);
    expect(validBytes).toBe(text.lastIndexOf('\n') + 1);
  });

  it('derives distinct match seeds from the run seed', () => {
    const seeds = new Set(Array.from({ length: 1000 }, (_, i) => matchSeed(1, i)));
    expect(seeds.size).toBe(1000);
    expect(matchSeed(1, 5)).toBe(matchSeed(1, 5));
    expect(matchSeed(2, 5)).not.toBe(matchSeed(1, 5));
  });
});

describe('rules sent with START', () => {
  it('keeps the closing parenthesis when the file ends in a comment without a newline (ttcc4_2player_alt.kif)', () => {
    const text = readFileSync(new URL('../../../games/ttcc4_2player_alt.kif', import.meta.url), 'utf8');
    expect(text.endsWith(';')).toBe(true);
    const rules = rulesList(text);
    expect(rules.startsWith('((role ')).toBe(true);
    expect(rulesList('(role a) ; last')).toBe('((role a))');
  });
});

describe('simulations per second in the summary', () => {
  // One match: role 0 searched 1,000 simulations for its move, replied 100 ms after PLAY, 400 ms after its
  // previous reply (it pondered meanwhile).
  const record = {
    index: 0,
    goals: [100, 0],
    seating: [0, 1],
    roles: ['a', 'b'],
    faults: [],
    simulations: [[1000, null]],
    thinkMs: [[100, 0]],
    searchMs: [[400, 0]],
  } as unknown as Parameters<typeof summarise>[2][number];

  it('counts the time since the previous reply for a pondering player, the PLAY-to-reply time otherwise', () => {
    expect(
      summarise('g', ['gdlkit', 'random'], [record], [true, false]).players[0]!.simulationsPerSecond,
    ).toBe(2500);
    expect(
      summarise('g', ['gdlkit', 'random'], [record], [false, false]).players[0]!.simulationsPerSecond,
    ).toBe(10000);
  });
});

describe('the median of the per-move simulation rates in the summary', () => {
  // Hand-made matches shaped like a checkers match: the player's middle-game moves search about 3,500
  // simulations a second, its end-game moves hundreds of thousands (their simulations are trivially short).
  const match = (
    index: number,
    seating: number[],
    moves: [simulations: number | null, thinkMs: number, searchMs: number][],
  ) =>
    ({
      index,
      goals: [50, 50],
      seating,
      roles: ['a', 'b'],
      faults: [],
      // The gdlkit player's role is the one SPEC 0 sits in; the other role reports nothing.
      simulations: moves.map(([n]) => (seating[0] === 0 ? [n, null] : [null, n])),
      thinkMs: moves.map(([, ms]) => (seating[0] === 0 ? [ms, 0] : [0, ms])),
      searchMs: moves.map(([, , ms]) => (seating[0] === 0 ? [ms, 0] : [0, ms])),
    }) as unknown as Parameters<typeof summarise>[2][number];
  const records = [
    match(
      0,
      [0, 1],
      [
        [3500, 1000, 1000],
        [3400, 1000, 2000],
        [0, 1000, 1000], // no choice: not a search
        [570_000, 1000, 1000],
      ],
    ),
    match(
      1,
      [1, 0],
      [
        [3600, 1000, 1200],
        [null, 1000, 1000], // not reported
        [3500, 0, 0], // no time measured: no rate of its own, still in the sum
        [150_000, 1000, 3000],
      ],
    ),
  ];

  it('is the median of simulations over search time per move, beside the sum over sum', () => {
    const [me, them] = summarise('g', ['gdlkit', 'random'], records, [false, false]).players;
    // Rates 3,500, 3,400, 570,000, 3,600 and 150,000 a second: the median is 3,600.
    expect(me!.medianSimulationsPerSecond).toBe(3600);
    // The sum over sum: 734,000 simulations in 5 s.
    expect(me!.simulationsPerSecond).toBe(146_800);
    expect(me!.simulationsPerMove).toBe(3550);
    expect(them!.medianSimulationsPerSecond).toBeNull();
    const table = summaryTable(summarise('g', ['gdlkit', 'random'], records, [false, false]));
    const [, header, mine, theirs] = table.split('\n');
    expect(
      header!
        .trim()
        .split(/\s{2,}/)
        .slice(-3),
    ).toEqual(['sims/move', 'sims/s', 'median sims/s']);
    expect(mine!.trim().split(/\s+/).slice(-3)).toEqual(['3550', '146800', '3600']);
    expect(theirs!.trim().split(/\s+/).slice(-3)).toEqual(['-', '-', '-']);
  });

  it("takes a pondering player's time since its previous reply, as the sum over sum does", () => {
    const [me] = summarise('g', ['gdlkit', 'random'], records, [true, false]).players;
    // Rates 3,500, 1,700, 570,000, 3,000 and 50,000: the median is 3,500; the sum over sum 734,000 in 8.2 s.
    expect(me!.medianSimulationsPerSecond).toBe(3500);
    expect(me!.simulationsPerSecond).toBe(89_512);
  });
});
