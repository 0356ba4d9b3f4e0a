// Soundness cross-check: every property the analyser proves (one at a time or jointly) holds in every state
// of seeded random matches played with the prover backend.
import { type Game, playRandomMatch, type TermId } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { GameAnalyser, type Property, parseProperty } from '../src/index.js';
import { gameText } from './helpers.js';

const MATCHES = 25;

/** The property's violation in a state given as fluent texts, or undefined. */
function violation(
  game: Game,
  p: Property,
  state: readonly string[],
  goals?: Record<string, unknown>,
): string | undefined {
  if (p.kind === 'zero-sum') {
    if (!goals) return undefined;
    const values = Object.values(goals);
    if (!values.every((v) => typeof v === 'number')) return `goals ${JSON.stringify(goals)}`;
    const sum = (values as number[]).reduce((a, b) => a + b, 0);
    return sum === (p.total ?? 100) ? undefined : `goal sum ${sum}`;
  }
  if (p.kind !== 'unique') return undefined;
  const { store } = game;
  const values = new Map<string, string>();
  for (const text of state) {
    const term: TermId = game.parseTerm(text);
    const key = `${store.symbolName(store.functor(term))}/${store.arity(term)}`;
    if (key !== p.feature) continue;
    const args = store.argList(term).map((a) => store.toKif(a));
    const keyArgs = args.filter((_, i) => !p.positions.includes(i)).join(' ');
    const value = p.positions.map((i) => args[i]).join(' ');
    const seen = values.get(keyArgs);
    if (seen !== undefined && seen !== value) return `${text} beside value ${seen}`;
    values.set(keyArgs, value);
  }
  return undefined;
}

/**
 * Proves the unique arguments found by the systematic search (or, when `phi` is given, those properties in
 * order), then each of `extra` given them, and checks every proved property along random matches.
 */
async function crossCheck(name: string, extra: Property[], phi?: Property[]): Promise<number> {
  const analyser = GameAnalyser.load(gameText(name), `${name}.kif`);
  try {
    const budget = { seconds: 10, memoryBytes: 2 ** 30 };
    const assumptions: Property[] = [];
    const proved: Property[] = [];
    if (phi) {
      for (const p of phi)
        if ((await analyser.prove(p, assumptions, budget)).status === 'proved') assumptions.push(p);
      proved.push(...assumptions);
    } else {
      const search = await analyser.searchUnique({ budget });
      assumptions.push(...search.proved);
      proved.push(...search.proved, ...search.implied);
    }
    for (const p of extra) if ((await analyser.prove(p, assumptions)).status === 'proved') proved.push(p);
    const reasoner = createProver(analyser.game);
    let states = 0;
    for (let seed = 1; seed <= MATCHES; seed++) {
      const match = playRandomMatch(reasoner, { seed, maxSteps: 200 });
      for (const step of match.steps) {
        states++;
        const goals = step.terminal ? (step.goals as Record<string, unknown>) : undefined;
        for (const p of proved)
          expect(violation(analyser.game, p, step.state, goals), `${name} seed ${seed}`).toBeUndefined();
      }
    }
    reasoner.dispose();
    expect(states).toBeGreaterThan(MATCHES * 5);
    return proved.length;
  } finally {
    await analyser.close();
  }
}

describe('proved properties hold in random matches', () => {
  it('the checker sees a violation', () => {
    const game = GameAnalyser.load(gameText('tictactoe'), 'tictactoe.kif').game;
    const cell = parseProperty('unique:cell/3:3');
    expect(violation(game, cell, ['(cell 1 1 o)', '(cell 1 1 x)', '(cell 1 2 x)'])).toMatch(/cell 1 1 x/);
    expect(violation(game, cell, ['(cell 1 1 o)', '(cell 1 2 x)'])).toBeUndefined();
    // Quarto spells its features selectControl; the game's names are case-insensitive.
    const quarto = GameAnalyser.load(gameText('quarto'), 'quarto.kif').game;
    const select = parseProperty('unique:selectcontrol/1:1');
    expect(violation(quarto, select, ['(selectControl white)', '(selectControl black)'])).toBeDefined();
  });
  it('tictactoe', async () => {
    expect(await crossCheck('tictactoe', [parseProperty('zero-sum')])).toBe(3);
  });
  it('connectfour', async () => {
    expect(await crossCheck('connectfour', [parseProperty('zero-sum')])).toBeGreaterThanOrEqual(2);
  });
  it('blocker', async () => {
    expect(await crossCheck('blocker', [parseProperty('zero-sum')])).toBeGreaterThanOrEqual(1);
  });
  it('endgame (zero-sum proved as a consequence of control uniqueness)', async () => {
    const control = parseProperty('unique:control/1:1');
    expect(await crossCheck('endgame', [parseProperty('zero-sum')], [control])).toBe(2);
  });
  it('quarto (the two controls and the selected piece proved jointly)', async () => {
    expect(await crossCheck('quarto', [])).toBe(3);
  });
  it('knightthrough (zero-sum proved by induction over the legal joint moves)', async () => {
    const control = parseProperty('unique:control/1:1');
    expect(await crossCheck('knightthrough', [parseProperty('zero-sum')], [control])).toBe(2);
  });
});
