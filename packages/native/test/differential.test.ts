// Differential propagation with control splitting (crates/propnet-core/src/differential*.rs,
// control_split.rs) on real games through the binding: one-at-a-time playouts give exactly the statistics of
// the incremental engine for each seed, from the initial state and from states along a match (each call
// loads its start state as a diff on the side nets), and the chosen mode is reported.
import { type Game, Rng } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { buildPropnet } from '@gdlkit/propnet';
import { beforeAll, describe, expect, it } from 'vitest';
import { NativeReasoner, requireNative } from '../src/index.js';
import { withoutRust } from './rust-toolchain.js';

// amazons_8x8 and chinesecheckers3: split on a control found jointly (a phase or player cycle; control_split.rs).
describe
  .skipIf(withoutRust)
  .each(['breakthrough.kif', 'hex.kif', 'reversi.kif', 'amazons_8x8.kif', 'chinesecheckers3.kif'])(
  'differential playouts: %s',
  (path) => {
    let engine: NativeReasoner;
    let differential: NativeReasoner;
    let game: Game;
    beforeAll(() => {
      game = loadCorpusGame(path);
      const ir = buildPropnet(game);
      engine = new NativeReasoner(game, ir, requireNative(), { propagation: 'incremental' });
      differential = new NativeReasoner(game, ir, requireNative(), { propagation: 'differential' });
    });

    it('reports its mode', () => {
      expect(differential.net.propagation).toBe('differential');
      expect(engine.net.propagation).toBe('incremental');
    });

    it('equals the engine seed for seed, one playout per call and in a batch', () => {
      const start = engine.initialState();
      for (let seed = 0; seed < 6; seed++) {
        const options = { count: 1, seed };
        expect(differential.playouts(start, options)).toEqual(engine.playouts(start, options));
      }
      const exact = { count: 5, seed: 11, maxDepth: 7 };
      const a = new NativeReasoner(game, engine.ir, requireNative(), {
        propagation: 'differential',
        playoutMode: 'exact',
      });
      const b = new NativeReasoner(game, engine.ir, requireNative(), {
        propagation: 'incremental',
        playoutMode: 'exact',
      });
      expect(a.playouts(start, exact)).toEqual(b.playouts(start, exact));
    });

    it('equals the engine from every state of a match', () => {
      const rng = new Rng(3);
      let state = engine.initialState();
      for (let step = 0; !engine.isTerminal(state); step++) {
        const options = { count: 1, seed: step };
        expect(differential.playouts(state, options), `step ${step}`).toEqual(
          engine.playouts(state, options),
        );
        const move = engine.roles.map((_, r) => {
          const legal = engine.legalMoves(state, r);
          return legal[rng.nextInt(legal.length)]!;
        });
        state = engine.nextState(state, move);
      }
    });
  },
);

// auto may pick nets that propagate the goals at every step (calibrate.rs): tron_10x10's playouts are ~3
// steps long, so it usually does; whichever set-up it picks, the statistics are the engine's.
describe.skipIf(withoutRust)('auto one at a time on tron_10x10', () => {
  it('equals the engine seed for seed', () => {
    const game = loadCorpusGame('tron_10x10.kif');
    const ir = buildPropnet(game);
    const auto = new NativeReasoner(game, ir, requireNative(), { playoutMode: 'exact' });
    const engine = new NativeReasoner(game, ir, requireNative(), {
      propagation: 'incremental',
      playoutMode: 'exact',
    });
    expect(auto.net.propagation).toBe('differential');
    const start = engine.initialState();
    for (let seed = 0; seed < 4; seed++) {
      const options = seed === 3 ? { count: 64, seed, maxDepth: 2 } : { count: 64, seed };
      expect(auto.playouts(start, options)).toEqual(engine.playouts(start, options));
    }
  });
});
