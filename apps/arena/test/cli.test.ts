// `gdlkit arena` as a user runs it: a child process of the built CLI.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '@gdlkit/vitest-config/child';
import { afterAll, describe, expect, it } from 'vitest';
import { type MatchRecord, readRecords, type Summary } from '../src/index.js';
import { CLI_MAIN, gameFile } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'gdlkit-arena-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function arena(args: string[]) {
  return runNode([CLI_MAIN, 'arena', ...args], { timeout: 240_000 });
}

/** Linux: the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^[0-9]+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function records(dir: string): MatchRecord[] {
  return readRecords(readFileSync(join(dir, 'matches.jsonl'), 'utf8')).records;
}

describe('gdlkit arena: bad input is refused before anything runs', () => {
  const cases: [string, string[], number, RegExp][] = [
    ['an unknown SPEC key', ['--players', 'gdlkit:polcy=nst,random'], 2, /unknown key 'polcy'/],
    ['an unknown player', ['--players', 'alphazero,random'], 2, /unknown player 'alphazero'/],
    // Regression: it ran, and its summary scored every self-played match as a win (100 %).
    ['one SPEC for two roles', ['--players', 'random'], 2, /one SPEC for 2 player roles would play itself/],
    ['an unreachable http player', ['--players', 'http://127.0.0.1:9,random'], 1, /not reachable/],
    [
      '--matches 0',
      ['--players', 'random,random', '--matches', '0'],
      2,
      /--matches must be from 1 to 1000000/,
    ],
    ['a bad clock', ['--players', 'random,random', '--play=-1'], 2, /--play must be above 0 to 86400/],
    [
      'a 20-digit seed',
      ['--players', 'random,random', '--seed', '12345678901234567890'],
      2,
      /--seed must be from 0/,
    ],
    ['a bad queue URL', ['--players', 'random,random', '--queue', 'http://x'], 2, /redis:\/\//],
  ];
  for (const [what, args, code, message] of cases) {
    it(what, async () => {
      const out = join(scratch, `bad-${code}-${what.replace(/\W+/g, '-')}`);
      const full = [gameFile('tictactoe'), '--matches', '2', ...args, '--out', out];
      const r = await arena(full);
      expect(r.code, r.stderr).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(out)).toBe(false);
    });
  }

  it('a game that fails validation', async () => {
    const file = join(scratch, 'broken.kif');
    writeFileSync(file, '(role white) (<= (legal white ?m) (foo ?x))');
    const out = join(scratch, 'broken-out');
    const r = await arena([file, '--players', 'random', '--matches', '1', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/invalid game description/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('gdlkit arena: a run', () => {
  it('rotates the roles, writes matches.jsonl, summary.json and the chart, and prints the table', async () => {
    const out = join(scratch, 'run');
    const svg = join(scratch, 'run.svg');
    const r = await arena([
      gameFile('tictactoe'),
      '--players',
      'gdlkit:iterations=50,random',
      '--matches',
      '4',
      // A START clock no load average reaches: this test is about rotation and outputs, not set-up speed.
      '--start',
      '60',
      '--out',
      out,
      '--svg',
      svg,
      '--seed',
      '5',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const all = records(out);
    expect(all.map((m) => m.index).sort()).toEqual([0, 1, 2, 3]);
    for (const spec of [0, 1]) {
      for (const role of [0, 1]) expect(all.filter((m) => m.seating[role] === spec)).toHaveLength(2);
    }
    const record = all[0]!;
    expect(Object.keys(record)).toEqual(
      expect.arrayContaining([
        'game',
        'seed',
        'players',
        'roles',
        'goals',
        'faults',
        'moves',
        'simulations',
        'thinkMs',
        'wallMs',
      ]),
    );
    const gdlkitRole = record.seating.indexOf(0);
    const ownMoves = record.simulations.map((t) => t[gdlkitRole]).filter((n) => n !== 0);
    expect(ownMoves.length).toBeGreaterThan(0);
    expect(ownMoves.every((n) => n === 50)).toBe(true);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    expect(summary.matches).toBe(4);
    expect(summary.players.map((p) => p.spec)).toEqual(['gdlkit:iterations=50', 'random']);
    const [me, them] = summary.players;
    expect(me!.wins + me!.draws + me!.losses).toBe(4);
    expect(me!.meanScore + them!.meanScore).toBeCloseTo(100, 5);
    expect(me!.ci95[0]).toBeLessThanOrEqual(me!.meanScore);
    expect(me!.ci95[1]).toBeGreaterThanOrEqual(me!.meanScore);
    expect(me!.simulationsPerMove).toBe(50);
    expect(me!.simulationsPerSecond).toBeGreaterThan(0);
    expect(them!.simulationsPerMove).toBeNull();
    expect(r.stdout).toMatch(/tictactoe: 4 matches/);
    expect(r.stdout).toMatch(/gdlkit:iterations=50\s+4/);
    expect(r.stderr).toMatch(/4\/4 matches/);
    expect(readFileSync(svg, 'utf8')).toMatch(/^<svg/);
  });

  it("rates a pondering player's simulations over the time since its previous reply", async () => {
    const out = join(scratch, 'ponder');
    const r = await arena([
      gameFile('tictactoe'),
      '--players',
      'gdlkit,random',
      '--matches',
      '2',
      '--start',
      '60',
      '--play',
      '1',
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    let sims = 0;
    let searched = 0;
    for (const m of records(out)) {
      m.simulations.forEach((turn, t) => {
        turn.forEach((n, role) => {
          if (m.seating[role] !== 0 || n === null || n === 0) return;
          sims += n;
          searched += m.searchMs[t]![role]!;
        });
      });
    }
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    expect(searched).toBeGreaterThan(0);
    expect(summary.players[0]!.simulationsPerSecond).toBe(Math.round((sims * 1000) / searched));
  });

  it('ends an interrupted run (SIGINT) with a one-line message, no stack trace, and what was recorded kept', async () => {
    const out = join(scratch, 'interrupt');
    const args = [gameFile('tictactoe'), '--players', 'gdlkit:backend=prover,random', '--iterations', '400'];
    const child = spawn(
      process.execPath,
      [CLI_MAIN, 'arena', ...args, '--matches', '6', '--jobs', '1', '--out', out],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (d) => {
      stderr += String(d);
    });
    const matches = join(out, 'matches.jsonl');
    const started = Date.now();
    while (!(existsSync(matches) && readFileSync(matches, 'utf8').split('\n').length > 1)) {
      if (Date.now() - started > 120_000) throw new Error('no match recorded within 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/interrupted/);
    expect(stderr).toMatch(/matches recorded; run the same command to resume/);
    expect(stderr).not.toMatch(/internal error|MatchAbortedError|\n\s+at /);
    expect(records(out).length).toBeGreaterThanOrEqual(1);
  });

  it('resumes after a kill: a match is recorded whole or played again, never twice', async () => {
    const out = join(scratch, 'resume');
    const args = [
      gameFile('tictactoe'),
      '--players',
      'gdlkit:backend=prover,random',
      '--iterations',
      '400',
      '--matches',
      '6',
      '--jobs',
      '1',
      '--out',
      out,
    ];
    const child: ChildProcess = spawn(process.execPath, [CLI_MAIN, 'arena', ...args], { stdio: 'ignore' });
    const matches = join(out, 'matches.jsonl');
    const started = Date.now();
    while (!(existsSync(matches) && readFileSync(matches, 'utf8').split('\n').length > 2)) {
      if (Date.now() - started > 120_000) throw new Error('no match recorded within 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const players = childrenOf(child.pid!);
    expect(players.length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // Its gdlkit serve players notice that their parent is gone (their stdin closes) and stop.
    const killed = Date.now();
    while (players.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() - killed < 5000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(players.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
    const before = records(out);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeLessThan(6);
    // A write cut short by the kill: half a line at the end of the file.
    appendFileSync(matches, '{"game":"tictactoe","seed":1,"ind');
    const r = await arena(args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`resuming .*${before.length} of 6 matches already recorded`));
    const after = records(out);
    expect(after.map((m) => m.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(readFileSync(matches, 'utf8').trim().split('\n')).toHaveLength(6);
    for (const m of before) expect(after.find((a) => a.index === m.index)).toEqual(m);
    const other = await arena([...args.slice(0, -4), '--seed', '9', '--out', out]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/holds a run with other settings/);
  });
});
