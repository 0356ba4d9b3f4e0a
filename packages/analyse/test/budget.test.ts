// The solver runs in a worker thread that is terminated when a proof exceeds its time or memory budget;
// an aborted proof is unknown, never proved.
import { afterAll, describe, expect, it } from 'vitest';
import { ClingoSolver, GameAnalyser, parseProperty } from '../src/index.js';
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
    expect(performance.now() - started).toBeLessThan(5000);
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
