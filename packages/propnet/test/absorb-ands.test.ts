import { describe, expect, it } from 'vitest';
import { absorbedAnds, countedInputs, MAX_HANDED_INPUTS } from '../src/absorb-ands.js';
import { GateKind } from '../src/gate-kind.js';
import type { PropnetIR } from '../src/ir.js';

/** The gate arrays of a net given as (kind, inputs) per gate: what the absorption reads of an IR. */
function net(gates: readonly (readonly [number, readonly number[]])[], firstLogic: number): PropnetIR {
  const n = gates.length;
  const faninStart = new Uint32Array(n + 1);
  const fanin: number[] = [];
  const readers: number[][] = gates.map(() => []);
  gates.forEach(([, inputs], g) => {
    for (const x of inputs) {
      fanin.push(x);
      readers[x]!.push(g);
    }
    faninStart[g + 1] = fanin.length;
  });
  const fanoutStart = new Uint32Array(n + 1);
  readers.forEach((r, g) => {
    fanoutStart[g + 1] = fanoutStart[g]! + r.length;
  });
  return {
    gateCount: n,
    gateKind: Uint8Array.from(gates.map(([kind]) => kind)),
    firstLogic,
    faninStart,
    fanin: Uint32Array.from(fanin),
    fanoutStart,
    fanout: Uint32Array.from(readers.flat()),
    cycleOf: new Int32Array(n).fill(-1),
  } as unknown as PropnetIR;
}

describe('absorbedAnds', () => {
  it('stops absorbing a deeply shared AND tree once a gate would hand on more than the bound', () => {
    // Regression (the native crate's and_flatten.rs found it): a_k = a_(k-1) AND a_(k-2), each read by two
    // ANDs; absorbing them all hands a_30 Fibonacci(30) inputs, and its readers' entries one per path.
    const gates: [number, number[]][] = [
      [GateKind.False, []],
      [GateKind.True, []],
      [GateKind.Base, []],
      [GateKind.Base, []],
      [GateKind.And, [2, 3]],
      [GateKind.And, [4, 3]],
    ];
    for (let k = 2; k <= 30; k++) gates.push([GateKind.And, [4 + k - 1, 4 + k - 2]]);
    const last = gates.length - 1;
    gates.push([GateKind.Or, [last, 2]]);
    const ir = net(gates, 4);
    const n = ir.gateCount;
    const absorbed = absorbedAnds(
      ir,
      new Uint8Array(n).fill(1),
      new Int8Array(n).fill(-1),
      new Uint8Array(n),
      32,
    );
    const { need } = countedInputs(ir, absorbed, new Uint8Array(n));
    const absorbedCount = absorbed.reduce((a, b) => a + b, 0);
    expect(absorbedCount).toBeGreaterThan(0);
    expect(absorbedCount).toBeLessThan(30);
    for (let g = 0; g < n; g++) if (absorbed[g]) expect(need[g]).toBeLessThanOrEqual(MAX_HANDED_INPUTS);
    // Every reader still counts a bounded number of inputs (two absorbed inputs at most, each within the bound).
    expect(Math.max(...need)).toBeLessThanOrEqual(2 * MAX_HANDED_INPUTS);
  });
});
