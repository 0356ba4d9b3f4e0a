// Issue 25 end to end: a real `gdlkit serve` process (apps/cli's built main.js, which `pnpm test` builds
// first) gets a START whose rules build unboundedly deep terms and a 10 MB START. INFO must stay answered
// within a second throughout, each START must get `ready` or an error within its clock, a tictactoe match
// after them must be played legally, and SIGTERM must stop the server within two seconds.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameText, rulesList, runMatch, send } from './manager.js';

const CLI = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));

const UNBOUNDED = `${gameText('tictactoe.kif')}
(<= (zzn (s ?x)) (zzn ?x))
(zzn 0)
(<= (legal ?r zzmove) (role ?r) (zzn (s (s (s ?x)))))
`;

/** Tictactoe and 750 k facts of an unused relation: about 10 MB. */
function largeRules(): string {
  const facts: string[] = [];
  for (let i = 0; i < 750_000; i++) facts.push(`(zzf ${i})`);
  return `(${rulesList(gameText('tictactoe.kif')).slice(1, -1)}\n${facts.join('\n')})`;
}

let server: ChildProcess;
let url: string;
const stderr: string[] = [];

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build @gdlkit/cli first (pnpm build)`);
  server = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  server.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      const found = /listening on (\S+)/.exec(chunk.toString());
      if (found) resolve(found[1]!);
    });
    server.once('exit', (code) => reject(new Error(`gdlkit serve exited (${code}): ${stderr.join('')}`)));
  });
});

afterAll(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  if (process.env.PLAYER_LOG)
    (await import('node:fs')).writeFileSync(process.env.PLAYER_LOG, stderr.join(''));
});

/** Sends INFO every 200 ms until stopped; resolves to the slowest reply time. */
function pollInfo(): { stop: () => Promise<number> } {
  let polling = true;
  const done = (async () => {
    let slowest = 0;
    while (polling) {
      const reply = await send(url, '(info)');
      expect(reply.body).toMatch(/^\(\(name gdlkit\) \(status (available|busy)\)\)$/);
      slowest = Math.max(slowest, reply.ms);
      await new Promise((r) => setTimeout(r, 200));
    }
    return slowest;
  })();
  return {
    stop: () => {
      polling = false;
      return done;
    },
  };
}

async function startWithin(matchId: string, rules: string, startClock: number): Promise<void> {
  const reply = await send(url, `(start ${matchId} xplayer ${rules} ${startClock} 2)`);
  expect(reply.ms, `${matchId}: START answered within its clock`).toBeLessThan(startClock * 1000);
  expect(reply.body, matchId).toMatch(/^(ready|\(error ".*"\))$/);
  if (reply.body === 'ready') {
    const play = await send(url, `(play ${matchId} nil)`);
    expect(play.ms).toBeLessThan(2000);
    expect((await send(url, `(abort ${matchId})`)).body).toBe('aborted');
  }
}

describe('gdlkit serve under bad input (issue 25)', () => {
  it('stays available through an unbounded game and a 10 MB START, then plays tictactoe legally', async () => {
    const info = pollInfo();
    await startWithin('unbounded.1', rulesList(UNBOUNDED), 4);
    const large = largeRules();
    expect(large.length).toBeGreaterThan(9_000_000);
    await startWithin('large.1', large, 5);
    expect(await info.stop(), 'slowest INFO reply (ms)').toBeLessThan(1000);
    const { moves } = await runMatch(url, {
      file: 'tictactoe.kif',
      matchId: 'ttt.after',
      role: 0,
      startClock: 10,
      playClock: 1,
      seed: 12,
    });
    expect(moves).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('stops within two seconds on SIGTERM, even while a worker is stuck setting up a match', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const stuck = send(url, `(start stuck.1 xplayer ${rulesList(UNBOUNDED)} 30 5)`).catch(() => null);
    await new Promise((r) => setTimeout(r, 500));
    const sent = performance.now();
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(performance.now() - sent).toBeLessThan(2000);
    await stuck;
  });
});
