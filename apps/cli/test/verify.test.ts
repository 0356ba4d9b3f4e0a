// gdlkit verify (issue 22): one line per property, JSON, counterexample records that gdlkit replay replays, and
// located errors for bad input.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const BLIND = 'games/tests/epistemic/blind2x2.kif';

interface VerifyJson {
  property: string;
  result: string;
  seconds: number;
  counterexample: string | null;
  witness?: string;
  reason?: string;
}

describe('gdlkit verify', () => {
  it('answers the six properties with counterexample files that replay', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gdlkit-verify-'));
    const r = await runCli(['verify', BLIND, '--json', '--out', out]);
    // stderr has the progress only: the model, then each property with the bound on the time left (issue 23).
    const progress = r.stderr.trim().split('\n');
    expect(progress[0]).toMatch(/^gdlkit verify: grounding .* \(at most 60 s\)$/);
    expect(progress.slice(1)).toEqual([
      'gdlkit verify: [1/6] terminates (at most 60 s; at most 6 min left in all)',
      'gdlkit verify: [2/6] playable (at most 60 s; at most 5 min left in all)',
      'gdlkit verify: [3/6] winnable (at most 60 s; at most 4 min left in all)',
      'gdlkit verify: [4/6] knows-terminal (at most 60 s; at most 3 min left in all)',
      'gdlkit verify: [5/6] knows-legal (at most 60 s; at most 2 min left in all)',
      'gdlkit verify: [6/6] knows-goal (at most 60 s; at most 60 s left in all)',
    ]);
    expect(r.code).toBe(0);
    const { results } = JSON.parse(r.stdout) as { results: VerifyJson[] };
    expect(results.map((x) => [x.property, x.result])).toEqual([
      ['terminates', 'holds'],
      ['playable', 'holds'],
      ['winnable', 'holds'],
      ['knows-terminal', 'fails'],
      ['knows-legal', 'fails'],
      ['knows-goal', 'holds'],
    ]);
    const failed = results.find((x) => x.property === 'knows-terminal')!;
    expect(failed.counterexample).toBe(join(out, 'blind2x2.knows-terminal.counterexample.jsonl'));
    expect(existsSync(failed.counterexample!)).toBe(true);
    expect(results.find((x) => x.property === 'terminates')!.counterexample).toBeNull();
    const replay = await runCli(['replay', BLIND, failed.counterexample!, '--backend', 'prover']);
    expect(replay.code).toBe(0);
    const blocks = replay.stdout
      .trim()
      .split('\n')
      .filter((l) => l.includes('"header"'));
    expect(blocks.length).toBe(2);
  });

  it('prints one line per property with the time, and formulas in the text syntax', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gdlkit-verify-'));
    const r = await runCli([
      'verify',
      'games/montyhall.kif',
      '--property',
      'knows-goal',
      '--property',
      'A G (K[candidate] (true (car 2)) or K[candidate] not (true (car 2)))',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^knows-goal: holds \(\d+\.\d\d s\)$/);
    expect(lines[1]).toMatch(
      /^A G \(K\[candidate\].*: fails \(\d+\.\d\d s\) counterexample: .*montyhall\.property-2\.counterexample\.jsonl$/,
    );
    expect(r.stdout).toMatch(/run 2 \(\d+ moves\): a run candidate cannot tell apart from run 1/);
  });

  it('reports unknown with exit code 3 when the budget runs out', async () => {
    const r = await runCli(['verify', 'games/kriegttt_5x5.kif', '--property', 'terminates', '--budget', '1']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^terminates: unknown \(\d+\.\d\d s\)\n {2}the \d\.\d s budget ran out/);
  });

  it('answers unknown for every property when the game does not ground within the budget', async () => {
    const r = await runCli([
      'verify',
      'games/smalldominion2.kif',
      '--property',
      'terminates',
      '--budget',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(3);
    const { results } = JSON.parse(r.stdout) as { results: VerifyJson[] };
    expect(results[0]).toMatchObject({ property: 'terminates', result: 'unknown', counterexample: null });
    expect(results[0]!.reason).toMatch(/did not ground: grounding exceeded its time budget/);
  });

  it('rejects bad formulas, roles and options with located messages', async () => {
    const syntax = await runCli(['verify', BLIND, '--property', 'A G (terminal']);
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/formula 'A G \(terminal', column 14: expected '\)' at the end/);
    const role = await runCli(['verify', BLIND, '--property', 'A G K[host] terminal']);
    expect(role.code).toBe(1);
    expect(role.stderr).toMatch(/role 'host', which the game does not have \(player, random\)/);
    expect((await runCli(['verify', BLIND, '--budget', 'soon'])).code).toBe(2);
    expect((await runCli(['verify'])).code).toBe(2);
    for (const r of [syntax, role]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('decides full CTL* path formulas, with a lasso counterexample that replays', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gdlkit-verify-'));
    // The light may toggle forever: on infinitely often without ever stopping.
    const r = await runCli([
      'verify',
      'games/tests/epistemic/cycle.kif',
      '--property',
      'A (G F (true on) -> F terminal)',
      '--json',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const { results } = JSON.parse(r.stdout) as { results: VerifyJson[] };
    expect(results[0]).toMatchObject({ result: 'fails' });
    const replay = await runCli([
      'replay',
      'games/tests/epistemic/cycle.kif',
      results[0]!.counterexample!,
      '--backend',
      'prover',
    ]);
    expect(replay.code).toBe(0);
  });
});
