// The solver runs in a worker thread that is terminated when a proof exceeds its time or memory budget;
// an aborted proof is unknown, never proved — also in the joint search, where the others may not assume it.
import { afterAll, describe, expect, it } from 'vitest';
import { ClingoWorker } from '../src/clingo-solver.js';
import {
  type AspSolver,
  ClingoSolver,
  formatProperty,
  GameAnalyser,
  parseProperty,
  type SearchResult,
  type SolveOutcome,
  type SolverBudget,
  STOPPED,
} from '../src/index.js';
import { gameText } from './helpers.js';

// Pigeonhole: 13 pigeons in 12 holes has no answer set but takes a CDCL solver far longer than a second.
const PIGEONHOLE = [
  'p(1..13). h(1..12).',
  '1 { in(P,H) : h(H) } 1 :- p(P).',
  ':- in(P,H), in(Q,H), P < Q.',
].join('\n');

describe('budget', () => {
  const solver = new ClingoSolver();
  afterAll(() => solver.close());

  it('stops a solve that exceeds the time budget and keeps working afterwards', async () => {
    const started = performance.now();
    const outcome = await solver.solve(PIGEONHOLE, { seconds: 0.5, memoryBytes: 2 ** 31 });
    expect(outcome.status).toBe('aborted');
    expect(outcome.status === 'aborted' && outcome.reason).toMatch(/time budget/);
    // Generous: the worker is terminated at the budget, but a loaded machine may take seconds to do it.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((await solver.solve('a. :- a.', { seconds: 10, memoryBytes: 2 ** 31 })).status).toBe(
      'unsatisfiable',
    );
  });

  it("stops a solve on the caller's signal (aborted, not decided) and keeps working afterwards", async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 300);
    const outcome = await solver.solve(PIGEONHOLE, {
      seconds: 60,
      memoryBytes: 2 ** 31,
      signal: stop.signal,
    });
    expect(outcome.status === 'aborted' && outcome.reason).toBe(STOPPED);
    const again = await solver.solve('a.', { seconds: 10, memoryBytes: 2 ** 31, signal: stop.signal });
    expect(again.status === 'aborted' && again.reason).toBe(STOPPED);
    expect((await solver.solve('a. :- a.', { seconds: 10, memoryBytes: 2 ** 31 })).status).toBe(
      'unsatisfiable',
    );
  });

  it('stops a solve that exceeds the memory budget', async () => {
    // Grounding a large relation grows WebAssembly memory, which worker resource limits do not see.
    const big = 'n(1..3000). q(X,Y) :- n(X), n(Y).';
    const outcome = await solver.solve(big, { seconds: 60, memoryBytes: 64 * 2 ** 20 });
    expect(outcome.status).toBe('aborted');
    expect(outcome.status === 'aborted' && outcome.reason).toMatch(/memory budget/);
  });

  it('gives a program to the second configuration only with the portfolio', async () => {
    // The second configuration defines `easy`, which makes the pigeonhole program unsatisfiable at once.
    const program = `#const easy=0.\n:- easy = 1.\n${PIGEONHOLE}`;
    const pair = new ClingoSolver([[], ['-c', 'easy=1']]);
    try {
      const budget = { seconds: 3, memoryBytes: 2 ** 31 };
      expect((await pair.solve(program, budget)).status).toBe('unsatisfiable');
      const alone = await pair.solve(program, budget, { portfolio: false });
      expect(alone.status === 'aborted' && alone.reason).toMatch(/time budget/);
    } finally {
      await pair.close();
    }
  });

  it('stops a program cancelled while its worker is still loading clingo-wasm', async () => {
    // Regression: the portfolio's second worker, restarted after a cancel, loads for up to a second; a cancel
    // then was lost and the quarto joint-search tests ran one program to their 120 s budget (2 runs in 4).
    const worker = new ClingoWorker([]);
    try {
      const solving = worker.solve(PIGEONHOLE, { seconds: 5, memoryBytes: 2 ** 31 });
      worker.cancel();
      const outcome = await solving;
      expect(outcome.status === 'aborted' && outcome.reason).toBe('cancelled');
    } finally {
      await worker.close();
    }
  });

  it('solves up to `parallelism` programs at once and queues the others within their budget', async () => {
    const budget = (seconds: number) => ({ seconds, memoryBytes: 2 ** 31 });
    const both = async (parallelism: number, seconds: number) => {
      const pool = new ClingoSolver(undefined, { parallelism });
      try {
        return await Promise.all([
          pool.solve(PIGEONHOLE, budget(2), { portfolio: false }),
          pool.solve('a.', budget(seconds), { portfolio: false }),
        ]);
      } finally {
        await pool.close();
      }
    };
    // One worker: the second program waits for the first one's 2 s, longer than its own budget.
    const [, queued] = await both(1, 1);
    expect(queued.status === 'aborted' && queued.reason).toMatch(/time budget/);
    const [long, beside] = await both(2, 30);
    expect(long.status).toBe('aborted');
    expect(beside.status).toBe('satisfiable');
  });

  it('reports an aborted proof as unknown', async () => {
    const analyser = GameAnalyser.load(gameText('tictactoe'), 'tictactoe.kif');
    try {
      const r = await analyser.prove(parseProperty('unique:cell/3:3'), [], {
        seconds: 0.001,
        memoryBytes: 2 ** 30,
      });
      expect(r.status).toBe('unknown');
      expect(r.reason).toMatch(/budget/);
    } finally {
      await analyser.close();
    }
  });
});

/** clingo, except that programs matching `stop` come back as stopped by the budget. */
class StoppingSolver implements AspSolver {
  private readonly clingo = new ClingoSolver();
  constructor(private readonly stop: (program: string) => boolean) {}
  solve(program: string, budget: SolverBudget): Promise<SolveOutcome> {
    if (!this.stop(program)) return this.clingo.solve(program, budget);
    return Promise.resolve({ status: 'aborted', reason: 'stopped by the test', seconds: 0, peakBytes: 0 });
  }
  close(): Promise<void> {
    return this.clingo.close();
  }
}

describe('budget in the joint search (quarto)', () => {
  const budget = { seconds: 120, memoryBytes: 2 ** 30 };
  const search = async (stop: (program: string) => boolean) => {
    const analyser = GameAnalyser.load(gameText('quarto'), 'quarto.kif', {
      solver: new StoppingSolver(stop),
    });
    try {
      // The joint search alone: the group of turn fluents would be proved by plain induction.
      return await analyser.searchUnique({ budget, groups: false });
    } finally {
      await analyser.close();
    }
  };
  const status = (r: SearchResult) =>
    Object.fromEntries(r.results.map((x) => [formatProperty(x.property), x.status]));

  it('proves nothing jointly when every joint step is stopped', async () => {
    // Nothing is proved one at a time in quarto, so exactly the joint steps assume something.
    const r = await search((program) => program.includes(':- vIol(1,true).'));
    expect(r.proved).toEqual([]);
    expect(status(r)['unique:selectcontrol/1:1']).toBe('unknown');
    expect(status(r)['unique:placecontrol/1:1']).toBe('unknown');
    expect(r.results.some((x) => x.status === 'proved')).toBe(false);
  });

  it('drops a member whose step is stopped and proves the rest without assuming it', async () => {
    const r = await search((program) => program.includes('vIol(0,next) :- next(selected('));
    expect(status(r)['unique:selected/1:1']).toBe('unknown');
    expect(r.provedJointly.map(formatProperty).sort()).toEqual([
      'unique:placecontrol/1:1',
      'unique:selectcontrol/1:1',
    ]);
    for (const x of r.results.filter((x) => x.status === 'proved')) {
      expect(x.assumptions.map(formatProperty)).not.toContain('unique:selected/1:1');
    }
  });
});

/** clingo, with the `held`-th program (1-based) held back for `delayMs` first. */
class SlowStartSolver implements AspSolver {
  private readonly clingo = new ClingoSolver();
  private calls = 0;
  constructor(
    private readonly held: number,
    private readonly delayMs: number,
  ) {}
  async solve(program: string, budget: SolverBudget): Promise<SolveOutcome> {
    if (++this.calls === this.held) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return this.clingo.solve(program, budget);
  }
  close(): Promise<void> {
    return this.clingo.close();
  }
}

describe("the search's own time limit", () => {
  const budget = { seconds: 60, memoryBytes: 2 ** 30 };

  it('starts no proof after it and says it stopped; what was proved stays proved', async () => {
    // Program 1 computes the relaxed domain (before the search's clock starts); program 2 is the first
    // candidate's base case, which outlasts the limit, so no other candidate is tried.
    const analyser = GameAnalyser.load(gameText('tictactoe'), 'tictactoe.kif', {
      solver: new SlowStartSolver(2, 300),
    });
    try {
      const r = await analyser.searchUnique({ budget, seconds: 0.2 });
      expect(r.stopped).toBe(true);
      expect(r.results.length).toBe(1);
      expect(r.provedJointly).toEqual([]);
      expect(r.provedGroups).toEqual([]);
      const full = await analyser.searchUnique({ budget });
      expect(full.stopped).toBe(false);
      expect(full.proved.map(formatProperty)).toContain('unique:control/1:1');
      for (const p of r.proved) expect(full.proved.map(formatProperty)).toContain(formatProperty(p));
    } finally {
      await analyser.close();
    }
  });
});
