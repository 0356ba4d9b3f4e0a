/**
 * Writes state's first `bits` bits as bytes 0/1 at `bytes[at ..]`: each range cleared whole, then only the set
 * bits written, lowest first (states are sparse; no shift and mask per bit).
 */
export function unpackBits(state: Uint32Array, bits: number, bytes: Uint8Array, at: number): void {
  bytes.fill(0, at, at + bits);
  const words = Math.ceil(bits / 32);
  for (let w = 0; w < words; w++) {
    // The last word's bits past `bits` are padding: masked off so they cannot land on the next state's bytes.
    let word = w === words - 1 && bits % 32 !== 0 ? state[w]! & ((1 << (bits % 32)) - 1) : state[w]!;
    const base = at + 32 * w;
    while (word !== 0) {
      const low = word & -word;
      bytes[base + 31 - Math.clz32(low)] = 1;
      word ^= low;
    }
  }
}
