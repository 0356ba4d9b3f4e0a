// The distributed mode against a real redis-server (Debian package redis-server; .ci/run installs it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecords, runArena } from '../src/index.js';
import { CLI_MAIN, GDLKIT, gameFile, gameText } from './helpers.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis) {
  console.log('SKIPPED: the distributed arena test needs redis-server (apt-get install redis-server)');
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a process and resolves once a line of its output matches. */
async function started(child: ChildProcess, ready: RegExp, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 60 s`)), 60_000);
    const lines = [child.stdout!, child.stderr!].map((s) => createInterface({ input: s }));
    for (const l of lines) {
      l.on('line', (line) => {
        if (ready.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

describe.skipIf(!hasRedis)('gdlkit arena --queue (BullMQ on a real redis-server)', () => {
  let redis: ChildProcess;
  let url: string;
  const workers: ChildProcess[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'gdlkit-arena-queue-'));

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    await started(redis, /Ready to accept connections/, 'redis-server');
  });

  afterAll(async () => {
    for (const w of workers) w.kill('SIGTERM');
    redis?.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  });

  const worker = async () => {
    const child = spawn(process.execPath, [
      CLI_MAIN,
      'arena-worker',
      '--queue',
      url,
      '--jobs',
      '1',
      '--lock-seconds',
      '2',
    ]);
    workers.push(child);
    await started(child, /playing matches from/, 'arena-worker');
    return child;
  };

  it('plays every match on two workers, one killed mid-match, and records each match once', async () => {
    const first = await worker();
    const second = await worker();
    const secondPlayed: string[] = [];
    createInterface({ input: second.stderr! }).on('line', (line) => {
      const m = /playing match (\S+)/.exec(line);
      if (m) secondPlayed.push(m[1]!);
    });
    let killedMatch: string | null = null;
    createInterface({ input: first.stderr! }).on('line', (line) => {
      const m = /playing match (\S+)/.exec(line);
      if (m && killedMatch === null) {
        killedMatch = m[1]!;
        // Half a second into its match, the first worker's machine dies.
        setTimeout(() => first.kill('SIGKILL'), 500);
      }
    });
    const out = join(scratch, 'out');
    const result = await runArena({
      gameFile: gameFile('tictactoe'),
      gameText: gameText('tictactoe'),
      players: 'gdlkit:backend=prover,random',
      matches: 6,
      iterations: 300,
      out,
      queue: url,
      command: GDLKIT,
      notes: () => {},
      print: () => {},
    });
    expect(killedMatch).not.toBeNull();
    expect(first.exitCode ?? first.signalCode).toBe('SIGKILL');
    expect(result.complete).toBe(true);
    const lines = readFileSync(join(out, 'matches.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(6);
    const records = readRecords(`${lines.join('\n')}\n`).records;
    expect(records.map((r) => r.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(records.map((r) => r.matchId)).toContain(killedMatch);
    // The dead worker's match was taken over by the other one once its lock expired.
    expect(secondPlayed).toContain(killedMatch);
    expect(result.summary.players.map((p) => p.matches)).toEqual([6, 6]);
    expect(second.exitCode).toBeNull();
  });

  it('refuses a Redis that does not answer with a clear message', async () => {
    const port = await freePort();
    await expect(
      runArena({
        gameFile: gameFile('tictactoe'),
        gameText: gameText('tictactoe'),
        players: 'random,random',
        matches: 1,
        out: join(scratch, 'nowhere'),
        queue: `redis://127.0.0.1:${port}`,
        command: GDLKIT,
        notes: () => {},
        print: () => {},
      }),
    ).rejects.toThrow(/cannot reach Redis/);
  });
});
