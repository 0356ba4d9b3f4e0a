// Hypothesis ordering (sections 5 and 7.3) with permanent inputs folded into the reference tables.
import { readFileSync } from 'node:fs';
import { collectVariables, loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { compileForward } from '../src/compile.js';

describe('the best ordering', () => {
  // Regression: the cost model charged a permanent input (succ/2) its whole fact list per combination, as
  // Theorem 1 does for a state input, though the tables visit only the successors that pass. On connectfour
  // it then started a diagonal line from one cell and joined the next cell before binding its coordinates
  // through succ/2, an order measured 23-35 % slower than the source order (packages/forward/README.md).
  it('binds each further cell of a connectfour line through succ/2 before reading it', () => {
    const game = loadGame(
      readFileSync(new URL('../../../games/connectfour.kif', import.meta.url), 'utf8'),
      'connectfour.kif',
    );
    const { machine } = compileForward(game, { ordering: 'best' });
    const line = game.relations.find((r) => r.key === 'line/1')!.id;
    const trueRelation = game.keywords.true;
    const rules = [...machine.program.phaseA, ...machine.program.phaseB]
      .flatMap((stage) => stage.rules)
      .filter((staged) => staged.rule.head.relation === line);
    expect(rules.length).toBe(4);
    for (const { rule, order } of rules) {
      const positives = rule.body.filter((l) => l.kind === 'pos');
      const bound = new Set<number>();
      order.forEach((index, k) => {
        const literal = positives[index]!;
        if (literal.kind !== 'pos') return;
        if (k > 0 && literal.atom.relation === trueRelation) {
          const vars = new Set<number>();
          for (const a of literal.atom.args) collectVariables(a, vars);
          expect([...vars].every((v) => bound.has(v))).toBe(true);
        }
        for (const a of literal.atom.args) collectVariables(a, bound);
      });
    }
  });
});
