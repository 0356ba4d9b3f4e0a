import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Backend,
  BackendRegistry,
  BackendUnavailableError,
  BudgetExceededError,
  GdlkitError,
  loadGame,
} from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import {
  type AutoReasoner,
  createAutoBackend,
  createDefaultRegistry,
  explainAutoChoice,
  LazyBackend,
  loadAll,
} from '../src/index.js';

const games = join(import.meta.dirname, '../../../games');
const tictactoe = () => loadGame(readFileSync(join(games, 'tictactoe.kif'), 'utf8'), 'tictactoe.kif');
const montyhall = () => loadGame(readFileSync(join(games, 'montyhall.kif'), 'utf8'), 'montyhall.kif');

/** A backend that always exceeds its budget, as a grounder does on a game too large for it. */
const overBudget: Backend = {
  name: 'over-budget',
  description: 'always exceeds its budget',
  capabilities: { gdl2: true, batchPlayouts: false, batchPerft: false, threads: false },
  availability: () => ({ available: true }),
  create: async () => {
    throw new BudgetExceededError('grounding cell/3 exceeds the budget', { relation: 'cell/3' });
  },
};

describe('the default registry', () => {
  it('registers every built-in backend and auto', async () => {
    const registry = createDefaultRegistry();
    await loadAll(registry);
    expect(registry.list().map((b) => b.name)).toEqual([
      'prover',
      'forward',
      'propnet',
      'propnet-wasm',
      'native',
      'filter',
      'auto',
    ]);
    for (const b of registry.list()) expect(b.availability()).toEqual({ available: true });
  });

  it('names the registered backends when asked for an unknown one', () => {
    expect(() => createDefaultRegistry().get('quantum')).toThrow(/unknown backend 'quantum'.*prover/);
  });
});

describe('auto', () => {
  it('picks the first backend in its order that builds and says why', async () => {
    // Without timing, so that the choice cannot depend on the machine's load.
    const reasoner = (await createDefaultRegistry()
      .get('auto')
      .create(tictactoe(), { calibrate: false })) as AutoReasoner;
    expect(reasoner.backend).toBe('propnet-wasm');
    expect(reasoner.attempts.at(-1)).toMatchObject({ backend: 'propnet-wasm', outcome: 'chosen' });
  });

  it('falls back when a backend exceeds its budget', async () => {
    const registry = createDefaultRegistry();
    registry.register(overBudget);
    const auto = createAutoBackend(registry, ['over-budget', 'prover']);
    const reasoner = (await auto.create(tictactoe())) as AutoReasoner;
    expect(reasoner.backend).toBe('prover');
    expect(reasoner.attempts[0]).toMatchObject({ backend: 'over-budget', outcome: 'failed' });
    expect(reasoner.attempts[0]!.reason).toMatch(/cell\/3/);
  });

  it('shares buildTimeMs among its attempts: half of what is left, all of it for the last', async () => {
    const given: number[] = [];
    const registry = new BackendRegistry();
    const slow: Backend = {
      ...overBudget,
      name: 'slow',
      create: async (_game, options) => {
        given.push(options!.buildTimeMs!);
        await new Promise((resolve) => setTimeout(resolve, 40));
        throw new BudgetExceededError('slow ran out');
      },
    };
    const prover = createDefaultRegistry().get('prover');
    registry.register(slow).register({
      name: 'prover',
      description: prover.description,
      capabilities: prover.capabilities,
      availability: () => prover.availability(),
      create: (game, options) => {
        given.push(options!.buildTimeMs!);
        return prover.create(game, options);
      },
    });
    const reasoner = (await createAutoBackend(registry, ['slow', 'prover']).create(tictactoe(), {
      buildTimeMs: 10_000,
    })) as AutoReasoner;
    expect(reasoner.backend).toBe('prover');
    expect(given[0]).toBeLessThanOrEqual(5_000);
    expect(given[1]).toBeGreaterThan(5_000);
    expect(given[1]).toBeLessThanOrEqual(10_000 - 40);
  });

  it('does not ground a game again for native and propnet after propnet-wasm exceeded the same budget', async () => {
    const registry = createDefaultRegistry();
    await loadAll(registry);
    const auto = createAutoBackend(registry, ['propnet-wasm', 'native', 'propnet']);
    // One millisecond cannot build any propnet; the error lists each attempt's reason. Without propnet-wasm's
    // caches: an IR an earlier test of this run left there would be read, not built, within the millisecond.
    const options = { buildTimeMs: 1, wasmCache: false };
    const error = await auto.create(tictactoe(), options).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    const reasons = error!.message
      .replace(/^no backend could handle tictactoe.kif: /, '')
      .split(/; (?=(?:propnet-wasm|native|propnet): )/);
    expect(reasons).toHaveLength(3);
    const [wasm, native, propnet] = reasons;
    expect(wasm).toMatch(/^propnet-wasm: /);
    expect(wasm).not.toMatch(/not built again/);
    expect(native).toMatch(/^native: .*time budget of 1 ms .*not built again/);
    expect(propnet).toMatch(/^propnet: .*time budget of 1 ms .*not built again/);
  });

  it('passes every attempt the same sharedBuilds, so an IR built for a refused module serves the next', async () => {
    const registry = createDefaultRegistry();
    await loadAll(registry);
    const seen: unknown[] = [];
    const refusing: Backend = {
      ...overBudget,
      name: 'refusing-wasm',
      create: async (game, options) => {
        seen.push(options?.sharedBuilds);
        await registry.get('propnet-wasm').create(game, options);
        throw new BudgetExceededError('the module would take too long');
      },
    };
    const propnet = registry.get('propnet');
    registry.register(refusing).register({
      ...propnet,
      name: 'timed-propnet',
      create: (game, options) => {
        seen.push(options?.sharedBuilds);
        // A millisecond grounds nothing: only the IR the refused attempt left lets this build.
        return propnet.create(game, { ...options, buildTimeMs: 1 });
      },
    });
    const reasoner = (await createAutoBackend(registry, ['refusing-wasm', 'timed-propnet']).create(
      tictactoe(),
    )) as AutoReasoner;
    expect(reasoner.backend).toBe('propnet');
    expect(reasoner.attempts.map((a) => a.outcome)).toEqual(['failed', 'chosen']);
    expect(seen[0]).toBeInstanceOf(Map);
    expect(seen[1]).toBe(seen[0]);
  });

  /**
   * A prover-backed backend whose playouts take `delayMs` longer per call, recording its disposal: busy
   * (spending CPU) or blocked (`Atomics.wait`: the thread sleeps, as when another process holds the core).
   */
  const delayed = (name: string, delayMs: number, disposed: string[], blocked = false): Backend => ({
    ...overBudget,
    name,
    create: async (game) => {
      const reasoner = await createDefaultRegistry().get('prover').create(game);
      const playouts = reasoner.playouts.bind(reasoner);
      const cell = new Int32Array(new SharedArrayBuffer(4));
      return Object.assign(reasoner, {
        playouts: (...args: Parameters<typeof playouts>) => {
          if (blocked) Atomics.wait(cell, 0, 0, delayMs);
          const until = performance.now() + (blocked ? 0 : delayMs);
          while (performance.now() < until);
          return playouts(...args);
        },
        dispose: () => disposed.push(name),
      });
    },
  });

  /** auto over a slow backend first and a quick challenger, with the names of the disposed reasoners. */
  const slowThenQuick = () => {
    const disposed: string[] = [];
    const registry = new BackendRegistry()
      .register(delayed('slow', 5, disposed))
      .register(delayed('quick', 0, disposed));
    return { auto: createAutoBackend(registry, ['slow', 'quick'], ['quick']), disposed };
  };

  it('times the backends that built side by side, keeps the fastest and disposes the others', async () => {
    const { auto, disposed } = slowThenQuick();
    const reasoner = (await auto.create(tictactoe())) as AutoReasoner;
    expect(reasoner.attempts.map((a) => [a.backend, a.outcome])).toEqual([
      ['slow', 'measured'],
      ['quick', 'measured'],
      ['quick', 'chosen'],
    ]);
    expect(reasoner.attempts[0]!.reason).toMatch(/^[\d,]+ states per CPU-second$/);
    expect(disposed).toEqual(['slow']);
  });

  // Issue 25: on a loaded machine a wall-clock slice counted the time other processes held the core, and auto
  // once kept a backend several times slower. Time the thread sleeps is no cost of the backend's.
  it('times by CPU, not by the time other processes hold the core', async () => {
    const disposed: string[] = [];
    const registry = new BackendRegistry()
      .register(delayed('busy', 2, disposed))
      .register(delayed('preempted', 8, disposed, true));
    const auto = createAutoBackend(registry, ['busy', 'preempted'], ['preempted']);
    const reasoner = (await auto.create(tictactoe())) as AutoReasoner;
    expect(reasoner.attempts.map((a) => [a.backend, a.outcome])).toEqual([
      ['busy', 'measured'],
      ['preempted', 'measured'],
      ['preempted', 'chosen'],
    ]);
    expect(disposed).toEqual(['busy']);
  });

  it('builds no challenger when too little of buildTimeMs would be left to time it', async () => {
    const { auto, disposed } = slowThenQuick();
    // 300 ms cannot hold two backends' 400 ms of timing: quick is neither built nor disposed.
    const reasoner = (await auto.create(tictactoe(), { buildTimeMs: 300 })) as AutoReasoner;
    expect(reasoner.attempts.map((a) => [a.backend, a.outcome])).toEqual([['slow', 'chosen']]);
    expect(disposed).toEqual([]);
  });

  it('keeps the first that builds without timing when calibrate is false', async () => {
    const { auto, disposed } = slowThenQuick();
    const reasoner = (await auto.create(tictactoe(), { calibrate: false })) as AutoReasoner;
    expect(reasoner.attempts.map((a) => [a.backend, a.outcome])).toEqual([['slow', 'chosen']]);
    expect(disposed).toEqual([]);
  });

  // Issue 25: the grounded backends refuse this game, the prover built at once, and its first legal query
  // never ended. auto now asks every backend it builds for initialState and legalMoves before handing it out.
  it('refuses a backend whose first legal query exceeds its budget', async () => {
    const text = `${readFileSync(join(games, 'tictactoe.kif'), 'utf8')}
(<= (zzn (s ?x)) (zzn ?x))
(zzn 0)
(<= (legal ?r zzmove) (role ?r) (zzn (s (s (s ?x)))))`;
    const unbounded = loadGame(text, 'tictactoe-unbounded.kif');
    const auto = createAutoBackend(createDefaultRegistry(), ['forward', 'prover']);
    const error = await auto.create(unbounded, { maxAnswers: 5000 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GdlkitError);
    expect((error as GdlkitError).code).toBe('BUDGET_EXCEEDED');
    expect((error as Error).message).toMatch(
      /forward: .*; prover: .*5000 new table answers while proving zzn\/1/,
    );
  });

  it('skips backends without GDL-II support for GDL-II games', async () => {
    const registry = new BackendRegistry();
    registry.register({
      ...overBudget,
      name: 'gdl-only',
      capabilities: { ...overBudget.capabilities, gdl2: false },
    });
    registry.register(createDefaultRegistry().get('prover'));
    const reasoner = (await createAutoBackend(registry, ['gdl-only', 'prover']).create(
      montyhall(),
    )) as AutoReasoner;
    expect(reasoner.attempts.map((a) => a.outcome)).toEqual(['skipped', 'chosen']);
  });

  it('fails with a typed error naming every attempt when nothing builds', async () => {
    const registry = new BackendRegistry().register(overBudget);
    const auto = createAutoBackend(registry, ['over-budget']);
    await expect(auto.create(tictactoe())).rejects.toThrow(GdlkitError);
    await expect(auto.create(tictactoe())).rejects.toThrow(/over-budget: grounding cell\/3/);
  });
});

describe('lazy loading', () => {
  const spec = (load: () => Promise<Backend>, loadSync?: () => Backend) =>
    new LazyBackend({
      name: 'missing',
      description: 'its package is not installed',
      capabilities: overBudget.capabilities,
      package: '@gdlkit/missing',
      exportName: 'missingBackend',
      load,
      ...(loadSync ? { loadSync } : {}),
    });
  /** What Node throws for a package that is not installed. */
  const notInstalled = (specifier: string) =>
    Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/index.js`), {
      code: 'ERR_MODULE_NOT_FOUND',
    });

  it('reports a backend whose package is not installed as unavailable, with the install command', async () => {
    const missing = spec(async () => {
      throw notInstalled('@gdlkit/missing');
    });
    await missing.load();
    const reason = 'its package @gdlkit/missing is not installed (npm install @gdlkit/missing)';
    expect(missing.availability()).toEqual({ available: false, reason });
    await expect(missing.create(tictactoe())).rejects.toThrow(BackendUnavailableError);
    await expect(missing.create(tictactoe())).rejects.toThrow(`backend missing is unavailable: ${reason}`);
  });

  it("names the package's own load error when one of its dependencies is missing", async () => {
    const broken = spec(async () => {
      throw notInstalled('binaryen');
    });
    await broken.load();
    expect(broken.availability()).toEqual({
      available: false,
      reason: "cannot load @gdlkit/missing: Cannot find package 'binaryen' imported from /app/index.js",
    });
  });

  it('answers availability before any load through loadSync, once per message (issue 23)', async () => {
    const unavailable: Backend = {
      ...overBudget,
      availability: () => ({ available: false, reason: 'no native binary for this platform' }),
    };
    const lazy = spec(
      async () => unavailable,
      () => unavailable,
    );
    expect(lazy.availability()).toEqual({ available: false, reason: 'no native binary for this platform' });
    const error = (await lazy.create(tictactoe()).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect(error.message).toBe('backend missing is unavailable: no native binary for this platform');
    const absent = spec(
      async () => unavailable,
      () => {
        throw notInstalled('@gdlkit/missing');
      },
    );
    expect(absent.availability()).toEqual({
      available: false,
      reason: expect.stringMatching(/npm install @gdlkit\/missing/),
    });
  });
});

// kalaha_2009 builds three backends (about 60 s on a loaded 2-core machine), so it runs with test:cross.
describe.runIf(process.env.GDLKIT_CROSS === '1')('auto on a large net', () => {
  it('chooses the forward chainer on kalaha_2009, where it is many times faster than the WASM module', async () => {
    const registry = createDefaultRegistry();
    await loadAll(registry);
    const kalaha = loadGame(readFileSync(join(games, 'kalaha_2009.kif'), 'utf8'), 'kalaha_2009.kif');
    const reasoner = (await registry.get('auto').create(kalaha)) as AutoReasoner;
    expect(reasoner.backend).toBe('forward');
    const measured = reasoner.attempts.filter((a) => a.outcome === 'measured').map((a) => a.backend);
    expect(measured).toEqual(['propnet-wasm', 'propnet', 'forward']);
    reasoner.dispose();
  }, 600_000);
});

describe('explainAutoChoice', () => {
  it('says which backend auto chose, why, the rates it compared and what failed before', () => {
    const line = explainAutoChoice([
      { backend: 'native', outcome: 'failed', reason: 'no native binary for linux-x64-gnu', ms: 1 },
      { backend: 'propnet-wasm', outcome: 'measured', reason: '900 states per CPU-second', ms: 5 },
      { backend: 'forward', outcome: 'measured', reason: '300 states per CPU-second', ms: 2 },
      { backend: 'propnet-wasm', outcome: 'chosen', reason: 'fastest of the 2 that built', ms: 5 },
    ]);
    expect(line).toBe(
      'auto chose propnet-wasm: fastest of the 2 that built (propnet-wasm 900 states per CPU-second; ' +
        'forward 300 states per CPU-second); native failed: no native binary for linux-x64-gnu',
    );
  });
});
