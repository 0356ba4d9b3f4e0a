// Policy simulations inside WebAssembly (issue 20) against core's TypeScript reference: the generic loop with
// core's tables over the same reasoner's primitives. The module mirrors the reference step for step (same
// draws, same hash layout, exp and pow from Math), so for a seed the simulations, what they record and the
// tables' sizes must be identical, over several batches, with decay between them and with the tree's own
// choices and records interleaved; on both ways the module propagates.
import {
  createPolicyTable,
  type Game,
  genericSimulate,
  type PolicySpec,
  Rng,
  type SimulationBatch,
} from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { buildPropnet } from '../src/index.js';
import { PropnetWasmReasoner, WasmPropnet } from '../src/index.wasm.js';
import { supportsDifferential } from '../src/wasm/differential-lower.js';
import { DifferentialWasmPropnet } from '../src/wasm/differential-runtime.js';
import { type DenseLimits, WasmPolicyTable } from '../src/wasm/policy-table.js';
import { corpusGame } from './helpers.js';
import './load-binaryen.js';

const games = [
  { path: 'tictactoe.kif', count: 60 },
  { path: 'connectfour.kif', count: 30 },
  { path: 'breakthrough.kif', count: 6 },
  // simultaneous moves: every role chooses in every step
  { path: 'dualconnect4.kif', count: 10 },
  // one role and four: the sequences' earlier moves are of role r - 1 and r - 2 modulo the roles
  { path: '8puzzle.kif', count: 6 },
  { path: 'chinesecheckers4.kif', count: 6 },
];

const specs: PolicySpec[] = [
  { kind: 'uniform' },
  { kind: 'mast', gamma: 0.2 },
  { kind: 'nst', gamma: 0.6, threshold: 2 },
  // a tiny NST table: growth stops, sequences are dropped and the sweep prunes
  { kind: 'nst', gamma: 0.5, threshold: 1, maxEntries: 600 },
];

/** A game's reasoner on the straight-line module (whose policy simulations these tests compare). */
function straightLine(name: string): { game: Game; reasoner: PropnetWasmReasoner } {
  const game = corpusGame(name);
  const ir = buildPropnet(game);
  return { game, reasoner: new PropnetWasmReasoner(game, ir, new WasmPropnet(ir)) };
}

/**
 * A batch from the initial state, from the state after one joint move (that move as its prefix) and from the
 * initial state with that move forced (the tree's new leaves), in turn.
 */
function batchOf(r: PropnetWasmReasoner, count: number, seed: number): SimulationBatch<Uint32Array> {
  const initial = r.initialState();
  const first = r.roles.map((_, role) => r.legalMoves(initial, role).at(-1)!);
  const second = r.nextState(initial, first);
  const starts: Uint32Array[] = [];
  const prefix: number[] = [];
  const offsets = [0];
  const forced: number[] = [];
  for (let i = 0; i < count; i++) {
    const later = i % 3 === 2;
    const force = i % 3 === 1;
    starts.push(later ? second : initial);
    if (later || force) prefix.push(...first);
    offsets.push(prefix.length);
    forced.push(force ? 1 : 0);
  }
  return {
    starts,
    prefixMoves: Int32Array.from(prefix),
    prefixOffsets: Int32Array.from(offsets),
    forcedFirstMove: Uint8Array.from(forced),
    seed,
    maxDepth: 200,
    recordMoves: true,
  };
}

const modules: [string, (game: Game) => PropnetWasmReasoner | undefined][] = [
  [
    'straight-line',
    (game) => {
      const ir = buildPropnet(game);
      return new PropnetWasmReasoner(game, ir, new WasmPropnet(ir));
    },
  ],
  [
    'differential',
    (game) => {
      const ir = buildPropnet(game);
      return supportsDifferential(ir)
        ? new PropnetWasmReasoner(game, ir, new DifferentialWasmPropnet(ir))
        : undefined;
    },
  ],
];

describe.each(games)('policy simulations inside WebAssembly: $path', ({ path, count }) => {
  const game = corpusGame(path);
  // NST's pairs and triples in dense structures (every game here is small enough), or found by hashing alone.
  const hashed: DenseLimits = { pairCells: 0, tripleEntries: 0 };
  const layouts: [string, DenseLimits | undefined][] = [
    ['', undefined],
    [', hashed sequences', hashed],
  ];
  for (const [kind, make] of modules) {
    const r = make(game);
    const cases = layouts.flatMap(([name, limits]) => specs.map((spec) => [name, limits, spec] as const));
    it.skipIf(r === undefined).each(cases)(
      `${kind} module%s: the reference's simulations, %o %o`,
      (_, limits, spec) => {
        const reasoner = r!;
        const created = reasoner.createPolicy(spec);
        expect(created).toBeInstanceOf(WasmPolicyTable);
        const module = limits
          ? new WasmPolicyTable(spec, (created as WasmPolicyTable).adapter, reasoner.ir, game, limits)
          : created;
        const reference = createPolicyTable(spec, game.roles.length);
        const rng = new Rng(11);
        const random = () => rng.nextFloat();
        const initial = reasoner.initialState();
        const legal = reasoner.legalMoves(initial, 0);
        for (let round = 0; round < 3; round++) {
          const batch = batchOf(reasoner, count, 7 + round);
          const got = reasoner.simulate(batch, module);
          const want = genericSimulate(reasoner, batch, reference);
          expect(got, `round ${round}`).toEqual(want);
          expect(module.size, `round ${round}: table size`).toBe(reference.size);
          // The tree's side: a choice among the first moves (same draws), a simulation recorded, a real move.
          const seed = rng.nextUint32();
          const a = new Rng(seed);
          const b = new Rng(seed);
          const context = want.moves.subarray(0, Math.min(want.moves.length, 2 * game.roles.length));
          expect(module.choose(0, legal, context, () => a.nextFloat())).toBe(
            reference.choose(0, legal, context, () => b.nextFloat()),
          );
          const moves = want.moves.subarray(want.moveOffsets[0]!, want.moveOffsets[1]!);
          module.record(moves, want.depths[0]!, want.goals.subarray(0, game.roles.length));
          reference.record(moves, want.depths[0]!, want.goals.subarray(0, game.roles.length));
          module.decay();
          reference.decay();
          random();
        }
      },
    );
  }
});

describe('policy simulations inside WebAssembly: lazy decay', () => {
  it("a choice's reads store no decayed count, as in the reference: two decays later a pair of count 3 still reaches k = 3 * 0.6^2", () => {
    const { game, reasoner } = straightLine('tictactoe.kif');
    const initial = reasoner.initialState();
    const [a, b, c] = reasoner.legalMoves(initial, 0);
    const noop = reasoner.legalMoves(initial, 1)[0]!;
    const [p, q] = reasoner.legalMoves(reasoner.nextState(initial, [a!, noop]), 1);
    // o's p after x's a: 100 three times (the pair), p elsewhere 0 four times (single 42.9), q 50.
    const sims: [number[], number][] = [
      ...Array.from({ length: 3 }, (): [number[], number] => [[a!, noop, noop, p!], 100]),
      ...Array.from({ length: 4 }, (): [number[], number] => [[b!, noop, noop, p!], 0]),
      [[c!, noop, noop, q!], 50],
    ];
    // Stored at the first choice, the pair's count would be (3 * 0.6) * 0.6 below k after the second decay.
    const spec: PolicySpec = { kind: 'nst', gamma: 0.6, threshold: 3 * 0.6 ** 2, epsilon: 0 };
    for (const limits of [undefined, { pairCells: 0, tripleEntries: 0 }]) {
      const created = reasoner.createPolicy(spec) as WasmPolicyTable;
      const module = limits ? new WasmPolicyTable(spec, created.adapter, reasoner.ir, game, limits) : created;
      const reference = createPolicyTable(spec, game.roles.length);
      for (const table of [module, reference]) {
        for (const [moves, reward] of sims) table.record(moves, 2, [0, reward]);
        const choices = [];
        for (let decays = 0; decays < 2; decays++) {
          table.decay();
          choices.push(table.choose(1, [p!, q!], [a!, noop], () => 0.5));
        }
        expect(choices, limits ? 'hashed' : 'dense').toEqual([0, 0]);
      }
    }
  });
});

describe('policy simulations inside WebAssembly: large NST tables', () => {
  it("a sequence table past 1 MiB, whose lookups read their slots ahead: the reference's simulations", () => {
    const { game, reasoner } = straightLine('breakthrough.kif');
    const spec: PolicySpec = { kind: 'nst', gamma: 0.6, threshold: 2 };
    const module = reasoner.createPolicy(spec);
    const reference = createPolicyTable(spec, game.roles.length);
    for (let round = 0; round < 2; round++) {
      const batch = batchOf(reasoner, 2500, 31 + round);
      expect(reasoner.simulate(batch, module), `round ${round}`).toEqual(
        genericSimulate(reasoner, batch, reference),
      );
      expect(module.size, `round ${round}: table size`).toBe(reference.size);
    }
    // Four sequence tables hold them: one has over 16,384 entries, so 32,768 slots of 32 bytes (1 MiB).
    expect(reference.size).toBeGreaterThan(4 * 16_384 + 2 * game.store.size);
  });
});

describe('policy simulations inside WebAssembly: tables and reasoners', () => {
  it("a table of another reasoner plays through core's generic loop, through its choose and record", () => {
    const game = corpusGame('connectfour.kif');
    const ir = buildPropnet(game);
    const owner = new PropnetWasmReasoner(game, ir, new WasmPropnet(ir));
    const other = new PropnetWasmReasoner(game, ir, new WasmPropnet(ir));
    const spec: PolicySpec = { kind: 'nst', gamma: 0.6, threshold: 1 };
    const table = owner.createPolicy(spec);
    const reference = createPolicyTable(spec, game.roles.length);
    for (const seed of [1, 2]) {
      const batch = batchOf(other, 8, seed);
      expect(other.simulate(batch, table)).toEqual(genericSimulate(other, batch, reference));
    }
    expect(table.size).toBe(reference.size);
  });
});

describe('policy simulations inside WebAssembly: errors', () => {
  it("a move given for a role that is not one of the role's moves is refused, naming both", () => {
    const { game, reasoner: r } = straightLine('breakthrough.kif');
    const table = r.createPolicy({ kind: 'nst' });
    const initial = r.initialState();
    const white = r.legalMoves(initial, 0);
    const black = game.store.toKif(game.roles[1]!);
    expect(() => table.choose(1, white, [], Math.random)).toThrow(
      `${game.store.toKif(white[0]!)} is no move of role ${black}`,
    );
    // the second of a joint move is black's
    expect(() => table.record([white[0]!, white[0]!], 1, [50, 50])).toThrow(/is no move of role/);
  });

  it('a move that is no move of the game is refused with its name', () => {
    const { game, reasoner: r } = straightLine('tictactoe.kif');
    const table = r.createPolicy({ kind: 'mast' });
    const notAMove = game.store.constant('nosuchmove');
    expect(() => table.record([notAMove, notAMove], 1, [50, 50])).toThrow(/nosuchmove is no move/);
  });

  it("a prefix move that is not its role's, or no move at all, is refused in any simulation of the batch", () => {
    const { game, reasoner: r } = straightLine('breakthrough.kif');
    const table = r.createPolicy({ kind: 'nst' });
    const initial = r.initialState();
    const [white, black] = r.roles.map((_, role) => r.legalMoves(initial, role)[0]!) as [number, number];
    const after = r.nextState(initial, [white, black]);
    const batchWith = (second: number): SimulationBatch<Uint32Array> => ({
      starts: [after, after, after],
      prefixMoves: Int32Array.from([white, black, white, second, white, black]),
      prefixOffsets: Int32Array.from([0, 2, 4, 6]),
      seed: 1,
      maxDepth: 200,
    });
    expect(r.simulate(batchWith(black), table).count).toBe(3);
    expect(() => r.simulate(batchWith(white), table)).toThrow(
      `${game.store.toKif(white)} is no move of role ${game.store.toKif(game.roles[1]!)}`,
    );
    expect(() => r.simulate(batchWith(-1), table)).toThrow('term -1 is no move of any role in this game');
    expect(() => r.simulate(batchWith(game.store.constant('nosuchmove')), table)).toThrow(
      'nosuchmove is no move of any role in this game',
    );
  });

  it('a forced first move not legal in its start is refused, naming the simulation and the move', () => {
    const { game, reasoner: r } = straightLine('tictactoe.kif');
    const table = r.createPolicy({ kind: 'nst' });
    const initial = r.initialState();
    const first = r.roles.map((_, role) => r.legalMoves(initial, role)[0]!);
    const batch: SimulationBatch<Uint32Array> = {
      starts: [initial, r.nextState(initial, first)],
      prefixMoves: Int32Array.from([...first, ...first]),
      prefixOffsets: Int32Array.from([0, first.length, 2 * first.length]),
      forcedFirstMove: Uint8Array.from([1, 1]),
      seed: 1,
      maxDepth: 200,
    };
    const kif = first.map((m) => game.store.toKif(m)).join(' ');
    expect(() => r.simulate(batch, table)).toThrow(`simulation 1 forces (${kif}), not legal in its start`);
    expect(() => genericSimulate(r, batch, createPolicyTable({ kind: 'nst' }, 2))).toThrow(
      /simulation 1 forces .* not legal in its start/,
    );
  });
});
