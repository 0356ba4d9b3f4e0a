// Regression (issue 21, Krieg-TicTacToe at 1 s clocks on a loaded machine): a worker whose reply came after
// the shell's guard was terminated and replaced even when it had taken the turn in and kept reporting; the
// replacement, a new process replaying the match on the same loaded cores, was often not ready by the next
// turn, and the shell then had nothing but nil to answer. A worker that is slow but still reporting is now
// kept and told the move sent in its place; one that went silent (stuck in a reasoner call) is replaced.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.js';
import { Player } from '../src/player.js';
import type { Progress, WorkerHandle, WorkerResult } from '../src/worker/worker-handle.js';
import type { HostRequest } from '../src/worker/worker-protocol.js';

type Sent = HostRequest extends infer R ? (R extends HostRequest ? Omit<R, 'id'> : never) : never;

/**
 * A stand-in for a match worker on a loaded machine: it answers START at once, takes every PLAY in and
 * reports a move for it at once, but never replies to a PLAY before the shell's guard. While a PLAY is open it
 * is heard from every 50 ms when `reporting`, else never again after its first report. As a replacement it
 * takes `resumeMs` to replay the match, then replies to every PLAY at once.
 */
class LateWorker {
  readonly isLoaded = true;
  readonly loaded: Promise<WorkerResult> = Promise.resolve({ ok: true, text: 'prover' });
  readonly exited: Promise<void>;
  readonly requests: Sent[] = [];
  progress: Progress | null = null;
  alive = true;
  private heardAt = performance.now();
  private plays = 0;
  private end: () => void = () => {};

  private replacement = false;

  constructor(
    private readonly reporting: boolean,
    private readonly resumeMs = 0,
  ) {
    this.exited = new Promise((resolve) => {
      this.end = resolve;
    });
  }

  get silentMs(): number {
    return performance.now() - this.heardAt;
  }

  request(request: Sent, until: number): Promise<WorkerResult> {
    // A copy, as the IPC channel makes one when the message is sent.
    this.requests.push(structuredClone(request));
    if (request.type === 'resume') {
      this.replacement = true;
      this.plays = request.turns.length;
      return new Promise((resolve) => setTimeout(() => resolve({ ok: true, text: 'ready' }), this.resumeMs));
    }
    if (request.type === 'catch-up') this.plays += request.turns.length;
    if (request.type !== 'play')
      return Promise.resolve({ ok: true, text: request.type === 'stop' ? 'done' : 'ready' });
    this.plays++;
    this.progress = { turn: this.plays, best: `(m${this.plays})` };
    if (this.replacement) return Promise.resolve({ ok: true, text: `(r${this.plays})` });
    this.heardAt = performance.now();
    const beat = setInterval(() => {
      if (this.reporting) this.heardAt = performance.now();
    }, 50);
    return new Promise((resolve) =>
      setTimeout(
        () => {
          clearInterval(beat);
          resolve({ ok: false, reason: 'no reply in time' });
        },
        Math.max(0, until - performance.now()),
      ),
    );
  }

  takenIn(turn: number, until: number): Promise<boolean> {
    if (this.progress?.turn === turn) return Promise.resolve(true);
    return new Promise((resolve) => setTimeout(() => resolve(false), Math.max(0, until - performance.now())));
  }

  terminate(): Promise<void> {
    this.alive = false;
    this.end();
    return this.exited;
  }
}

async function playTurns(reporting: boolean, turns = 3, resumeMs = 0) {
  const spawned: LateWorker[] = [];
  const events: Record<string, unknown>[] = [];
  const player = new Player(
    {
      name: 'slow',
      marginMs: 100,
      spawnWorker: () => {
        const worker = new LateWorker(reporting, resumeMs);
        spawned.push(worker);
        return worker as unknown as WorkerHandle;
      },
    },
    createLogger((line) => events.push(JSON.parse(line))),
  );
  expect(await player.handle('(start m1 r ((role r)) 10 1)', performance.now())).toBe('ready');
  const matchWorker = spawned.find((w) => w.requests.some((r) => r.type === 'start'))!;
  const sent: string[] = [];
  for (let turn = 0; turn < turns; turn++) {
    sent.push(await player.handle(turn === 0 ? '(play m1 nil)' : `(play m1 (p${turn}))`, performance.now()));
  }
  await player.close();
  return { spawned, events, matchWorker, sent };
}

describe('a late worker (issue 21)', () => {
  it('is kept while it reports, answered for with its move, and told the move sent', async () => {
    const { spawned, events, matchWorker, sent } = await playTurns(true);
    expect(sent).toEqual(['(m1)', '(m2)', '(m3)']);
    expect(events.filter((e) => e.event === 'worker-replaced')).toEqual([]);
    expect(events.filter((e) => e.event === 'worker-kept')).toHaveLength(3);
    const plays = matchWorker.requests.filter((r) => r.type === 'play');
    expect(plays.map((r) => (r.type === 'play' ? r.answeredFor : null))).toEqual([undefined, '(m1)', '(m2)']);
    // Only the START's worker and the spares it left behind: no replacement was started.
    expect(spawned.every((w) => w === matchWorker || !w.requests.some((r) => r.type === 'resume'))).toBe(
      true,
    );
  }, 20_000);

  it('is replaced when it went silent (stuck in a reasoner call)', async () => {
    const { events } = await playTurns(false);
    expect(events.filter((e) => e.event === 'worker-kept')).toEqual([]);
    expect(events.filter((e) => e.event === 'worker-replaced').length).toBeGreaterThan(0);
  }, 20_000);

  // Regression (issue 21, the same row): a replacement had one play clock to replay the match; on loaded cores it
  // did not, was started again at the next turn, and so never caught up: the shell answered nil for the rest.
  it('is replaced by one replacement that replays for longer than a clock, then catches up and plays', async () => {
    const { spawned, events, sent } = await playTurns(false, 5, 1500);
    expect(events.filter((e) => e.event === 'worker-replaced')).toHaveLength(1);
    const replacement = spawned.find((w) => w.requests.some((r) => r.type === 'resume'))!;
    const resume = replacement.requests.find((r) => r.type === 'resume');
    const catchUp = replacement.requests.find((r) => r.type === 'catch-up');
    expect(resume?.type === 'resume' && resume.turns.length).toBe(1);
    // The turns the shell answered while it replayed (nil: no move known) are handed over before it plays.
    const missed = catchUp?.type === 'catch-up' ? catchUp.turns.map((t) => t.sent) : [];
    expect(missed.length).toBeGreaterThan(0);
    expect(missed.every((m) => m === 'nil')).toBe(true);
    expect(sent.at(-1)).toBe('(r5)');
  }, 20_000);
});
