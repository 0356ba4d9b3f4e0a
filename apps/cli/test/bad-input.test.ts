// Issue 25's reproducers at the command line: every bad input ends in a one-line, located message and the
// documented exit code, never a stack trace or a run without end.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, games, runCli } from './run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gdlkit-bad-input-'));
const tictactoe = join(games, 'tictactoe.kif');
const tictactoeText = readFileSync(tictactoe, 'utf8');

function gameFile(name: string, extra: string): string {
  const file = join(tmp, name);
  writeFileSync(file, `${tictactoeText}\n${extra}\n`);
  return file;
}

function expectOneLine(r: CliResult, code: number, message: RegExp): void {
  expect(r.code).toBe(code);
  expect(r.stderr.trim().split('\n')[0]).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('unboundedly recursive rules', () => {
  const unbounded = gameFile(
    'unbounded.kif',
    '(<= (zzn (s ?x)) (zzn ?x))\n(zzn 0)\n(<= (legal ?r zzmove) (role ?r) (zzn (s (s (s ?x)))))',
  );

  it('check warns naming the rule, and --strict rejects it', async () => {
    const lenient = await runCli(['check', unbounded]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(
      /unbounded\.kif:\d+:\d+: warning\[recursion-restriction\]: in the rule \(<= \(zzn \(s \?x\)\) \(zzn \?x\)\)/,
    );
    expect((await runCli(['check', '--strict', unbounded])).code).toBe(1);
  });

  it('play --backend prover exits 3 with the relation instead of running forever', async () => {
    const r = await runCli(['play', unbounded, '--backend', 'prover', '--seed', '1']);
    expectOneLine(r, 3, /^gdlkit play: the prover's query exceeded its budget .* while proving zzn\/1/);
  });
});

describe('a term nested 3,000 deep', () => {
  it('check reports it located, exit 1', async () => {
    const deep = gameFile('deep.kif', `(zzdeep ${'(f '.repeat(3000)}a${')'.repeat(3000)})`);
    const r = await runCli(['check', deep]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/deep\.kif:\d+:\d+: error\[nesting-depth\]: term nested deeper than 256 levels/);
  });
});

describe('gdlkit replay', () => {
  const record = join(tmp, 'record.jsonl');
  beforeAll(() => runCli(['play', tictactoe, '--backend', 'prover', '--seed', '3', '--trace', record]));
  const lines = () => readFileSync(record, 'utf8').trimEnd().split('\n');
  const variant = (name: string, edit: (lines: string[]) => string[]) => {
    const file = join(tmp, name);
    writeFileSync(file, `${edit(lines()).join('\n')}\n`);
    return file;
  };

  it('rejects a header naming roles the game does not have, at the header line', async () => {
    const file = variant('roles.jsonl', (l) => [l[0]!.replace('"xplayer"', '"zzplayer"'), ...l.slice(1)]);
    const r = await runCli(['replay', tictactoe, file, '--backend', 'prover']);
    expectOneLine(r, 1, /roles\.jsonl:1: the record's header names the roles \(zzplayer oplayer\)/);
  });

  it('rejects moves of a role the game does not have, at the record line and step', async () => {
    const file = variant('moves.jsonl', (l) => [
      l[0]!,
      l[1]!,
      l[2]!.replace('"moves":{', '"moves":{"zz":"noop",'),
    ]);
    const r = await runCli(['replay', tictactoe, file, '--backend', 'prover']);
    expectOneLine(r, 1, /moves\.jsonl:3, step 1: the record has a move for role zz/);
  });

  it('locates an illegal move by record line and step', async () => {
    const file = variant('illegal.jsonl', (l) => [
      ...l.slice(0, 4),
      l[4]!.replace(/"moves":\{"xplayer":"[^"]*"/, '"moves":{"xplayer":"(mark 9 9)"'),
    ]);
    const r = await runCli(['replay', tictactoe, file, '--backend', 'prover']);
    expectOneLine(r, 1, /illegal\.jsonl:5, step 3: illegal move for role xplayer: \(mark 9 9\)/);
  });
});

describe('file errors', () => {
  it('are one line naming the file and the reason', async () => {
    const loop = join(tmp, 'loop-a');
    symlinkSync(join(tmp, 'loop-b'), loop);
    symlinkSync(loop, join(tmp, 'loop-b'));
    expectOneLine(await runCli(['check', join(tictactoe, 'x.kif')]), 1, /cannot read .*x\.kif: ENOTDIR/);
    expectOneLine(await runCli(['check', loop]), 1, /cannot read .*loop-a: ELOOP/);
    expectOneLine(await runCli(['check', join(tmp, `${'a'.repeat(300)}.kif`)]), 1, /: ENAMETOOLONG/);
    const trace = join(tictactoe, 'out.jsonl');
    const r = await runCli(['play', tictactoe, '--backend', 'prover', '--seed', '1', '--trace', trace]);
    expectOneLine(r, 1, /cannot write .*out\.jsonl: ENOTDIR/);
  });
});

describe('numeric options', () => {
  it('are range-checked with exit 2', async () => {
    const play = (...extra: string[]) =>
      runCli(['play', tictactoe, '--backend', 'prover', '--seed', '1', ...extra]);
    expect((await play('--max-steps=-5')).stderr).toMatch(/--max-steps must be from 1 to 1000000, got '-5'/);
    expect((await play('--seed', '12345678901234567890')).stderr).toMatch(
      /--seed must be from 0 to 4294967295/,
    );
    expect((await play('--matches', '1.5')).code).toBe(2);
    expect((await runCli(['demo', '--seconds', 'Infinity'])).code).toBe(2);
  });
});

describe('commands that read the games/ folder, run outside the repository', () => {
  // Regression: bench and golden printed "internal error" and a stack trace.
  const outside = mkdtempSync(join(tmpdir(), 'gdlkit-no-corpus-'));
  const env = { ...process.env };
  delete env.GDLKIT_GAMES;
  for (const args of [
    ['bench', '--games', 'tictactoe', '--seconds', '0.1'],
    ['golden', 'tictactoe.kif'],
  ]) {
    it(`${args[0]} says where it looked and what to set, exit 1`, async () => {
      const r = await runCli(args, outside, env);
      expectOneLine(r, 1, /cannot find gdlkit's games\/ folder .* set GDLKIT_GAMES/);
      expect(r.stderr).toContain(outside);
    });
  }
});
