// Full CTL*: path formulas beyond the CTL fragment, decided on the product with their automaton. Truths are
// worked out by hand in the comments (and in the game files' headers); every witness and counterexample is
// replayed with the prover and its formula re-evaluated on the replayed lasso (lasso.ts).
import { replayMatch } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { describe, expect, it } from 'vitest';
import {
  type Atom,
  type Formula,
  parseFormula,
  printFormula,
  toCtl,
  Verifier,
  type VerifyOptions,
} from '../src/index.js';
import { gameFile } from './helpers.js';
import { holdsOnLasso } from './lasso.js';

const BUDGET = { seconds: 60, memoryBytes: 2 ** 31 };

/** The path formula under a property's top-level quantifier (a top-level path formula is read under A). */
function pathOf(f: Formula): { quantifier: 'A' | 'E'; path: Formula } {
  if (f.op === 'E' || f.op === 'A') return { quantifier: f.op, path: f.arg };
  return { quantifier: 'A', path: f };
}

/**
 * Checks `text` on `file`, expects `result`, and replays the evidence of a quantified path formula: an E
 * formula that holds has a witness lasso on which the path formula holds, an A formula that fails a
 * counterexample lasso on which it does not.
 */
async function expectAnswer(
  file: string,
  text: string,
  result: 'holds' | 'fails',
  options: VerifyOptions = {},
): Promise<void> {
  const game = gameFile(file);
  const verifier = Verifier.create(game);
  const formula = parseFormula(text);
  const r = await verifier.verify(formula, BUDGET, options);
  expect(r.result, text).toBe(result);
  expect(r.method).toBe('exhaustive');
  const { quantifier, path } = pathOf(formula);
  const shows = (quantifier === 'E') === (result === 'holds');
  if (!shows) return;
  expect(r.evidence, `${text}: evidence`).toBeDefined();
  const prover = createProver(game);
  const run = replayMatch(prover, r.evidence!.records[0]!);
  const loop = r.evidence!.loops[0];
  expect(loop, `${text}: a lasso`).toBeDefined();
  expect(holdsOnLasso(path, run.steps, loop!, verifier, prover), `${text} on its evidence`).toBe(
    result === 'holds',
  );
  const last = run.steps[run.steps.length - 1]!;
  if (loop! < run.steps.length - 1) expect(last.state).toEqual(run.steps[loop!]!.state);
  else expect(last.terminal).toBe(true);
}

/** A small seeded generator (mulberry32): the random formulas are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A random path formula over `atoms` with at most `depth` nested operators. */
function randomPath(next: () => number, atoms: readonly Atom[], depth: number): Formula {
  const pick = Math.floor(next() * (depth === 0 ? 1 : 8));
  const sub = () => randomPath(next, atoms, depth - 1);
  switch (pick) {
    case 0:
      return { op: 'atom', atom: atoms[Math.floor(next() * atoms.length)]! };
    case 1:
      return { op: 'not', arg: sub() };
    case 2:
      return { op: 'and', args: [sub(), sub()] };
    case 3:
      return { op: 'or', args: [sub(), sub()] };
    case 4:
      return { op: 'X', arg: sub() };
    case 5:
      return { op: 'F', arg: sub() };
    case 6:
      return { op: 'G', arg: sub() };
    default:
      return { op: 'U', left: sub(), right: sub() };
  }
}

/**
 * Every lasso of a one-player game's runs with at most `length` moves: the record of its moves and the step
 * its last state repeats (the terminal state's STOP loop, or an earlier state met again).
 */
function lassos(file: string, length: number): { moves: string[]; loop: number }[] {
  const game = gameFile(file);
  const prover = createProver(game);
  const out: { moves: string[]; loop: number }[] = [];
  type State = ReturnType<typeof prover.initialState>;
  const walk = (state: State, seen: string[], moves: string[]): void => {
    const key = [...prover.stateToFacts(state)].sort().join(',');
    const again = seen.indexOf(key);
    if (again >= 0) {
      out.push({ moves, loop: again });
      return;
    }
    if (prover.isTerminal(state)) {
      out.push({ moves, loop: moves.length });
      return;
    }
    if (moves.length === length) return;
    for (const m of prover.legalMoves(state, 0))
      walk(prover.nextState(state, [m]), [...seen, key], [...moves, game.store.toKif(m)]);
  };
  walk(prover.initialState(), [], []);
  return out;
}

describe('full CTL* path formulas', () => {
  it('the ring game: fairness and recurrence, as its header works out', async () => {
    const ring = 'tests/epistemic/ring.kif';
    // a b a b ...: b infinitely often.
    await expectAnswer(ring, 'E G F (true b)', 'holds');
    // a b a c a b ...: both infinitely often.
    await expectAnswer(ring, 'E (G F (true b) and G F (true c))', 'holds');
    // a c a c ...: a infinitely often, b never.
    await expectAnswer(ring, 'A (G F (true a) -> G F (true b))', 'fails');
    // b is left only to a or to off (for good), so b infinitely often means a infinitely often.
    await expectAnswer(ring, 'A (G F (true b) -> G F (true a))', 'holds');
    await expectAnswer(ring, 'A (F G (true c) or G F (true a) or F terminal)', 'holds');
    // a b off off ...: the counterexample ends in the terminal state's STOP loop.
    await expectAnswer(ring, 'A (F G (true c) or G F (true a))', 'fails');
    // off is reached only through b; c can be reached and never left.
    await expectAnswer(ring, 'E (F terminal and G not (true b))', 'fails');
    await expectAnswer(ring, 'E (F (true c) and G not terminal)', 'holds');
    await expectAnswer(ring, 'E (F terminal and F (true c))', 'holds');
    // (not c) U b is met at step 1 (a b); then step 2 is a or off, never c — but step 3 can be c (a b a c).
    await expectAnswer(ring, 'E ((not (true c) U (true b)) and X X (true c))', 'fails');
    await expectAnswer(ring, 'E ((not (true c) U (true b)) and X X X (true c))', 'holds');
    // Until with a temporal left side: on a b a c a b a c ... b recurs (F b everywhere) and c always comes.
    await expectAnswer(ring, 'E G ((F (true b)) U (true c))', 'holds');
  });

  it('quantifiers nested in a path formula (ring): E X c holds exactly in a and c', async () => {
    const game = gameFile('tests/epistemic/ring.kif');
    const verifier = Verifier.create(game);
    // a c a c ... never passes b, the one room without a way into c.
    const r = await verifier.verify(parseFormula('E (G F (true a) and G E X (true c))'), BUDGET);
    expect(r.result).toBe('holds');
    const prover = createProver(game);
    const run = replayMatch(prover, r.evidence!.records[0]!).steps;
    const unfolded = parseFormula('G F (true a) and G ((true a) or (true c))');
    expect(holdsOnLasso(unfolded, run, r.evidence!.loops[0]!, verifier, prover)).toBe(true);
    // b must recur for G F b, and b has no successor c.
    expect((await verifier.verify(parseFormula('E (G F (true b) and G E X (true c))'), BUDGET)).result).toBe(
      'fails',
    );
    expect((await verifier.verify(parseFormula('A (G F (true b) -> F A X (true a))'), BUDGET)).result).toBe(
      'fails',
    );
  });

  it('the light that may toggle forever (cycle.kif): recurrence and its lasso', async () => {
    const light = 'tests/epistemic/cycle.kif';
    // on dim on dim ...: on infinitely often, never terminal.
    await expectAnswer(light, 'E G F (true on)', 'holds');
    await expectAnswer(light, 'A (G F (true dim) -> F terminal)', 'fails');
    // Every run stops (off forever) or toggles forever (on infinitely often).
    await expectAnswer(light, 'A (F G (true off) or G F (true on))', 'holds');
    await expectAnswer(light, 'E (G F (true on) and F (true off))', 'fails');
  });

  it('knowledge inside path formulas (Monty Hall): the candidate knows the car only once it sees it', async () => {
    const monty = 'montyhall.kif';
    // choose 2, the host opens 3, switch: the candidate now holds door 1, wins and sees the car there.
    await expectAnswer(monty, 'E (F K[candidate] (true (car 1)) and F (true (chosen 2)))', 'holds');
    // Knowledge by elimination: choose 2, the host opens 3, stay: no car is seen, so it is not behind door 2.
    await expectAnswer(monty, 'E (F K[candidate] (true (car 1)) and G not (true (chosen 1)))', 'holds');
    // Until the last move two doors remain possible (the host opens one of three), so knowing comes at step 4.
    await expectAnswer(monty, 'E (F K[candidate] (true (car 1)) and G not (true (step 4)))', 'fails');
    // ...so knowing where the car is does not mean winning: the same run is a counterexample.
    await expectAnswer(
      monty,
      'A (G not K[candidate] (true (car 1)) or F (goal candidate 100) and F terminal)',
      'fails',
    );
    // The candidate always learns the car (seen, or by elimination), so with the car behind door 3 it never
    // knows car 1 or car 2: a counterexample.
    await expectAnswer(
      monty,
      'A (F K[candidate] (true (car 1)) or F K[candidate] (true (car 2)) or F K[candidate] (true (car 3)))',
      'holds',
    );
    await expectAnswer(monty, 'A (F K[candidate] (true (car 1)) or F K[candidate] (true (car 2)))', 'fails');
  });

  it('nested knowledge and quantifiers inside path formulas (blind 2x2)', async () => {
    const blind = 'tests/epistemic/blind2x2.kif';
    // Probe the coin's cell: the player sees hit (found, known) and the game goes on to step 4.
    await expectAnswer(blind, 'E (F K[player] (true found) and F terminal and G not (true ended))', 'holds');
    // Its own moves tell the player something too: claim is legal only with the coin in row 1, so after a miss
    // on (1 2) and a claim it knows the coin is at (1 1), without ever finding it.
    await expectAnswer(blind, 'E (F K[player] (true (coin 1 1)) and G not (true found))', 'holds');
    // Two misses leave two cells and a claim only tells the row 1: without a hit row 2 cells are never known.
    await expectAnswer(blind, 'E (F K[player] (true (coin 2 1)) and G not (true found))', 'fails');
  });

  it('a counterexample with knowledge: the lasso and the run the player cannot tell apart from it', async () => {
    const game = gameFile('tests/epistemic/blind2x2.kif');
    const verifier = Verifier.create(game);
    // After random's `end` the game is over, but the player (who saw nothing) cannot tell: not every terminal
    // point is one where the player knows it (the header's knows-terminal, as a path formula).
    const r = await verifier.verify(
      parseFormula('A (F terminal -> G (terminal -> K[player] terminal))'),
      BUDGET,
    );
    expect(r.result).toBe('fails');
    const prover = createProver(game);
    const [actual, other] = r.evidence!.records.map((b) => replayMatch(prover, b).steps);
    expect(r.evidence!.records.length).toBe(2);
    const at = actual!.length - 1;
    expect(actual![at]!.terminal).toBe(true);
    expect(other![at]!.terminal).toBe(false);
    const view = (steps: typeof actual) =>
      JSON.stringify(steps!.slice(0, at).map((s) => [s.moves?.player, s.sees?.player]));
    expect(view(other)).toBe(view(actual));
    expect(r.evidence!.notes[1]).toMatch(new RegExp(`cannot tell apart from run 1 up to step ${at}`));
  });

  it('random path formulas: both routes agree, every lasso satisfying one means E holds, witnesses check out', async () => {
    const games: [string, string[]][] = [
      ['tests/epistemic/ring.kif', ['(true a)', '(true b)', '(true c)', 'terminal']],
      ['tests/epistemic/cycle.kif', ['(true on)', '(true dim)', 'terminal']],
    ];
    const next = random(22);
    for (const [file, atomTexts] of games) {
      const game = gameFile(file);
      const verifier = Verifier.create(game);
      const prover = createProver(game);
      const atoms = atomTexts.map((t) => (parseFormula(t) as { atom: Atom }).atom);
      const runs = lassos(file, 7).map(({ moves, loop }) => ({
        steps: replayMatch(prover, {
          steps: [
            ...moves.map((m, step) => ({ step, state: [], terminal: false, moves: { p: m } })),
            { step: moves.length, state: [], terminal: true },
          ],
        }).steps,
        loop,
      }));
      for (let i = 0; i < 60; i++) {
        const path = randomPath(next, atoms, 3);
        // A state formula under E has no run to show.
        if (!/"op":"[XFGU]"/.test(JSON.stringify(path))) continue;
        const formula: Formula = { op: 'E', arg: path };
        const text = printFormula(formula);
        expect(parseFormula(text), text).toEqual(formula);
        const r = await verifier.verify(formula, BUDGET, { automaton: true });
        expect((await verifier.verify(formula, BUDGET)).result, `${file}: ${text}`).toBe(r.result);
        const satisfied = runs.some((run) => holdsOnLasso(path, run.steps, run.loop, verifier, prover));
        // A lasso found by enumeration proves E; the checker's own witness is checked by expectAnswer.
        if (satisfied) expect(r.result, `${file}: ${text}`).toBe('holds');
        if (r.result === 'holds') await expectAnswer(file, text, 'holds', { automaton: true });
        else expect(r.result, `${file}: ${text}`).toBe('fails');
      }
    }
  });

  it('agrees with the CTL fast path on formulas of the CTL fragment', async () => {
    const cases: [string, string[]][] = [
      [
        'tests/epistemic/ring.kif',
        [
          'A F terminal',
          'E F terminal',
          'A G ((true a) -> E X (true b))',
          'E G not terminal',
          'A ((true a) U (true b))',
          'E X E G (true c)',
          'A G E F (true a)',
        ],
      ],
      [
        'tests/epistemic/blind2x2.kif',
        [
          'A F terminal',
          'G (terminal -> K[player] terminal)',
          'E F (goal player 100)',
          'A G (not terminal -> K[player] (legal player claim) or K[player] not (legal player claim))',
          'E (not terminal U K[player] (true found))',
        ],
      ],
      [
        'montyhall.kif',
        [
          'A F (K[candidate] (goal candidate 100) or K[candidate] (goal candidate 0))',
          'X G (K[random] (true (chosen 1)) or K[random] not (true (chosen 1)))',
          'G (K[candidate] terminal -> K[candidate] K[candidate] terminal)',
          'E F (goal candidate 100)',
        ],
      ],
    ];
    for (const [file, texts] of cases) {
      const verifier = Verifier.create(gameFile(file));
      for (const text of texts) {
        const formula = parseFormula(text);
        const ctl = await verifier.verify(formula, BUDGET);
        const automaton = await verifier.verify(formula, BUDGET, { automaton: true });
        expect(automaton.result, `${file}: ${text}`).toBe(ctl.result);
        expect(ctl.result).not.toBe('unknown');
      }
    }
  });

  it('keeps path formulas beyond CTL whole under their quantifier, and prints them back', () => {
    const texts = [
      'E (F terminal and G not terminal)',
      'E G F (true on)',
      'A (G F (true a) -> F (true b))',
      'E (F K[r] (true x) and G not terminal)',
      'E ((F (true b)) U (true c))',
    ];
    for (const text of texts) {
      const f = parseFormula(text);
      expect(parseFormula(printFormula(f))).toEqual(f);
      expect(JSON.stringify(toCtl(f))).toMatch(/"op":"(EP|AP)"/);
    }
    // K over a path formula reads as K over A of it (synchronous perfect recall).
    expect(toCtl(parseFormula('K[candidate] F terminal'))).toEqual(
      toCtl(parseFormula('K[candidate] A F terminal')),
    );
  });

  it('reports unknown with the reason when the explicit model does not fit (Krieg-TicTacToe 5x5)', async () => {
    const verifier = Verifier.create(gameFile('kriegttt_5x5.kif'));
    const r = await verifier.verify(parseFormula('E G F (true (step 3))'), {
      seconds: 2,
      memoryBytes: 2 ** 31,
    });
    expect(r.result).toBe('unknown');
    expect(r.reason).toMatch(/budget ran out/);
    expect(r.reason).toMatch(/symbolic checker labels CTL only/);
  });

  it('names the limit of 31 eventualities, and answers unknown when the automaton outgrows the budget', async () => {
    const verifier = Verifier.create(gameFile('tests/epistemic/ring.kif'));
    // Nested eventualities add one cover each: 32 of them pass the limit at once (CTL would take this one).
    const nested = [...Array(32).keys()].reduce((inner) => `F ((true a) and ${inner})`, '(true b)');
    const limit = await verifier.verify(parseFormula(`E ${nested}`), BUDGET, { automaton: true });
    expect(limit.result).toBe('unknown');
    expect(limit.reason).toMatch(/more than 31 distinct U\/F subformulas is not supported/);
    // A conjunction of n eventualities has 2^n covers (each is met now or postponed): the budget stops it.
    const many = [...Array(24).keys()].map((k) => `F ${'X '.repeat(k)}(true a)`).join(' and ');
    const r = await verifier.verify(parseFormula(`E (${many})`), { seconds: 1, memoryBytes: 2 ** 31 });
    expect(r.result).toBe('unknown');
    expect(r.reason).toMatch(/budget ran out while building a path automaton/);
  });

  it('reports unknown, not a crash, when the product does not fit the budget', async () => {
    const verifier = Verifier.create(gameFile('tests/epistemic/ring.kif'));
    const r = await verifier.verify(parseFormula('E G F (true b)'), { seconds: 60, memoryBytes: 16 });
    expect(r.result).toBe('unknown');
    expect(r.reason).toMatch(/-state path automaton does not fit the memory budget/);
  });
});
