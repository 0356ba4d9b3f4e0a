// clingo (compiled to WebAssembly by the clingo-wasm package) in a worker thread under a time and memory
// budget. A worker's resourceLimits do not cover WebAssembly memory, so the process's resident set is
// sampled while a program runs and the worker is terminated when either budget is exceeded.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface SolverBudget {
  readonly seconds: number;
  /** Growth of the process's resident memory allowed while solving (the paper uses 1 GB). */
  readonly memoryBytes: number;
}

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

/** Anything that decides answer set programs (a browser build can supply one over clingo-wasm's web entry). */
export interface AspSolver {
  solve(program: string, budget: SolverBudget): Promise<SolveOutcome>;
  close(): Promise<void>;
}

// The worker imports clingo-wasm's synchronous runner directly, so a long solve blocks only the worker and
// terminating the worker is the only way to stop it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.runner).then(async ({ init }) => {
  const run = await init({ singleThreaded: true });
  parentPort.on('message', (program) => parentPort.postMessage({ result: run(program, 1, []) }));
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

export class ClingoSolver implements AspSolver {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;

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
    try {
      await this.start();
    } catch (e) {
      this.stop();
      return { status: 'aborted', reason: String((e as Error).message ?? e), seconds: elapsed(), peakBytes };
    }
    const worker = this.worker!;
    worker.ref();
    return new Promise<SolveOutcome>((resolve) => {
      const finish = (outcome: SolveOutcome) => {
        clearInterval(monitor);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
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
          abort(`time budget of ${Number(budget.seconds.toFixed(2))} s exceeded`);
        }
      }, SAMPLE_MS);
      const onMessage = (m: { result: ClingoJson }) => {
        peakBytes = Math.max(peakBytes, process.memoryUsage.rss() - baseline);
        const r = m.result;
        const seconds = elapsed();
        if (r.Result === 'UNSATISFIABLE') finish({ status: 'unsatisfiable', seconds, peakBytes });
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
      worker.postMessage(program);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await worker?.terminate();
  }
}
