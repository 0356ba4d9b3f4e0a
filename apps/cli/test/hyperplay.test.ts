// gdlkit hyperplay: the move values of giga13-05's Table 3 through the built CLI, and its refusals.
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('gdlkit hyperplay', () => {
  it('values asking at 90 with HyperPlay-II on Exploding Bomb, and chooses it', async () => {
    const r = await runCli([
      'hyperplay',
      'games/explodingbomb.kif',
      '--role',
      'agent',
      '--round',
      'noop|',
      '--resources',
      '2',
      '--repeats',
      '3',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { rows: { move: string; mean: number; chosen: number }[] };
    const ask = out.rows.find((row) => row.move === 'ask')!;
    expect(ask.mean).toBe(90);
    expect(ask.chosen).toBe(3);
  });

  it('refuses an unknown role, an unreadable move and rounds no history explains, in one line each', async () => {
    const cases: [string[], number, RegExp][] = [
      [['--role', 'nobody'], 2, /--role nobody is not a role of .* \(agent, random\)/],
      [['--role', 'agent', '--round', '(ask|'], 1, /cannot read term '\(ask'/],
      [['--role', 'agent', '--round', 'ask|red'], 1, /no history of .* explains the rounds given/],
    ];
    for (const [args, code, message] of cases) {
      const r = await runCli(['hyperplay', 'games/explodingbomb.kif', ...args, '--repeats', '1']);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
