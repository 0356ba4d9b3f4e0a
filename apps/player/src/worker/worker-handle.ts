import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LogSink } from '../log.js';
import type { HostRequest, ReplyTiming, WorkerEvent, WorkerSettings } from './worker-protocol.js';

/** What a request to a worker came to: its reply, or why there is none. */
export type WorkerResult =
  | { readonly ok: true; readonly text: string; readonly timing?: ReplyTiming }
  | { readonly ok: false; readonly reason: string };

/** The latest position a worker reported for a PLAY. */
export interface Progress {
  readonly turn: number;
  readonly legal: readonly string[];
  readonly best: string;
}

type Request = HostRequest extends infer R ? (R extends HostRequest ? Omit<R, 'id'> : never) : never;

/**
 * The built worker script. The bundled player (dist/index.js) finds it next to itself; run from source (the
 * tests), the player uses its package's built worker, so `pnpm build` must have run.
 */
function workerScript(): URL {
  const here = import.meta.url;
  const script = here.endsWith('.ts')
    ? new URL('../../dist/match-worker.js', here)
    : new URL('./match-worker.js', here);
  if (!existsSync(fileURLToPath(script))) {
    throw new Error(`the match worker ${fileURLToPath(script)} is missing: build @gdlkit/player first`);
  }
  return script;
}

/**
 * One match worker thread seen from the shell: requests with a time limit, the worker's log lines passed
 * to the shell's sink, its last reported position, and why it died when it did (heap limit, crash).
 */
export class WorkerHandle {
  /** Resolves when the worker has loaded the backends; the backends it reports. */
  readonly loaded: Promise<WorkerResult>;
  /** Resolves when the thread has ended. */
  readonly exited: Promise<void>;
  progress: Progress | null = null;
  /** The backends are loaded: the worker can take a match at once. */
  isLoaded = false;
  private readonly worker: Worker;
  private readonly pending = new Map<number, (result: WorkerResult) => void>();
  private readonly turnWaiters = new Set<(turn: number) => void>();
  /** The last turn whose PLAY reached the worker. */
  private receivedTurn = 0;
  private nextId = 1;
  private death: string | null = null;

  constructor(settings: WorkerSettings, heapMb: number, sink: LogSink) {
    this.worker = new Worker(workerScript(), {
      workerData: settings,
      // Not the parent's flags: a test runner's export conditions would point the worker at TypeScript sources.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    // A worker never keeps the process alive: the shell decides when it ends.
    this.worker.unref();
    this.loaded = new Promise((resolve) => {
      this.pending.set(0, resolve);
    });
    this.worker.on('message', (event: WorkerEvent) => {
      switch (event.type) {
        case 'log':
          return sink(event.line);
        case 'progress':
          this.progress = event;
          for (const waiter of [...this.turnWaiters]) waiter(event.turn);
          return;
        case 'received':
          this.receivedTurn = event.turn;
          for (const waiter of [...this.turnWaiters]) waiter(event.turn);
          return;
        case 'loaded':
          this.isLoaded = true;
          return this.settle(0, { ok: true, text: event.backends.join(', ') });
        case 'reply':
          return this.settle(event.id, { ok: true, text: event.text, timing: event.timing });
      }
    });
    this.worker.on('error', (e: Error & { code?: string }) => {
      this.death =
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `the worker exceeded its ${heapMb} MB heap`
          : `the worker failed: ${e.message}`;
    });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('exit', (code) => {
      this.death ??= `the worker exited (code ${code})`;
      for (const id of [...this.pending.keys()]) this.settle(id, { ok: false, reason: this.death });
    });
  }

  get alive(): boolean {
    return this.death === null;
  }

  /**
   * Sends a request; resolves to the reply, or to a failure when the worker dies or `until`
   * (performance.now() ms) passes first. A late reply is dropped.
   */
  request(request: Request, until: number): Promise<WorkerResult> {
    if (this.death !== null) return Promise.resolve({ ok: false, reason: this.death });
    const id = this.nextId++;
    const result = new Promise<WorkerResult>((resolve) => {
      const timer = setTimeout(
        () => this.settle(id, { ok: false, reason: `no reply within ${Math.round(until - sent)} ms` }),
        Math.max(0, until - performance.now()),
      );
      this.pending.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
    const sent = performance.now();
    this.worker.ref();
    this.worker.postMessage({ ...request, id } as HostRequest);
    return result.finally(() => {
      if (this.pending.size === 0) this.worker.unref();
    });
  }

  /**
   * Resolves to true when the PLAY of `turn` has reached the worker or the worker has reported that turn's
   * position (then its legal moves are known), to false if `until` passes first.
   */
  takenIn(turn: number, until: number): Promise<boolean> {
    if (this.receivedTurn === turn || this.progress?.turn === turn) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (reached: boolean) => {
        clearTimeout(timer);
        this.turnWaiters.delete(waiter);
        resolve(reached);
      };
      const waiter = (reported: number) => {
        if (reported === turn) done(true);
      };
      const timer = setTimeout(() => done(false), Math.max(0, until - performance.now()));
      this.turnWaiters.add(waiter);
    });
  }

  /** Stops the thread at once, whatever it is doing. */
  terminate(reason = 'the worker was terminated'): Promise<void> {
    this.death ??= reason;
    return this.worker.terminate().then(() => undefined);
  }

  private settle(id: number, result: WorkerResult): void {
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    resolve(result);
  }
}
