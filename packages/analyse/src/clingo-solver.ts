// clingo (compiled to WebAssembly by the clingo-wasm package) in a worker thread under a time and memory
// budget. A worker's resourceLimits do not cover WebAssembly memory, so the process's resident set is
// sampled while a program runs and the worker is terminated when either budget is exceeded.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface SolverBudget {
  readonly seconds: number;
  /** Growth of the process's resident memory allowed while solving (the paper uses 1 GB). */
  readonly memoryBytes: number;
  /** Stops the solve early (reported as aborted, `STOPPED`), e.g. once a search has refuted the property. */
  readonly signal?: AbortSignal;
}

/** The reason of an outcome aborted by `SolverBudget.signal`. */
export const STOPPED = 'stopped by the caller';

export type SolveOutcome =
  | { readonly status: 'unsatisfiable'; readonly seconds: number; readonly peakBytes: number }
  | {
      readonly status: 'satisfiable';
      readonly atoms: readonly string[];
      readonly seconds: number;
      readonly peakBytes: number;
    }
  | {
      readonly status: 'aborted';
      readonly reason: string;
      readonly seconds: number;
      readonly peakBytes: number;
    };

export interface SolveOptions {
  /**
   * false: the first configuration only, never a second worker. For the many small programs of a split
   * induction step (checkers' counter: 24), where jumpy does not decide some at all and a cancelled worker
   * must be restarted: 17 instead of 24–29 CPU-s, 27 instead of 41–50 s wall (docs/benchmarks.md, issue 24).
   */
  readonly portfolio?: boolean;
}

/** Anything that decides answer set programs (a browser build can supply one over clingo-wasm's web entry). */
export interface AspSolver {
  solve(program: string, budget: SolverBudget, options?: SolveOptions): Promise<SolveOutcome>;
  close(): Promise<void>;
}

// The worker imports clingo-wasm's synchronous runner directly, so a long solve blocks only the worker and
// terminating the worker is the only way to stop it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.runner).then(async ({ init }) => {
  const run = await init({ singleThreaded: true });
  parentPort.on('message', (m) => parentPort.postMessage({ result: run(m.program, 1, m.args) }));
  parentPort.postMessage({ ready: true });
}, (error) => parentPort.postMessage({ failed: String(error) }));
`;

function runnerUrl(): string {
  // The package's Node entry spawns its own worker; its runner module next to it runs clingo in-thread.
  const entry = createRequire(import.meta.url).resolve('clingo-wasm');
  return new URL('./run.js', pathToFileURL(entry)).href;
}

interface ClingoJson {
  Result: string;
  Error?: string;
  Call?: { Witnesses?: { Value: string[] }[] }[];
}

const SAMPLE_MS = 25;

function timeBudgetExceeded(seconds: number): string {
  return `time budget of ${Number(seconds.toFixed(2))} s exceeded`;
}

/**
 * clingo's search configurations. No configuration wins everywhere: `jumpy` (aggressive restarts) decides
 * quarto's hard unsatisfiable zero-sum step in 5 s where the default takes minutes, while the default finds
 * quarto's board counterexample in 2 s where jumpy takes minutes (docs/benchmarks.md, analyse section).
 * The first configuration runs alone for `STAGGER_SECONDS`; a program it has not decided by then is also
 * given to the others, each in its own worker, and the first answer wins (the rest are stopped).
 */
export const DEFAULT_PORTFOLIO: readonly (readonly string[])[] = [[], ['--configuration=jumpy']];

const STAGGER_SECONDS = 1;

export interface ClingoSolverOptions {
  /**
   * How many programs solved with `portfolio: false` run at once, each in a worker of its own (the parts of
   * a split induction step are independent): by default the machine's cores, at most 4.
   */
  readonly parallelism?: number;
}

export class ClingoSolver implements AspSolver {
  /** Workers per configuration of the portfolio; the first configuration's are shared up to `parallelism`. */
  private readonly pools: ClingoWorker[][];
  private readonly busy = new Set<ClingoWorker>();
  private readonly waiting: (() => void)[] = [];
  readonly parallelism: number;

  /** `portfolio`: clingo command-line options of each configuration. */
  constructor(
    private readonly portfolio: readonly (readonly string[])[] = DEFAULT_PORTFOLIO,
    options: ClingoSolverOptions = {},
  ) {
    this.pools = portfolio.map(() => []);
    this.parallelism = Math.max(1, Math.floor(options.parallelism ?? Math.min(4, availableParallelism())));
  }

  async solve(program: string, budget: SolverBudget, options: SolveOptions = {}): Promise<SolveOutcome> {
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const running = new Map<ClingoWorker, Promise<SolveOutcome>>();
    const aborted: SolveOutcome[] = [];
    const decided = (o: SolveOutcome) => o.status !== 'aborted';
    const configurations = options.portfolio === false ? 1 : this.portfolio.length;
    let next = 0;
    const startNext = async () => {
      const worker = await this.acquire(next++);
      // A caller that waited in the queue past its budget is answered without solving.
      const left = budget.seconds - elapsed();
      const solving =
        left > 0
          ? worker.solve(program, { ...budget, seconds: left })
          : Promise.resolve<SolveOutcome>({
              status: 'aborted',
              reason: timeBudgetExceeded(budget.seconds),
              seconds: elapsed(),
              peakBytes: 0,
            });
      running.set(
        worker,
        solving.finally(() => this.release(worker)),
      );
    };
    await startNext();
    while (running.size > 0) {
      const stagger = next < configurations ? STAGGER_SECONDS : undefined;
      const first = await firstSettled(running, stagger);
      if (!first) {
        await startNext();
        continue;
      }
      running.delete(first.worker);
      if (decided(first.outcome)) {
        for (const worker of running.keys()) worker.cancel();
        await Promise.all(running.values());
        return { ...first.outcome, seconds: elapsed() };
      }
      aborted.push(first.outcome);
      // Time and memory budgets bind every configuration alike, and so does the caller's stop; only a clingo
      // failure passes the program on.
      if (first.outcome.reason.includes('budget') || budget.signal?.aborted) {
        for (const worker of running.keys()) worker.cancel();
        await Promise.all(running.values());
        break;
      }
      if (running.size === 0 && next < configurations) await startNext();
    }
    return { ...aborted[0]!, seconds: elapsed() };
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.flat().map((w) => w.close()));
  }

  /**
   * An idle worker of configuration `index`, started if needed. The first configuration's workers are at
   * most `parallelism` (a caller waits for one to be released); the others serve one portfolio each.
   */
  private async acquire(index: number): Promise<ClingoWorker> {
    const pool = this.pools[index]!;
    for (;;) {
      const idle = pool.find((w) => !this.busy.has(w));
      if (idle || index > 0 || pool.length < this.parallelism) {
        const worker = idle ?? new ClingoWorker(this.portfolio[index]!);
        if (!idle) pool.push(worker);
        this.busy.add(worker);
        return worker;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(worker: ClingoWorker): void {
    this.busy.delete(worker);
    if (this.pools[0]!.includes(worker)) this.waiting.shift()?.();
  }
}

/** The first of the running solves to settle, or undefined when `seconds` pass first. */
async function firstSettled(
  running: ReadonlyMap<ClingoWorker, Promise<SolveOutcome>>,
  seconds: number | undefined,
): Promise<{ worker: ClingoWorker; outcome: SolveOutcome } | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const races: Promise<{ worker: ClingoWorker; outcome: SolveOutcome } | undefined>[] = [
    ...[...running].map(([worker, p]) => p.then((outcome) => ({ worker, outcome }))),
  ];
  if (seconds !== undefined) {
    races.push(
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), seconds * 1000);
      }),
    );
  }
  const winner = await Promise.race(races);
  clearTimeout(timer);
  return winner;
}

/** One clingo-wasm instance with fixed options in a worker thread, one program at a time (exported for tests). */
export class ClingoWorker {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private cancelCurrent: (() => void) | undefined;

  constructor(private readonly args: readonly string[]) {}

  /** Stops the program being solved (it is reported as aborted). */
  cancel(): void {
    this.cancelCurrent?.();
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { runner: runnerUrl() } });
    worker.unref();
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; failed?: string }) => {
        worker.off('message', onMessage);
        if (m.ready) resolve();
        else reject(new Error(`clingo-wasm failed to load: ${m.failed}`));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return this.ready;
  }

  private stop(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    this.ready = undefined;
  }

  async solve(program: string, budget: SolverBudget): Promise<SolveOutcome> {
    const started = performance.now();
    const baseline = process.memoryUsage.rss();
    let peakBytes = 0;
    const elapsed = () => (performance.now() - started) / 1000;
    // A cancel while clingo-wasm is still loading (a portfolio's second worker, restarted after a cancel,
    // can take a second to load) must not be lost: the program would then run to its budget unobserved.
    let cancelled = false;
    this.cancelCurrent = () => {
      cancelled = true;
    };
    try {
      await this.start();
    } catch (e) {
      this.stop();
      this.cancelCurrent = undefined;
      return { status: 'aborted', reason: String((e as Error).message ?? e), seconds: elapsed(), peakBytes };
    }
    if (cancelled || budget.signal?.aborted) {
      this.cancelCurrent = undefined;
      return { status: 'aborted', reason: cancelled ? 'cancelled' : STOPPED, seconds: elapsed(), peakBytes };
    }
    // Loading clingo-wasm used up the budget: no solve.
    if (elapsed() > budget.seconds) {
      this.cancelCurrent = undefined;
      return { status: 'aborted', reason: timeBudgetExceeded(budget.seconds), seconds: elapsed(), peakBytes };
    }
    const worker = this.worker!;
    worker.ref();
    return new Promise<SolveOutcome>((resolve) => {
      const finish = (outcome: SolveOutcome) => {
        clearInterval(monitor);
        budget.signal?.removeEventListener('abort', onStop);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        this.cancelCurrent = undefined;
        resolve(outcome);
      };
      const abort = (reason: string) => {
        this.stop();
        finish({ status: 'aborted', reason, seconds: elapsed(), peakBytes });
      };
      const monitor = setInterval(() => {
        peakBytes = Math.max(peakBytes, process.memoryUsage.rss() - baseline);
        if (peakBytes > budget.memoryBytes) {
          abort(`memory budget of ${Math.round(budget.memoryBytes / 2 ** 20)} MB exceeded`);
        } else if (elapsed() > budget.seconds) {
          abort(timeBudgetExceeded(budget.seconds));
        }
      }, SAMPLE_MS);
      this.cancelCurrent = () => abort('cancelled');
      const onStop = () => abort(STOPPED);
      budget.signal?.addEventListener('abort', onStop, { once: true });
      const onMessage = (m: { result: ClingoJson }) => {
        peakBytes = Math.max(peakBytes, process.memoryUsage.rss() - baseline);
        const r = m.result;
        const seconds = elapsed();
        // An answer after the budget is not taken: between the monitor's samples a quick program would pass it.
        if (seconds > budget.seconds) {
          finish({ status: 'aborted', reason: timeBudgetExceeded(budget.seconds), seconds, peakBytes });
        } else if (r.Result === 'UNSATISFIABLE') finish({ status: 'unsatisfiable', seconds, peakBytes });
        else if (r.Result === 'SATISFIABLE') {
          const atoms = r.Call?.[0]?.Witnesses?.[0]?.Value ?? [];
          finish({ status: 'satisfiable', atoms, seconds, peakBytes });
        } else {
          // clingo's own failures (out of wasm memory, grounding errors) leave the question open.
          this.stop();
          finish({ status: 'aborted', reason: `clingo: ${r.Error ?? r.Result}`.trim(), seconds, peakBytes });
        }
      };
      const onError = (e: Error) => abort(`clingo worker failed: ${e.message}`);
      const onExit = () => abort('clingo worker exited');
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ program, args: this.args });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await worker?.terminate();
  }
}
