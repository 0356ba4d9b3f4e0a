import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games, runCli } from './run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gdlkit-cli-'));

describe('gdlkit usage', () => {
  it('prints usage and exits 2 without a command', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/usage: gdlkit <command>/);
  });

  it('exits 2 on an unknown command or option', async () => {
    expect((await runCli(['frobnicate'])).code).toBe(2);
    const r = await runCli(['check', '--frob', join(games, 'tictactoe.kif')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/usage: gdlkit check/);
  });

  it('exits 2 when a required option is missing', async () => {
    const r = await runCli(['play', join(games, 'tictactoe.kif'), '--backend', 'prover']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing --seed/);
  });

  // Start-up time itself is measured in docs, not here (a loaded machine can take seconds to spawn node); this
  // bound only catches a start-up that loads every backend eagerly (binaryen alone takes seconds).
  it('starts without loading the backends', async () => {
    const t0 = performance.now();
    expect((await runCli(['--help'])).code).toBe(0);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });
});

describe('gdlkit check', () => {
  it('accepts a valid game', async () => {
    const r = await runCli(['check', join(games, 'tictactoe.kif')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/tictactoe\.kif: valid \(0 errors/);
  });

  it('is lenient by default and applies the specification with --strict', async () => {
    const lenient = await runCli(['check', join(games, 'transit.kif')]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/transit\.kif:180:5: warning\[next-in-sees\]/);
    const strict = await runCli(['check', '--strict', join(games, 'transit.kif')]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/transit\.kif:180:5: error\[next-in-sees\]/);
  });

  it('reports a syntax error with file:line:column and exits 1', async () => {
    const file = join(tmp, 'broken.kif');
    writeFileSync(file, '(role x)\n(init (p 1))\n(<= terminal (true (p 1))\n');
    const r = await runCli(['check', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${file}:3:1: error[syntax]`);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('writes JSON diagnostics with --json', async () => {
    const file = join(tmp, 'unsafe.kif');
    writeFileSync(
      file,
      '(role x)\n(init (p 1))\n(<= (legal x (m ?y)) (true (p 1)))\n(<= terminal (true (p 2)))\n',
    );
    const r = await runCli(['check', '--json', file]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      valid: boolean;
      diagnostics: { code: string; span: { line: number } }[];
    }[];
    expect(report[0]!.valid).toBe(false);
    expect(report[0]!.diagnostics.some((d) => d.span.line === 3)).toBe(true);
  });

  it('says which file it cannot read, without a stack trace', async () => {
    const r = await runCli(['check', join(tmp, 'missing.kif')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot read .*missing\.kif: ENOENT/);
  });
});

describe('gdlkit backends and play', () => {
  it('lists every backend with its availability', async () => {
    const r = await runCli(['backends']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain('auto available');
    for (const line of lines) expect(line).toMatch(/^\S+ (available|unavailable: .+)$/);
  });

  it('exits 1 naming the registered backends when the backend is unknown', async () => {
    const r = await runCli(['play', join(games, 'tictactoe.kif'), '--backend', 'nope', '--seed', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown backend 'nope'; registered backends: .*auto/);
  });

  it('exits 1 on a malformed match record', async () => {
    const record = join(tmp, 'bad.jsonl');
    writeFileSync(record, '{"step": 0, "state": []}\n{not json\n');
    const r = await runCli(['replay', join(games, 'tictactoe.kif'), record, '--backend', 'auto']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad\.jsonl:2: not valid JSON/);
  });

  it('writes errorMessage in the perf result when the backend is unknown', async () => {
    const result = join(tmp, 'perf.txt');
    const r = await runCli(['perf', join(games, 'tictactoe.kif'), result, '1', '--backend', 'nope']);
    expect(r.code).toBe(1);
    expect(readFileSync(result, 'utf8')).toMatch(/^version=gdlkit-.*\nerrorMessage=unknown backend 'nope'/);
  });
});

describe('gdlkit analyse', () => {
  const quarto = join(games, 'quarto.kif');
  const proved = (stdout: string) =>
    (
      JSON.parse(stdout) as {
        results: { property: string; status: string; method?: string; jointlyWith?: string[] }[];
      }
    ).results.filter((r) => r.status === 'proved');

  it('--all-unique proves quarto’s two turn controls jointly, naming the partners', async () => {
    const r = await runCli(['analyse', quarto, '--all-unique', '--json']);
    expect(r.code).toBe(0);
    const place = proved(r.stdout).find((p) => p.property === 'unique:placecontrol/1:1');
    expect(place?.jointlyWith).toContain('unique:selectcontrol/1:1');
    expect(place?.method).toBe('joint induction');
  });

  it('says how each property was proved', async () => {
    const tictactoe = join(games, 'tictactoe.kif');
    const notBoth = 'state:(not (and (true (control xplayer)) (true (control oplayer))))';
    const r = await runCli(['analyse', tictactoe, '--property', 'unique:control/1:1', '--property', notBoth]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^unique:control\/1:1: proved by induction \(/m);
    expect(r.stdout).toContain(`${notBoth}: proved as a consequence of the assumptions (`);
  });

  it('proves a counter invariant and zero-sum given it (checkers on half the board)', async () => {
    const tiny = join(games, 'checkerstiny.kif');
    const pieces =
      'count:(piece_count ?p ?n)>=(cell ?x ?y ?c):(true (cell ?x ?y ?c)) (piece_owner_type ?c ?p ?t)';
    const args = ['analyse', tiny, '--property', 'unique:control/1:1', '--property', pieces];
    const r = await runCli([...args, '--property', 'zero-sum', '--json']);
    expect(r.code).toBe(0);
    expect(proved(r.stdout).map((p) => p.property)).toEqual(['unique:control/1:1', pieces, 'zero-sum']);
    const bad = await runCli([
      'analyse',
      tiny,
      '--property',
      'count:(piece_count ?p ?n)>(cell ?x):(true (cell ?x))',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/cannot read property .*RELATION one of >=, =, <=/);
  });

  it('--refute-with writes a match record reaching a violation, which gdlkit replay replays', async () => {
    const endgame = join(games, 'endgame.kif');
    const record = join(mkdtempSync(join(tmpdir(), 'gdlkit-analyse-')), 'violation.jsonl');
    const args = ['analyse', endgame, '--property', 'unique:cell/3:3', '--budget', '20'];
    expect((await runCli([...args, '--refute-with', 'prover'])).code).toBe(2);
    const r = await runCli([...args, '--refute-with', 'prover', '--record', record]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^unique:cell\/3:3: false — reachable violation after 1 moves/m);
    const replay = await runCli(['replay', endgame, record, '--backend', 'prover']);
    expect(replay.code).toBe(0);
    const last = JSON.parse(replay.stdout.trim().split('\n').at(-1)!) as { state: string[] };
    const squares = last.state
      .filter((f) => f.startsWith('(cell'))
      .map((f) => f.split(' ').slice(1, 3).join());
    expect(new Set(squares).size).toBeLessThan(squares.length);
  });

  it('an unknown --refute-with backend is an error before any proof', async () => {
    const tictactoe = join(games, 'tictactoe.kif');
    const record = join(mkdtempSync(join(tmpdir(), 'gdlkit-analyse-')), 'violation.jsonl');
    const r = await runCli([
      'analyse',
      tictactoe,
      '--property',
      'zero-sum',
      '--refute-with',
      'bogus',
      '--record',
      record,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown backend 'bogus'");
    expect(r.stdout).toBe('');
  });

  it('--no-joint is the paper’s one-at-a-time search, which proves neither control', async () => {
    const r = await runCli(['analyse', quarto, '--all-unique', '--no-joint', '--json']);
    expect(r.code).toBe(0);
    expect(proved(r.stdout).map((p) => p.property)).not.toContain('unique:placecontrol/1:1');
  });
});
