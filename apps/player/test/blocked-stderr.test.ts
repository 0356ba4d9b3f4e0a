// Regression: the shell wrote its log with process.stderr.write. On a terminal Node writes synchronously on Linux,
// so a terminal nobody read stopped the whole shell once the buffers in between were full: the player no longer
// answered anything. On a pipe Node queues what it cannot write, without bound: the shell's memory grew for as
// long as nobody read. A real `gdlkit serve --verbose` (apps/cli's built main.js) logs into a terminal (`script`'s
// pseudo-terminal) and into a pipe that this test stops reading once the player listens; through 2,500
// malformed messages (a warning each, about 750 KB) and a verbose match it must keep answering, and once its log
// is read again, say how many lines it dropped, in order with the rest.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runMatch } from './manager.js';

const CLI = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));

let child: ChildProcess | undefined;

afterEach(() => {
  // Closing its terminal hangs the player up (SIGHUP); its workers follow it.
  if (child?.exitCode === null) child.kill('SIGKILL');
});

/** Sends `message`, failing the test if no reply comes within two seconds. */
async function answered(url: string, message: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', body: message, signal: AbortSignal.timeout(2000) });
  return response.text();
}

/** A port free now (the player is given one: on a terminal, its output is what this test stops reading). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the player with its log on `log` of `spawned`, reads that until the player listens, then stops reading
 * it. What was read, and what is read once reading goes on, lands in the returned array.
 */
async function unreadLog(spawned: ChildProcess, log: Readable): Promise<string[]> {
  child = spawned;
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build @gdlkit/cli first (pnpm build)`);
  const output: string[] = [];
  log.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const listening = () => {
      if (!output.join('').includes('"event":"listening"')) return;
      log.off('data', listening);
      // Paused, the stream reads up to its high-water mark; then the buffers in between fill, and stay full.
      log.pause();
      resolve();
    };
    log.on('data', listening);
    spawned.once('error', reject);
    spawned.once('exit', (code) => reject(new Error(`the player exited (${code}): ${output.join('')}`)));
  });
  return output;
}

/** Many messages and a verbose match, every reply in time; then the log is read again and checked. */
async function keepsAnswering(url: string, log: Readable, output: string[]): Promise<void> {
  const filler = 'x'.repeat(200);
  for (let i = 0; i < 2500; i++) {
    expect(await answered(url, `(${filler} ${i}`)).toMatch(/^\(error "malformed message/);
  }
  expect(await answered(url, '(info)')).toBe('((name gdlkit) (status available))');
  const { moves } = await runMatch(url, {
    file: 'tictactoe.kif',
    matchId: 'unread.1',
    role: 0,
    startClock: 3,
    playClock: 1,
    seed: 3,
  });
  expect(moves).toBeGreaterThanOrEqual(5);
  expect(await answered(url, '(info)')).toBe('((name gdlkit) (status available))');
  log.resume();
  const lines = () =>
    output
      .join('')
      .split(/\r?\n/)
      .filter((l) => l.startsWith('{'));
  for (let i = 0; i < 100 && !lines().some((l) => l.includes('"log-dropped"')); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const events = lines().map((l) => JSON.parse(l) as Record<string, unknown>);
  const dropped = events.filter((e) => e.event === 'log-dropped');
  expect(dropped.length).toBeGreaterThan(0);
  expect(dropped.every((e) => (e.dropped as number) > 0)).toBe(true);
  expect(events.some((e) => e.event === 'malformed-message')).toBe(true);
  const times = events.map((e) => Date.parse(e.time as string));
  expect(times).toEqual([...times].sort((a, b) => a - b));
}

describe('a player whose log nobody reads', () => {
  it('on a terminal: keeps answering, then reports the lines it dropped', async () => {
    const port = await freePort();
    const command = `${process.execPath} ${CLI} serve --port ${port} --verbose --backend prover`;
    // stdin stays open (never written): `script` ends its session when its input ends.
    const spawned = spawn('script', ['-q', '-c', command, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const output = await unreadLog(spawned, spawned.stdout!);
    await keepsAnswering(`http://127.0.0.1:${port}/`, spawned.stdout!, output);
  }, 60_000);

  it('on a pipe: keeps answering, its queue bounded, then reports the lines it dropped', async () => {
    const spawned = spawn(
      process.execPath,
      [CLI, 'serve', '--port', '0', '--verbose', '--backend', 'prover'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } },
    );
    const url = new Promise<string>((resolve) => {
      spawned.stdout!.on('data', (chunk: Buffer) => {
        const found = /listening on (\S+)/.exec(chunk.toString());
        if (found) resolve(found[1]!);
      });
    });
    const output = await unreadLog(spawned, spawned.stderr!);
    await keepsAnswering(await url, spawned.stderr!, output);
  }, 60_000);
});
