// The native policy simulations against core's TypeScript reference (the generic loop over the TypeScript
// propnet engine, same IR). In the exact mode uniform and NST make the same draws for a seed, so their
// simulations must be identical; MAST's Gibbs weights go through `exp`, whose last bit may differ between
// Rust and V8, and the 64-lane mode learns every 64 simulations instead of after each, so those are
// compared statistically.
import {
  type Game,
  MAST_TAU,
  type MastTable,
  NST_EPSILON,
  type NstTable,
  type PolicySpec,
  type PolicyTable,
  Rng,
  type SimulationBatch,
} from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { buildPropnet, PropnetReasoner } from '@gdlkit/propnet';
import { beforeAll, describe, expect, it } from 'vitest';
import { NativeReasoner, requireNative } from '../src/index.js';
import { withoutRust } from './rust-toolchain.js';

const games = [
  { path: 'tictactoe.kif', exact: 200, learn: 1500 },
  { path: 'connectfour.kif', exact: 100, learn: 1000 },
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

/** The probability of each of `moves` as role 0's first move under `table` (empty context). */
function policyShares(table: PolicyTable, spec: PolicySpec, moves: readonly number[]): number[] {
  const k = moves.length;
  if (spec.kind === 'uniform') return moves.map(() => 1 / k);
  if (spec.kind === 'mast') {
    const mast = table as MastTable;
    const weights = moves.map((m) => Math.exp((mast.value(0, m) - 100) / MAST_TAU));
    const total = weights.reduce((x, y) => x + y, 0);
    return weights.map((w) => w / total);
  }
  const scores = moves.map((m) => (table as NstTable).score(0, m, []));
  const best = Math.max(...scores);
  const ties = scores.filter((s) => s === best).length;
  return scores.map((s) => NST_EPSILON / k + (s === best ? (1 - NST_EPSILON) / ties : 0));
}

describe.skipIf(withoutRust).each(games)(
  'native policy simulations vs the TypeScript reference: $path',
  ({ path, exact, learn }) => {
    let game: Game;
    let ts: PropnetReasoner;
    let exactNative: NativeReasoner;
    let lanes: NativeReasoner;
    beforeAll(() => {
      game = loadCorpusGame(path);
      const ir = buildPropnet(game);
      ts = new PropnetReasoner(game, ir);
      exactNative = new NativeReasoner(game, ir, requireNative(), { playoutMode: 'exact' });
      lanes = new NativeReasoner(game, ir, requireNative());
    });

    for (const spec of [{ kind: 'uniform' }, { kind: 'nst', threshold: 2 }] satisfies PolicySpec[]) {
      it(`exact mode, ${spec.kind}: the same simulations for a seed, in two batches, learning alike`, () => {
        const a = ts.createPolicy(spec);
        const b = exactNative.createPolicy(spec);
        for (const seed of [1, 2]) {
          const want = ts.simulate(fromStart(ts.initialState(), exact, seed), a);
          const got = exactNative.simulate(fromStart(exactNative.initialState(), exact, seed), b);
          expect(got).toEqual(want);
        }
        expect(b.size).toBe(a.size);
      });
    }

    // MAST and NST feed back on themselves (a move that wins early is played more), so two long runs drift
    // apart on their own. The choice itself is checked instead: native tables learn the same `learn`
    // simulations as the reference (through `record`), and the first moves of batches of 64 simulations
    // (one lane group: no table update before they are chosen) must follow the distribution the reference
    // table defines (MAST: formula 2 over Qh; NST: ε-greedy over T(a); section 3).
    const modes: [string, () => NativeReasoner][] = [
      ['exact mode', () => exactNative],
      ['64 lanes', () => lanes],
    ];
    const kinds: PolicySpec[] = [{ kind: 'uniform' }, { kind: 'mast' }, { kind: 'nst' }];
    const cases = modes.flatMap(([mode, get]) =>
      kinds.map((spec) => [`${mode}, ${spec.kind}`, get, spec] as const),
    );
    it.each(cases)('%s: first moves follow the policy of the learnt table', (_, get, spec) => {
      const native = get();
      const reference = ts.createPolicy(spec);
      const roles = game.roles.length;
      const trained = ts.simulate(fromStart(ts.initialState(), learn, 5), reference);
      const first = ts.legalMoves(ts.initialState(), 0);
      const counts = new Array<number>(first.length).fill(0);
      const batches = 10;
      for (let b = 0; b < batches; b++) {
        const subject = native.createPolicy(spec);
        for (let i = 0; i < learn; i++) {
          const moves = trained.moves.subarray(trained.moveOffsets[i]!, trained.moveOffsets[i + 1]!);
          subject.record(moves, trained.depths[i]!, trained.goals.subarray(i * roles, (i + 1) * roles));
        }
        expect(subject.size).toBe(reference.size);
        const r = native.simulate(fromStart(native.initialState(), 64, 100 + b), subject);
        for (let i = 0; i < 64; i++) counts[first.indexOf(r.moves[r.moveOffsets[i]!]!)]!++;
        subject.dispose();
      }
      const want = policyShares(reference, spec, first);
      // Binomial shares of 640 draws: 4 standard errors of a share near 1/2 is 2 / sqrt(640).
      for (let i = 0; i < first.length; i++) {
        expect(Math.abs(counts[i]! / (64 * batches) - want[i]!), `first move ${i}`).toBeLessThan(
          2 / Math.sqrt(640),
        );
      }
    });

    it.each(kinds)('the tree-side choice ($kind) of a native table follows the learnt policy', (spec) => {
      const reference = ts.createPolicy(spec);
      const roles = game.roles.length;
      const trained = ts.simulate(fromStart(ts.initialState(), learn, 5), reference);
      const subject = lanes.createPolicy(spec);
      for (let i = 0; i < learn; i++) {
        const moves = trained.moves.subarray(trained.moveOffsets[i]!, trained.moveOffsets[i + 1]!);
        subject.record(moves, trained.depths[i]!, trained.goals.subarray(i * roles, (i + 1) * roles));
      }
      const first = ts.legalMoves(ts.initialState(), 0);
      const rng = new Rng(3);
      const random = () => rng.nextFloat();
      const counts = new Array<number>(first.length).fill(0);
      for (let i = 0; i < 2000; i++) counts[subject.choose(0, first, [], random)]!++;
      const want = policyShares(reference, spec, first);
      for (let i = 0; i < first.length; i++) {
        expect(Math.abs(counts[i]! / 2000 - want[i]!), `move ${i}`).toBeLessThan(2 / Math.sqrt(2000));
      }
      subject.dispose();
    });

    it('the tree-side choice of a native NST table reads the n-gram context it is given', () => {
      const spec: PolicySpec = { kind: 'nst', epsilon: 0, threshold: 1 };
      const reference = ts.createPolicy(spec) as NstTable;
      const roles = game.roles.length;
      const trained = ts.simulate(fromStart(ts.initialState(), learn, 5), reference);
      const subject = lanes.createPolicy(spec);
      for (let i = 0; i < learn; i++) {
        const moves = trained.moves.subarray(trained.moveOffsets[i]!, trained.moveOffsets[i + 1]!);
        subject.record(moves, trained.depths[i]!, trained.goals.subarray(i * roles, (i + 1) * roles));
      }
      // Along the first recorded playout: the joint moves so far are the context of the next choice.
      const moves = trained.moves.subarray(0, trained.moveOffsets[1]!);
      let state = ts.initialState();
      for (let step = 0; step + 1 < trained.depths[0]!; step++) {
        state = ts.nextState(state, Array.from(moves.subarray(step * roles, (step + 1) * roles)));
        const previous = moves.subarray(Math.max(0, step - 1) * roles, (step + 1) * roles);
        for (let r = 0; r < roles; r++) {
          const legal = ts.legalMoves(state, r);
          if (legal.length < 2) continue;
          const scores = legal.map((m) => reference.score(r, m, previous));
          const picked = subject.choose(r, legal, previous, () => 0.5);
          expect(scores[picked], `step ${step + 1} role ${r}`).toBe(Math.max(...scores));
        }
      }
      subject.dispose();
    });

    it('a disposed native table and moves of no role are errors, not crashes', () => {
      const table = lanes.createPolicy({ kind: 'nst' });
      const start = lanes.initialState();
      const joint = game.roles.map((_, r) => lanes.legalMoves(start, r)[0]!);
      expect(() => table.choose(0, [game.store.constant('gdlkit_not_a_move')], [], Math.random)).toThrow(
        `gdlkit_not_a_move is no move of role ${game.roleName(0)}`,
      );
      expect(() => table.record(joint, 1, [0])).toThrow(/1 rewards for 2 roles/);
      table.dispose();
      expect(table.size).toBe(0);
      expect(() => table.decay()).toThrow(/disposed/);
      expect(() => lanes.simulate(fromStart(lanes.initialState(), 4, 1), table)).toThrow(/disposed/);
    });

    it('64 lanes, uniform: mean goals as the reference', () => {
      const roles = game.roles.length;
      const [want, got] = ([ts, lanes] as const).map((reasoner) => {
        const r = reasoner.simulate(
          fromStart(reasoner.initialState() as Uint32Array, learn, 9),
          reasoner.createPolicy({ kind: 'uniform' }),
        );
        return Array.from(
          { length: roles },
          (_, role) => r.goals.filter((_, k) => k % roles === role).reduce((x, y) => x + y, 0) / learn,
        );
      });
      // Goals on 0..100: a standard deviation of at most 50 points, 4 standard errors of each mean.
      for (let r = 0; r < roles; r++)
        expect(Math.abs(want![r]! - got![r]!), `role ${r}`).toBeLessThan(400 / Math.sqrt(learn));
    });
  },
);
