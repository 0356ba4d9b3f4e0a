import { describe, expect, it } from 'vitest';
import { unpackBits } from '../src/wasm/unpack-bits.js';

/** The per-bit loop the straight-line runtime uses: the reference. */
function perBit(state: Uint32Array, bits: number, bytes: Uint8Array, at: number): void {
  for (let b = 0; b < bits; b++) bytes[at + b] = (state[b >>> 5]! >>> (b & 31)) & 1;
}

describe('unpackBits', () => {
  it('writes what the per-bit loop writes, over stale bytes, whatever the padding of the last word holds', () => {
    let seed = 12345;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    for (const bits of [1, 31, 32, 33, 64, 95, 130, 301]) {
      for (let trial = 0; trial < 20; trial++) {
        const state = new Uint32Array(Math.ceil(bits / 32));
        // Sparse and dense words alike; the last word's bits past `bits` are set too (padding).
        for (let w = 0; w < state.length; w++) state[w] = trial % 2 ? next() : next() & next() & next();
        const at = 7;
        const expected = new Uint8Array(bits + 20).fill(9);
        const actual = new Uint8Array(bits + 20).fill(9);
        perBit(state, bits, expected, at);
        unpackBits(state, bits, actual, at);
        expect(actual).toEqual(expected);
      }
    }
  });
});
