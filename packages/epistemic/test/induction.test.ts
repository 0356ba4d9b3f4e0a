// Invariants proved by induction (@gdlkit/analyse) when the explicit model does not fit: Krieg-TicTacToe's
// playability is a consequence of its rules in every state, without enumerating the states.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadGame } from '@gdlkit/core';
import { describe, expect, it } from 'vitest';
import { invariantBodies } from '../src/check/induction.js';
import { namedProperty, parseFormula, toCtl, Verifier } from '../src/index.js';

function verifierWithSource(path: string): Verifier {
  const source = readFileSync(fileURLToPath(new URL(`../../../games/${path}`, import.meta.url)), 'utf8');
  return Verifier.create(loadGame(source, path), 60, source);
}

const SKIP_EXHAUSTIVE = { exhaustive: false, symbolic: false } as const;

describe('invariants by induction', () => {
  it('reads AG over clauses of literals as GDL bodies, and nothing else', () => {
    expect(invariantBodies(toCtl(parseFormula('A G (not terminal -> (legal p a) or (legal p b))')))).toEqual([
      '(or terminal (legal p a) (legal p b))',
    ]);
    expect(invariantBodies(toCtl(parseFormula('A G ((true (step 1)) and not (goal p 0))')))).toEqual([
      '(true (step 1))',
      '(not (goal p 0))',
    ]);
    expect(invariantBodies(toCtl(parseFormula('A G K[p] terminal')))).toBeUndefined();
    expect(invariantBodies(toCtl(parseFormula('A G (does p a)')))).toBeUndefined();
    expect(invariantBodies(toCtl(parseFormula('A G (terminal or (legal p a) and (legal q b))')))).toEqual([
      '(or terminal (legal p a))',
      '(or terminal (legal q b))',
    ]);
    expect(invariantBodies(toCtl(parseFormula('A F terminal')))).toBeUndefined();
  });

  it('Krieg-TicTacToe 5x5: playable holds by induction', async () => {
    const verifier = verifierWithSource('kriegttt_5x5.kif');
    const r = await verifier.verify(
      namedProperty('playable', verifier.vocabulary()),
      { seconds: 60, memoryBytes: 2 ** 31 },
      SKIP_EXHAUSTIVE,
    );
    expect([r.result, r.method]).toEqual(['holds', 'induction']);
  }, 90_000);

  it('a false invariant is not proved: the sampled counterexample decides', async () => {
    const verifier = verifierWithSource('tests/epistemic/blind2x2.kif');
    const r = await verifier.verify(
      parseFormula('A G not (true found)'),
      { seconds: 20, memoryBytes: 2 ** 31 },
      SKIP_EXHAUSTIVE,
    );
    expect([r.result, r.method]).toEqual(['fails', 'sampled runs']);
  }, 60_000);
});
