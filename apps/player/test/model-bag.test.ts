// The hypergames of HyperPlay (giga13-05 section 3) against brute force: every path of the game consistent with
// the role's moves and percepts, with its probability (the other roles uniform over their legal moves).
import type { Reasoner, TermId } from '@gdlkit/core';
import { loadCorpusGame } from '@gdlkit/core/corpus';
import { createFilter, FluentAtoms } from '@gdlkit/filter';
import { proverBackend } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { HyperPlayer } from '../src/hyperplay/hyperplay-player.js';
import { ModelBag, type Observation, perceptKey } from '../src/hyperplay/model-bag.js';
import { RandomPolicy } from '../src/search/playout-policy.js';

/** The exact posterior over the current states' fluent sets (as keys), by enumeration of every history. */
function exactPosterior<S>(reasoner: Reasoner<S>, role: number, observations: readonly Observation[]) {
  const posterior = new Map<string, number>();
  const walk = (state: S, round: number, probability: number) => {
    if (round === observations.length) {
      const key = stateKey(reasoner, state);
      posterior.set(key, (posterior.get(key) ?? 0) + probability);
      return;
    }
    const { ownMove, percepts } = observations[round]!;
    if (!reasoner.legalMoves(state, role).includes(ownMove)) return;
    const legal = reasoner.roles.map((_, r) => (r === role ? [ownMove] : reasoner.legalMoves(state, r)));
    const total = legal.reduce((n, m) => n * m.length, 1);
    for (let i = 0; i < total; i++) {
      let rest = i;
      const joint = legal.map(() => 0 as TermId);
      for (let r = legal.length - 1; r >= 0; r--) {
        joint[r] = legal[r]![rest % legal[r]!.length]!;
        rest = Math.floor(rest / legal[r]!.length);
      }
      if (perceptKey(reasoner.sees(state, joint, role)) !== perceptKey(percepts)) continue;
      walk(reasoner.nextState(state, joint), round + 1, probability / total);
    }
  };
  walk(reasoner.initialState(), 0, 1);
  const sum = [...posterior.values()].reduce((a, b) => a + b, 0);
  for (const [k, v] of posterior) posterior.set(k, v / sum);
  return posterior;
}

function stateKey<S>(reasoner: Reasoner<S>, state: S): string {
  const store = reasoner.game.store;
  return reasoner
    .stateToFacts(state)
    .map((f) => store.toKif(f))
    .sort()
    .join(' ');
}

/** The bag's weighted distribution over the same keys; every model must be one of the exact states. */
function bagPosterior<S>(bag: ModelBag<S>, exact: Map<string, number>) {
  const weights = bag.weights();
  const out = new Map<string, number>();
  bag.models.forEach((m, i) => {
    const key = stateKey(bag.reasoner, m.state);
    expect(exact.has(key), `model ${key} is in the information set`).toBe(true);
    out.set(key, (out.get(key) ?? 0) + weights[i]!);
  });
  return out;
}

async function observe(file: string, rounds: [string, string[]][]) {
  const reasoner = await proverBackend.create(loadCorpusGame(file));
  const t = (s: string) => reasoner.game.parseTerm(s);
  return {
    reasoner,
    observations: rounds.map(([m, p]): Observation => ({ ownMove: t(m), percepts: p.map(t) })),
  };
}

describe('ModelBag against the enumerated information set', () => {
  it('Monty Hall: car behind the chosen door 1/3, behind the other closed door 2/3', async () => {
    const { reasoner, observations } = await observe('montyhall.kif', [
      ['(choose 1)', ['(does candidate (choose 1))']],
      ['noop', ['(does candidate noop)', '(open_door 2)']],
    ]);
    const exact = exactPosterior(reasoner, 0, observations);
    expect([...exact.values()].sort()).toEqual([1 / 3, 2 / 3].map((x) => expect.closeTo(x, 9)));
    const bag = new ModelBag(reasoner, 0, { models: 300, seed: 5 });
    for (const o of observations) bag.update(o.ownMove, o.percepts);
    expect(bag.size).toBe(300);
    const sampled = bagPosterior(bag, exact);
    // Importance weights make the estimate exact up to sampling error (3 standard errors of 300 draws).
    for (const [key, p] of exact) expect(Math.abs((sampled.get(key) ?? 0) - p)).toBeLessThan(0.09);
  });

  it('Exploding Bomb: asking reveals the wire, so every model agrees after backtracking', async () => {
    const { reasoner, observations } = await observe('explodingbomb.kif', [
      ['noop', []],
      ['ask', ['red']],
    ]);
    const exact = exactPosterior(reasoner, 0, observations);
    expect(exact.size).toBe(1);
    const bag = new ModelBag(reasoner, 0, { models: 16, seed: 2 });
    bag.update(observations[0]!.ownMove, observations[0]!.percepts);
    const before = bagPosterior(bag, exactPosterior(reasoner, 0, observations.slice(0, 1)));
    expect([...before.values()].every((p) => p > 0.2)).toBe(true);
    bag.update(observations[1]!.ownMove, observations[1]!.percepts);
    expect(bag.size).toBe(16);
    expect(bag.stats.backtracks).toBeGreaterThan(0);
    expect([...bagPosterior(bag, exact).values()]).toEqual([expect.closeTo(1, 9)]);
  });

  it('Exploding Bomb without asking: both wires stay equally likely', async () => {
    const { reasoner, observations } = await observe('explodingbomb.kif', [
      ['noop', []],
      ['wait', []],
    ]);
    const exact = exactPosterior(reasoner, 0, observations);
    expect(exact.size).toBe(2);
    const bag = new ModelBag(reasoner, 0, { models: 200, seed: 9 });
    for (const o of observations) bag.update(o.ownMove, o.percepts);
    const sampled = bagPosterior(bag, exact);
    for (const [key, p] of exact) expect(Math.abs((sampled.get(key) ?? 0) - p)).toBeLessThan(0.11);
  });

  it('an observation no history explains empties the bag', async () => {
    const { reasoner, observations } = await observe('montyhall.kif', [
      ['(choose 1)', ['(does candidate (choose 2))']],
    ]);
    const bag = new ModelBag(reasoner, 0, { models: 4, seed: 1 });
    bag.update(observations[0]!.ownMove, observations[0]!.percepts);
    expect(bag.size).toBe(0);
  });
});

describe('ModelBag bounded by the filter (Proposition 2)', () => {
  it('Monty Hall: every model lies within (B+, B0), and no percept-consistent successor is outside it', async () => {
    const { reasoner, observations } = await observe('montyhall.kif', [
      ['(choose 1)', ['(does candidate (choose 1))']],
      ['noop', ['(does candidate noop)', '(open_door 2)']],
    ]);
    const game = reasoner.game;
    const filter = createFilter(game, { role: 0 });
    const atoms = new FluentAtoms(game);
    const player = new HyperPlayer(game, reasoner, 0, new RandomPolicy(), {
      resources: hyperPlayResourcesFor(24),
      seed: 3,
      maxPlayoutDepth: 50,
    });
    let knowledge = filter.initialState();
    for (const o of observations) {
      knowledge = filter.update(knowledge, o.ownMove, o.percepts).state;
      player.update(o.ownMove, o.percepts, knowledge, Number.POSITIVE_INFINITY);
    }
    expect(player.bag.size).toBe(24);
    for (const m of player.bag.models)
      expect(atoms.representsState(knowledge, reasoner.stateToFacts(m.state))).toBe(true);
    expect(player.bag.stats.outsideBound).toBe(0);
  });
});

function hyperPlayResourcesFor(hypergames: number) {
  return { hypergames, simulations: 1, innerHypergames: 1, innerSimulations: 1 };
}

describe('ModelBag recovery', () => {
  it('a bag emptied by an update out of time is drawn again at the next update (regression: it stayed empty)', async () => {
    const { reasoner, observations } = await observe('montyhall.kif', [
      ['(choose 1)', ['(does candidate (choose 1))']],
      ['noop', ['(does candidate noop)', '(open_door 2)']],
    ]);
    const bag = new ModelBag(reasoner, 0, { models: 8, seed: 4 });
    bag.update(observations[0]!.ownMove, observations[0]!.percepts, null, 0);
    expect(bag.size).toBe(0);
    bag.update(observations[1]!.ownMove, observations[1]!.percepts);
    expect(bag.size).toBe(8);
    for (const m of bag.models) expect(m.rounds).toHaveLength(2);
  });
});
