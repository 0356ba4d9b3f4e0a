// The CLI as a newcomer meets it (issue 23): help for every command, auto saying what it chose, a port in use.
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, runCli } from './run-cli.js';

/** The command names, as the top-level help lists them. */
async function commandNames(): Promise<string[]> {
  return [...(await runCli(['--help'])).stdout.matchAll(/^ {2}gdlkit (\S+)/gm)].map((m) => m[1]!);
}

const names = await commandNames();

describe('gdlkit <command> --help', () => {
  it('lists the commands', () => {
    expect(names).toEqual(expect.arrayContaining(['check', 'play', 'serve', 'arena', 'verify', 'demo']));
    expect(names.length).toBeGreaterThanOrEqual(15);
  });

  it.each(names)('%s has its own help and exits 0', async (name) => {
    for (const flag of ['--help', '-h']) {
      const r = await runCli([name, flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^usage: gdlkit ${name}(?= |\n)`));
      // More than the usage line: what the command does.
      expect(r.stdout.trim().split('\n').length).toBeGreaterThan(2);
      expect(r.stderr).toBe('');
    }
  });
});

describe('auto', () => {
  it('says on stderr which backend it chose and why', async () => {
    const r = await runCli(['play', join(games, 'tictactoe.kif'), '--backend', 'auto', '--seed', '1']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^gdlkit: auto chose [a-z-]+: (built within budget|fastest of the \d that built)/m,
    );
  });
});

describe('a port in use', () => {
  let taken: Server;
  let port = 0;

  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  });

  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('stops serve with a one-line error and exit 1', async () => {
    const r = await runCli(['serve', '--port', String(port)]);
    expect(r.code).toBe(1);
    // The player's JSON log lines come first; the error is one plain line, with no stack trace.
    const plain = r.stderr
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('{'));
    expect(plain).toEqual([
      `gdlkit serve: cannot listen on 127.0.0.1:${port}: the port is in use (pick another with --port)`,
    ]);
  });
});
