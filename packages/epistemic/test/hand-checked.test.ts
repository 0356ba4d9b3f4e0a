// Properties whose truth is worked out by hand on small games (see the comments in each game file).
import { describe, expect, it } from 'vitest';
import { PROPERTY_NAMES, parseFormula, Verifier } from '../src/index.js';
import { checkNamed, gameFile } from './helpers.js';

const BUDGET = { seconds: 60, memoryBytes: 2 ** 31 };

async function answers(verifier: Verifier): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of PROPERTY_NAMES) out[name] = (await checkNamed(verifier, name)).result;
  return out;
}

describe('hand-checked games', () => {
  it('Monty Hall satisfies (1)-(6): the candidate sees the opened door, the clock and, at the end, the car only if it won', async () => {
    expect(await answers(Verifier.create(gameFile('montyhall.kif')))).toEqual({
      terminates: 'holds',
      playable: 'holds',
      winnable: 'holds',
      'knows-terminal': 'holds',
      'knows-legal': 'holds',
      'knows-goal': 'holds',
    });
  });

  it('the blind 2x2 search: random ends it unseen (4 fails) and claim depends on the hidden row (5 fails)', async () => {
    expect(await answers(Verifier.create(gameFile('tests/epistemic/blind2x2.kif')))).toEqual({
      terminates: 'holds',
      playable: 'holds',
      winnable: 'holds',
      'knows-terminal': 'fails',
      'knows-legal': 'fails',
      'knows-goal': 'holds',
    });
  });

  it('a GDL game: complete information, so every role knows everything (tictactoe)', async () => {
    const verifier = Verifier.create(gameFile('tictactoe.kif'));
    expect(await answers(verifier)).toEqual({
      terminates: 'holds',
      playable: 'holds',
      winnable: 'holds',
      'knows-terminal': 'holds',
      'knows-legal': 'holds',
      'knows-goal': 'holds',
    });
    const full = await verifier.verify(
      parseFormula('A G (K[xplayer] (true (cell 1 1 x)) or K[xplayer] not (true (cell 1 1 x)))'),
      BUDGET,
    );
    expect(full.result).toBe('holds');
  });

  it('Monty Hall formulas beyond the six: hidden car, a winning strategy exists, introspection', async () => {
    const verifier = Verifier.create(gameFile('montyhall.kif'));
    const check = async (text: string) => (await verifier.verify(parseFormula(text), BUDGET)).result;
    // After random hides the car the candidate does not know where it is.
    expect(await check('G (K[candidate] (true (car 1)) or K[candidate] not (true (car 1)))')).toBe('fails');
    // ...but random does (it hid it) — knowledge of the chance role.
    expect(await check('G (K[random] (true (car 1)) or K[random] not (true (car 1)))')).toBe('holds');
    expect(await check('E F (goal candidate 100)')).toBe('holds');
    expect(await check('A F (goal candidate 100)')).toBe('fails');
    // The candidate always ends up knowing its outcome, and knows that it knows (perfect recall is S5).
    expect(await check('A F (K[candidate] (goal candidate 100) or K[candidate] (goal candidate 0))')).toBe(
      'holds',
    );
    expect(await check('G (K[candidate] terminal -> K[candidate] K[candidate] terminal)')).toBe('holds');
    // Random does not know the candidate's first choice... but knows that the candidate knows it.
    expect(await check('X G (K[random] (true (chosen 1)) or K[random] not (true (chosen 1)))')).toBe('fails');
    expect(
      await check('X G K[random] (K[candidate] (true (chosen 1)) or K[candidate] not (true (chosen 1)))'),
    ).toBe('holds');
    // does: the move that led to the state (the paper's did variables).
    expect(await check('X (does random (hide_car 1)) -> X (true (car 1))')).toBe('holds');
    expect(await check('E X (does candidate (choose 2))')).toBe('holds');
  });

  it('reports unknown, never holds, when the budget runs out', async () => {
    const verifier = Verifier.create(gameFile('tictactoe.kif'));
    const r = await verifier.verify(parseFormula('A F terminal'), { seconds: 0.001, memoryBytes: 2 ** 31 });
    expect(r.result).toBe('unknown');
    expect(r.reason).toMatch(/budget ran out/);
  });

  it('names an unknown role', async () => {
    const verifier = Verifier.create(gameFile('montyhall.kif'));
    await expect(verifier.verify(parseFormula('A G K[host] terminal'), BUDGET)).rejects.toThrow(
      /role 'host', which the game does not have \(candidate, random\)/,
    );
  });
});
