import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LogSink } from '../log.js';
import type { HostRequest, ReplyTiming, WorkerEvent, WorkerSettings } from './worker-protocol.js';

/** What a request to a worker came to: its reply, or why there is none. */
export type WorkerResult =
  | { readonly ok: true; readonly text: string; readonly timing?: ReplyTiming }
  | { readonly ok: false; readonly reason: string };

/** The latest position a worker reported for a PLAY. */
export interface Progress {
  readonly turn: number;
  readonly best: string;
}

type Request = HostRequest extends infer R ? (R extends HostRequest ? Omit<R, 'id'> : never) : never;

/**
 * The built worker script. The bundled player (dist/index.js) finds it next to itself; run from source (the
 * tests), the player uses its package's built worker, so `pnpm build` must have run.
 */
function workerScript(): string {
  const here = import.meta.url;
  const script = fileURLToPath(
    here.endsWith('.ts') ? new URL('../../dist/match-worker.js', here) : new URL('./match-worker.js', here),
  );
  if (!existsSync(script))
    throw new Error(`the match worker ${script} is missing: build @gdlkit/player first`);
  return script;
}

/** The end of a worker's stderr kept to say why it died (V8 prints its out-of-memory report there). */
const STDERR_KEPT = 4096;
/** A timer this much later than asked (the guard's lead on the clock) is reported: the shell was held up. */
const LATE_TIMER_MS = 250;
/** How often the shell reads a worker's resident memory. */
const MEMORY_CHECK_MS = 50;

/**
 * A process's resident memory in MiB from /proc (Linux), or undefined where there is none. The heap limit
 * does not cover WebAssembly memories (propnet-wasm's module, binaryen's own) nor native allocations, so the
 * shell bounds the whole process by what it holds resident.
 */
function residentMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One match worker process seen from the shell: requests with a time limit, the worker's log lines passed to
 * the shell's sink, its last reported position, and why it died when it did (heap limit, crash).
 */
export class WorkerHandle {
  /** Resolves when the worker has loaded the backends; the backends it reports. */
  readonly loaded: Promise<WorkerResult>;
  /** Resolves when the process has ended. */
  readonly exited: Promise<void>;
  progress: Progress | null = null;
  /** The backends are loaded: the worker can take a match at once. */
  isLoaded = false;
  private readonly worker: ChildProcess;
  private readonly pending = new Map<number, (result: WorkerResult) => void>();
  private readonly turnWaiters = new Set<(turn: number) => void>();
  /** The last turn whose PLAY reached the worker. */
  private receivedTurn = 0;
  private nextId = 1;
  private death: string | null = null;
  private heardAt = performance.now();

  /**
   * `heapMb` is the worker's V8 heap limit; `memoryMb` bounds its resident memory as a whole (WebAssembly and
   * native memory included): past it the worker is killed like one out of heap.
   */
  constructor(settings: WorkerSettings, heapMb: number, sink: LogSink, memoryMb = Number.POSITIVE_INFINITY) {
    this.worker = fork(workerScript(), [JSON.stringify(settings)], {
      // Not the parent's flags or NODE_OPTIONS: a test runner's export conditions would point the worker at
      // TypeScript sources, and the heap limit is ours.
      execArgv: [`--max-old-space-size=${heapMb}`],
      env: { ...process.env, NODE_OPTIONS: '' },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    this.worker.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
    this.loaded = new Promise((resolve) => {
      this.pending.set(0, resolve);
    });
    this.worker.on('message', (event: WorkerEvent) => {
      this.heardAt = performance.now();
      switch (event.type) {
        case 'alive':
          return;
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
    this.worker.on('error', (e) => {
      this.death ??= `the worker failed: ${e.message}`;
    });
    const pid = this.worker.pid;
    const watch =
      pid !== undefined && Number.isFinite(memoryMb)
        ? setInterval(() => {
            const mb = residentMb(pid);
            if (mb === undefined) clearInterval(watch);
            else if (mb > memoryMb)
              void this.terminate(
                `the worker exceeded its ${memoryMb} MB memory (${Math.round(mb)} MB resident, WebAssembly included)`,
              );
          }, MEMORY_CHECK_MS).unref()
        : undefined;
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.once('exit', () => clearInterval(watch));
    this.worker.on('exit', (code, signal) => {
      this.death ??= /heap out of memory/.test(stderr)
        ? `the worker exceeded its ${heapMb} MB heap`
        : `the worker exited (${signal ?? `code ${code}`})${lastLine(stderr)}`;
      for (const id of [...this.pending.keys()]) this.settle(id, { ok: false, reason: this.death });
    });
    this.idle();
  }

  get alive(): boolean {
    return this.death === null;
  }

  /** Milliseconds since the worker last sent anything (its heartbeat included). */
  get silentMs(): number {
    return performance.now() - this.heardAt;
  }

  /**
   * Sends a request; resolves to the reply, or to a failure when the worker dies or `until`
   * (performance.now() ms; infinite: no limit) passes first. A late reply is dropped.
   */
  request(request: Request, until: number): Promise<WorkerResult> {
    if (this.death !== null) return Promise.resolve({ ok: false, reason: this.death });
    const id = this.nextId++;
    const result = new Promise<WorkerResult>((resolve) => {
      if (until === Number.POSITIVE_INFINITY) {
        this.pending.set(id, resolve);
        return;
      }
      const timer = setTimeout(
        () => {
          // A timer that runs much later than asked means this process itself did not run meanwhile (the whole
          // machine stalled, issue 20): the reason says so, and what the worker sent meanwhile is read first.
          const late = performance.now() - until;
          const stalled = late > LATE_TIMER_MS ? ` (the shell's timer ran ${Math.round(late)} ms late)` : '';
          afterArrived(late, () =>
            this.settle(id, {
              ok: false,
              reason: `no reply within ${Math.round(until - sent)} ms${stalled}`,
            }),
          );
        },
        Math.max(0, until - performance.now()),
      ).unref();
      this.pending.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
    const sent = performance.now();
    this.worker.ref();
    this.worker.channel?.ref();
    this.worker.send({ ...request, id } as HostRequest);
    return result.finally(() => {
      if (this.pending.size === 0) this.idle();
    });
  }

  /**
   * Resolves to true when the PLAY of `turn` has reached the worker or the worker has reported that turn's
   * position (then a legal move is known), to false if `until` passes first.
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
      // Unreferenced, like the request timers: a closing shell does not wait for them.
      const timer = setTimeout(
        () => afterArrived(performance.now() - until, () => done(false)),
        Math.max(0, until - performance.now()),
      ).unref();
      this.turnWaiters.add(waiter);
    });
  }

  /** Stops the process at once, whatever it is doing. */
  terminate(reason = 'the worker was terminated'): Promise<void> {
    this.death ??= reason;
    if (this.worker.exitCode === null && this.worker.signalCode === null) {
      // Held by the shell until it has exited, so whoever awaits this sees the end.
      this.worker.ref();
      this.worker.kill('SIGKILL');
    }
    return this.exited;
  }

  /** A worker waiting for work never keeps the shell's process alive: the shell decides when it ends. */
  private idle(): void {
    this.worker.unref();
    this.worker.channel?.unref();
  }

  private settle(id: number, result: WorkerResult): void {
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    resolve(result);
  }
}

/**
 * Runs `timedOut` at once, or, for a timer more than LATE_TIMER_MS late, once this process has read what arrived
 * while it was held up: a process resumed after a stall may run its due timers before it polls for I/O.
 */
function afterArrived(lateMs: number, timedOut: () => void): void {
  if (lateMs > LATE_TIMER_MS) setImmediate(timedOut);
  else timedOut();
}

function lastLine(text: string): string {
  const line = text.trim().split('\n').pop();
  return line ? `: ${line}` : '';
}
