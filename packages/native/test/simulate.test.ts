// The native policy simulations against core's TypeScript reference (the generic loop over the TypeScript
// propnet engine, same IR): uniform and NST make the same draws for a seed, so without decay their
// simulations must be identical; MAST's Gibbs weights go through `exp`, whose last bit may differ between
// Rust and V8, so its learnt values, first moves and goals are compared statistically.
import {
  type Game,
  loadCorpusGame,
  type MastTable,
  type PolicySpec,
  type SimulationBatch,
} from '@gdlkit/core';
import { buildPropnet, PropnetReasoner } from '@gdlkit/propnet';
import { beforeAll, describe, expect, it } from 'vitest';
import { NativeReasoner, requireNative } from '../src/index.js';
import type { NativePolicyTable } from '../src/policy-table.js';
import { withoutRust } from './rust-toolchain.js';

const games = [
  { path: 'tictactoe.kif', exact: 200, learn: 3000 },
  { path: 'connectfour.kif', exact: 100, learn: 2000 },
  { path: 'breakthrough.kif', exact: 20, learn: 400 },
];

function fromStart<S>(start: S, count: number, seed: number): SimulationBatch<S> {
  return {
    starts: new Array<S>(count).fill(start),
    prefixMoves: new Int32Array(0),
    prefixOffsets: new Int32Array(count + 1),
    seed,
    maxDepth: 500,
    recordMoves: true,
  };
}

/** Share of simulations whose first move of `role` is each of `moves`, and the mean goal per role. */
function summary(
  moves: Int32Array,
  offsets: Int32Array,
  goals: Float64Array,
  roles: number,
  first: readonly number[],
) {
  const count = offsets.length - 1;
  const share = first.map(
    (m) => Array.from({ length: count }, (_, i) => moves[offsets[i]!]).filter((x) => x === m).length / count,
  );
  const mean = Array.from({ length: roles }, (_, r) => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += goals[i * roles + r]!;
    return sum / count;
  });
  return { share, mean };
}

describe.skipIf(withoutRust).each(games)(
  'native policy simulations vs the TypeScript reference: $path',
  ({ path, exact, learn }) => {
    let game: Game;
    let ts: PropnetReasoner;
    let native: NativeReasoner;
    beforeAll(() => {
      game = loadCorpusGame(path);
      const ir = buildPropnet(game);
      ts = new PropnetReasoner(game, ir);
      native = new NativeReasoner(game, ir, requireNative());
    });

    for (const spec of [{ kind: 'uniform' }, { kind: 'nst', threshold: 2 }] satisfies PolicySpec[]) {
      it(`${spec.kind}: the same simulations for a seed, in two batches, learning alike`, () => {
        const a = ts.createPolicy(spec);
        const b = native.createPolicy(spec);
        for (const seed of [1, 2]) {
          const want = ts.simulate(fromStart(ts.initialState(), exact, seed), a);
          const got = native.simulate(fromStart(native.initialState(), exact, seed), b);
          expect(got).toEqual(want);
        }
        expect(b.size).toBe(a.size);
      });
    }

    it('mast: learnt values, first moves and mean goals agree within sampling error', () => {
      const spec: PolicySpec = { kind: 'mast', gamma: 0.5 };
      const a = ts.createPolicy(spec) as MastTable;
      const b = native.createPolicy(spec) as NativePolicyTable;
      const first = ts.legalMoves(ts.initialState(), 0);
      const roles = game.roles.length;
      const halves = [a, b].map((table, t) => {
        const reasoner = t === 0 ? ts : native;
        reasoner.simulate(fromStart(reasoner.initialState(), learn / 2, 5), table);
        table.decay();
        const r = reasoner.simulate(fromStart(reasoner.initialState(), learn / 2, 6), table);
        return summary(r.moves, r.moveOffsets, r.goals, roles, first);
      });
      // Binomial shares of n = learn / 2 draws: 4 standard errors of a share near 1/2 is 4 * 0.5 / sqrt(n).
      const shareTolerance = 2 / Math.sqrt(learn / 2);
      for (let i = 0; i < first.length; i++) {
        expect(Math.abs(halves[0]!.share[i]! - halves[1]!.share[i]!), `first move ${i}`).toBeLessThan(
          shareTolerance,
        );
      }
      for (let r = 0; r < roles; r++) {
        // Goals on 0..100: a standard deviation of at most 50 points.
        expect(Math.abs(halves[0]!.mean[r]! - halves[1]!.mean[r]!), `mean goal ${r}`).toBeLessThan(
          200 / Math.sqrt(learn / 2),
        );
      }
      for (const move of first) {
        const counted = Math.min(a.count(0, move), b.count(0, move));
        if (counted < 50) continue;
        expect(Math.abs(a.value(0, move) - b.value(0, move)), `Qh of ${game.store.toKif(move)}`).toBeLessThan(
          200 / Math.sqrt(counted),
        );
      }
    });
  },
);
