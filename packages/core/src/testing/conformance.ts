// The shared conformance suite: every backend's test file calls runConformanceSuite once with its Backend.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ciGames, goldenPath, loadCorpusGame } from '../corpus.js';
import { GdlkitError, IllegalMoveError } from '../errors.js';
import type { Game } from '../game/game.js';
import { firstDifference } from '../match/compare.js';
import { playRandomMatch, replayMatch } from '../match/random-match.js';
import type { Backend, BackendOptions, Reasoner } from '../reasoner/types.js';
import { sortCanonical, type TermId } from '../terms/term-store.js';
import { readTrace } from '../trace/reader.js';
import { breathe } from './breathe.js';
import { handChecks } from './hand-checks.js';
import { checkSimulations } from './simulation-checks.js';

export interface ConformanceOptions {
  /** Corpus paths (relative to games/); default: games/ci-games.txt. */
  readonly games?: readonly string[];
  /** Games this backend cannot build, with the reason; they are reported as skipped. */
  readonly skip?: Readonly<Record<string, string>>;
  readonly backendOptions?: BackendOptions;
  /** Joint moves checked per invariant match (default 30). */
  readonly invariantSteps?: number;
  /** Golden matches replayed per game (default: all in the file). */
  readonly goldenMatches?: number;
}

/** Registers, per game, the shared tests: hand-verified facts, golden traces, invariants, error cases. */
export function runConformanceSuite(backend: Backend, options: ConformanceOptions = {}): void {
  const games = options.games ?? ciGames();
  describe(`conformance: ${backend.name}`, () => {
    for (const path of games) {
      const reason = options.skip?.[path];
      if (reason) {
        it.skip(`${path} (skipped: ${reason})`, () => {});
        continue;
      }
      describe(path, () => {
        let game: Game;
        let reasoner: Reasoner | undefined;
        const get = async (): Promise<Reasoner> => {
          if (!reasoner) {
            game = loadCorpusGame(path);
            if (game.isGdl2 && !backend.capabilities.gdl2) throw new Error(`${backend.name} lacks GDL-II`);
            reasoner = await backend.create(game, options.backendOptions);
          }
          return reasoner;
        };
        const hand = handChecks[path];
        if (hand) it('agrees with the hand-verified facts', async () => hand(await get()));
        it('replays the golden match records step by step', async () => {
          const r = await get();
          const file = goldenPath(path);
          expect(existsSync(file), `golden records missing: ${file} (run pnpm golden)`).toBe(true);
          const blocks = readTrace(readFileSync(file, 'utf8'), file).slice(0, options.goldenMatches);
          for (const [i, block] of blocks.entries()) {
            await breathe();
            const replay = replayMatch(r, block);
            const diff = firstDifference(block.steps, replay.steps);
            expect(diff?.summary, `${path} match ${i} (seed ${block.header?.seed})`).toBeUndefined();
          }
        });
        it('keeps the contract invariants along a random match', async () => {
          await checkInvariants(await get(), options.invariantSteps ?? 30);
        });
        it('runs policy simulations that replay legally to the goals they report', async () => {
          await checkSimulations(await get());
        });
        it('rejects illegal and malformed joint moves with typed errors', async () => {
          checkErrors(await get());
        });
      });
    }
  });
}

async function checkInvariants(r: Reasoner, steps: number): Promise<void> {
  const match = playRandomMatch(r, { seed: 7, maxSteps: steps });
  let state = r.initialState();
  const store = r.game.store;
  for (const line of match.steps) {
    await breathe();
    const facts = r.stateToFacts(state);
    const copy = r.stateFromFacts(facts);
    expect(sortCanonical(store, r.stateToFacts(copy))).toEqual(sortCanonical(store, facts));
    expect(r.isTerminal(copy)).toBe(line.terminal);
    if (!line.terminal) {
      const counts = r.roles.map((_, role) => {
        const moves = r.legalMoves(state, role);
        expect(new Set(moves).size, 'legal moves have no duplicates').toBe(moves.length);
        expect(sortCanonical(store, r.legalMoves(copy, role))).toEqual(sortCanonical(store, moves));
        return moves.length;
      });
      if (counts.reduce((a, b) => a * b, 1) <= 400) {
        expect(r.perft(state, 1)).toBe(1 + counts.reduce((a, b) => a * b, 1));
      }
    } else {
      expect(r.perft(state, 3)).toBe(1);
    }
    expect(r.perft(state, 0)).toBe(1);
    const goals = r.goals(state);
    expect(goals).toHaveLength(r.roles.length);
    if (!line.moves) break;
    const move = r.roles.map((role) => r.game.parseTerm(line.moves![store.toKif(role)]!));
    state = r.nextState(state, move);
  }
  const stats = r.playouts(r.initialState(), { count: 5, seed: 11, maxDepth: 500 });
  expect(stats.playouts).toBe(5);
  expect(stats.states).toBe(stats.playouts + stats.totalDepth);
  expect(stats.minDepth).toBeLessThanOrEqual(stats.maxDepth);
  expect(stats.goalSums).toHaveLength(r.roles.length);
  const again = r.playouts(r.initialState(), { count: 5, seed: 11, maxDepth: 500 });
  expect(again, 'seeded playouts are reproducible').toEqual(stats);
}

function checkErrors(r: Reasoner): void {
  const state = r.initialState();
  if (r.isTerminal(state)) return;
  const legal = r.roles.map((_, role) => r.legalMoves(state, role));
  const move: TermId[] = legal.map((moves) => moves[0]!);
  const bogus = r.game.store.constant('gdlkit_not_a_move');
  expect(() =>
    r.nextState(
      state,
      move.map((m, i) => (i === 0 ? bogus : m)),
    ),
  ).toThrow(IllegalMoveError);
  expect(() => r.nextState(state, move.slice(1))).toThrow(GdlkitError);
  // A failed update leaves the state usable.
  expect(sortCanonical(r.game.store, r.legalMoves(state, 0))).toEqual(sortCanonical(r.game.store, legal[0]!));
}
