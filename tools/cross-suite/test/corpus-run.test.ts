// The whole-corpus runner (dist/corpus-main.js, built before tests): a backend that hangs is killed, failed
// with the reason and left out while the other backends are checked; reports are kept so a run can resume.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '@gdlkit/vitest-config/child';
import { describe, expect, it } from 'vitest';

const main = join(import.meta.dirname, '..', 'dist', 'corpus-main.js');

async function run(args: string[], env: Record<string, string> = {}) {
  const r = await runNode([main, '--ci', ...args], {
    env: { ...process.env, GDLKIT_CROSS_BACKENDS: 'prover,propnet', ...env },
    timeout: 120_000,
  });
  return { code: r.code, out: r.stdout + r.stderr };
}

describe('corpus runner', () => {
  it('kills a hanging backend, skips it as too slow and checks the others without it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gdlkit-corpus-test-'));
    const out = join(dir, 'CONFORMANCE.md');
    const r = await run(
      ['--games', 'tictactoe.kif', '--out', out, '--reports', join(dir, 'reports'), '--phase-timeout', '2'],
      {
        GDLKIT_CROSS_HANG: 'propnet',
      },
    );
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('propnet too slow: no progress for 2 s while building');
    const table = readFileSync(out, 'utf8');
    expect(table).toContain('| tictactoe.kif | pass | skip [1] |');
    expect(table).toContain('1. too slow: no progress for 2 s while building');
  });

  it('resumes from the kept reports and exits 0 when every cell passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gdlkit-corpus-test-'));
    const args = ['--games', 'tictactoe.kif', '--out', join(dir, 'C.md'), '--reports', join(dir, 'reports')];
    const first = await run(args);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('[1/1] tictactoe.kif: 2 pass, 0 fail, 0 skip');
    const second = await run(args);
    expect(second.code, second.out).toBe(0);
    expect(second.out).not.toContain('[1/1]');
    expect(readFileSync(join(dir, 'C.md'), 'utf8')).toContain('| tictactoe.kif | pass | pass |');
    const render = await run([
      '--render',
      '--games',
      'tictactoe.kif,montyhall.kif',
      '--out',
      join(dir, 'R.md'),
      '--reports',
      join(dir, 'reports'),
    ]);
    expect(render.code, render.out).toBe(0);
    const table = readFileSync(join(dir, 'R.md'), 'utf8');
    expect(table).toContain('| tictactoe.kif | pass | pass |');
    expect(table).toContain('Not reached (1 of 2 games; resume with the same --reports): montyhall.kif');
  });
});
