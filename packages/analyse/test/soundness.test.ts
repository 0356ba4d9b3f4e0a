// Soundness cross-check: every property the analyser proves (one at a time or jointly) holds in every state
// of seeded random matches played with the prover backend.
import { playRandomMatch, type Reasoner } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import { GameAnalyser, type Property, parseProperty, violates } from '../src/index.js';
import { gameText } from './helpers.js';

const MATCHES = 25;

/** Whether the state, given as fluent texts, violates the property (the analyser's own concrete check). */
function violation(reasoner: Reasoner, p: Property, state: readonly string[]): boolean {
  const facts = state.map((text) => reasoner.game.parseTerm(text));
  return violates(reasoner, reasoner.stateFromFacts(facts), p, 100);
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
        for (const p of proved)
          expect(violation(reasoner, p, step.state), `${name} seed ${seed}`).toBe(false);
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
    const tictactoe = createProver(GameAnalyser.load(gameText('tictactoe'), 'tictactoe.kif').game);
    const cell = parseProperty('unique:cell/3:3');
    expect(violation(tictactoe, cell, ['(cell 1 1 o)', '(cell 1 1 x)', '(cell 1 2 x)'])).toBe(true);
    expect(violation(tictactoe, cell, ['(cell 1 1 o)', '(cell 1 2 x)'])).toBe(false);
    // A full board without a line: terminal, 50 each; with two marks of x on the board only: not terminal.
    const draw = ['x o x', 'x o o', 'o x x'].flatMap((row, y) =>
      row.split(' ').map((m, x) => `(cell ${x + 1} ${y + 1} ${m})`),
    );
    expect(violation(tictactoe, parseProperty('zero-sum'), draw)).toBe(false);
    expect(violation(tictactoe, parseProperty('zero-sum:90'), draw)).toBe(true);
    tictactoe.dispose();
    // Quarto spells its features selectControl; the game's names are case-insensitive.
    const quarto = createProver(GameAnalyser.load(gameText('quarto'), 'quarto.kif').game);
    const select = parseProperty('unique:selectcontrol/1:1');
    expect(violation(quarto, select, ['(selectControl white)', '(selectControl black)'])).toBe(true);
    quarto.dispose();
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
  it('quarto (the controls and the selected piece jointly, exactly one turn fluent, zero-sum given them)', async () => {
    expect(await crossCheck('quarto', [parseProperty('zero-sum')])).toBe(5);
  });
  it('knightthrough (board given control, and zero-sum by induction over the legal joint moves)', async () => {
    const control = parseProperty('unique:control/1:1');
    const board = parseProperty('unique:cell/3:3');
    expect(await crossCheck('knightthrough', [board, parseProperty('zero-sum')], [control])).toBe(3);
  });
});
