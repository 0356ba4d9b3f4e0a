// The paper's running example (sections 3 and 4) on games/tictactoe.kif.
import { afterAll, describe, expect, it } from 'vitest';
import { GameAnalyser, parseProperty } from '../src/index.js';
import { gameText } from './helpers.js';

const text = gameText('tictactoe');
const control = parseProperty('unique:control/1:1');
const cell = parseProperty('unique:cell/3:3');
const turnTaking = '(or (true (control xplayer)) (true (control oplayer)))';
const analyser = GameAnalyser.load(text, 'tictactoe.kif', {
  properties: [parseProperty(`state:${turnTaking}`), parseProperty('state:(true (control oplayer))')],
});
afterAll(() => analyser.close());

describe('tictactoe', () => {
  it('proves that control has a unique argument', async () => {
    const r = await analyser.prove(control);
    expect(r.status).toBe('proved');
    // Section 6: the control proof needs neither the board's next rules nor the legal rules.
    expect(r.rules.step).toBe(2);
  });

  it('refutes cell uniqueness alone with a simultaneous-marking counterexample', async () => {
    const r = await analyser.prove(cell);
    expect(r.status).toBe('refuted');
    const c = r.counterexample!;
    expect(c.case).toBe('step');
    // Both players have the control in the current state and both mark.
    expect(c.state).toContain('(control xplayer)');
    expect(c.state).toContain('(control oplayer)');
    expect(c.jointMove.xplayer).toMatch(/^\(mark \d \d\)$/);
    expect(c.jointMove.oplayer).toMatch(/^\(mark \d \d\)$/);
    // The successor has some cell with two contents.
    const contents = new Map<string, number>();
    for (const f of c.next) {
      const m = /^\(cell (\d) (\d) \w\)$/.exec(f);
      if (m) contents.set(`${m[1]}${m[2]}`, (contents.get(`${m[1]}${m[2]}`) ?? 0) + 1);
    }
    expect(Math.max(...contents.values())).toBe(2);
  });

  it('proves cell uniqueness given control uniqueness', async () => {
    expect((await analyser.prove(cell, [control])).status).toBe('proved');
  });

  it('proves "exactly one of" for control and for cell given control', async () => {
    const exactlyControl = parseProperty('exactly-one:control/1:1');
    expect((await analyser.prove(exactlyControl)).status).toBe('proved');
    expect((await analyser.prove(parseProperty('exactly-one:cell/3:3'), [exactlyControl])).status).toBe(
      'proved',
    );
  });

  it('proves zero-sum given control uniqueness, and shows why it needs it', async () => {
    const alone = await analyser.prove(parseProperty('zero-sum'));
    expect(alone.status).toBe('refuted');
    expect(alone.counterexample!.jointMove.xplayer).toMatch(/mark/);
    expect(alone.counterexample!.jointMove.oplayer).toMatch(/mark/);
    expect((await analyser.prove(parseProperty('zero-sum'), [control])).status).toBe('proved');
    expect((await analyser.prove(parseProperty('zero-sum:50'), [control])).status).toBe('refuted');
  });

  it('proves a user-written state property and refutes a false one in the initial state', async () => {
    expect((await analyser.prove(parseProperty(`state:${turnTaking}`))).status).toBe('proved');
    const r = await analyser.prove(parseProperty('state:(true (control oplayer))'));
    expect(r.status).toBe('refuted');
    expect(r.counterexample!.case).toBe('init');
    // Only the init rules relevant to the formula are in the program (section 6).
    expect(r.counterexample!.state).toEqual(['(control xplayer)']);
  });

  it('finds control and cell contents in the systematic search', async () => {
    const search = await analyser.searchUnique();
    const found = search.proved.map((p) => (p.kind === 'unique' ? `${p.feature}:${p.positions}` : ''));
    expect(found).toEqual(['control/1:0', 'cell/3:2']);
    expect(search.results.find((r) => r.property === search.proved[0])?.assumptions).toEqual([]);
    // Every other candidate is false initially, so the joint search has nothing to add.
    expect(search.provedJointly).toEqual([]);
    const paper = await analyser.searchUnique({ joint: false });
    expect(paper.results.map((r) => [r.property, r.status])).toEqual(
      search.results.map((r) => [r.property, r.status]),
    );
  });

  it('builds the section-5 domains: 27 cells and 2 controls, 9 marks and noop', async () => {
    expect(analyser.domain.features.map((f) => f.key).sort()).toEqual(['cell/3', 'control/1']);
    const program = [
      ...analyser.domain.clauses({ features: true, moves: true }),
      'fCount(N) :- N = #count{ F : fDom(F) }.',
      'mCount(N) :- N = #count{ M : mDom(M) }.',
      '#show fCount/1.',
      '#show mCount/1.',
    ].join('\n');
    const outcome = await analyser.solver.solve(program, { seconds: 30, memoryBytes: 2 ** 30 });
    expect(outcome.status === 'satisfiable' && [...outcome.atoms].sort()).toEqual([
      'fCount(29)',
      'mCount(10)',
    ]);
  });
});
