// The decomposed rules (unfolding and projection) derive the same atoms as the game's rules: quarto's
// terminal (its `line` joins four cells with the static `set`) evaluated by clingo on states of random
// matches agrees with the prover.
import { playRandomMatch } from '@gdlkit/core';
import { createProver } from '@gdlkit/prover';
import { afterAll, describe, expect, it } from 'vitest';
import { aspGroundTerm } from '../src/asp-names.js';
import { GameAnalyser } from '../src/index.js';
import { relevantRules } from '../src/relevant-rules.js';
import { gameText } from './helpers.js';

describe('rule decomposition', () => {
  const analyser = GameAnalyser.load(gameText('quarto'), 'quarto.kif');
  afterAll(() => analyser.close());
  const { game } = analyser;
  const terminal = relevantRules(game, [{ view: 'true', relation: game.keywords.terminal, functor: '*' }]);

  it("projects quarto's pieces out of the line rules", () => {
    const text = terminal.rules.join('\n');
    expect(text).toMatch(/^row :- index\(V\d+\), aUx\d+true_\d+\(V\d+\)\.$/m);
    expect(text).toMatch(/^aUx\d+true_0\(V\d+,V\d+,V\d+\) :- true\(cell\(1,V\d+,V\d+\)\), bitnis\(/m);
  });

  it('derives terminal exactly where the prover does', async () => {
    const prover = createProver(game);
    let terminals = 0;
    for (let seed = 1; seed <= 2; seed++) {
      for (const step of playRandomMatch(prover, { seed }).steps) {
        const facts = step.state.map((f) => `true(${aspGroundTerm(game.store, game.parseTerm(f))}).`);
        const program = [...terminal.rules, ...facts, '#show terminal/0.'].join('\n');
        const outcome = await analyser.solver.solve(program, { seconds: 30, memoryBytes: 2 ** 30 });
        expect(outcome.status).toBe('satisfiable');
        const derived = outcome.status === 'satisfiable' && outcome.atoms.includes('terminal');
        expect(derived, `seed ${seed} step ${step.step}`).toBe(step.terminal);
        if (step.terminal) terminals++;
      }
    }
    prover.dispose();
    expect(terminals).toBe(2);
  });
});
