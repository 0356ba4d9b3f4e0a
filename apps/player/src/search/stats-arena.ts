import type { Reasoner } from '@gdlkit/core';

/** Doubles per chunk (512 KiB). */
const CHUNK = 1 << 16;

/**
 * Where tree nodes keep their statistics: runs of a few large chunks instead of a typed array per node. A node's
 * own array (a few dozen doubles) was an object, an ArrayBuffer and, past 64 bytes, memory outside the heap,
 * made for every expanded node and read through one more pointer at every level of a descent. Chunks are never
 * grown or moved, so a node keeps (chunk, start) for its life; `UctSearch.advance` moves the kept subtree's
 * statistics into a fresh arena, so that chunks of discarded nodes are freed.
 */
export class StatsArena {
  chunk = new Float64Array(CHUNK);
  private used = 0;

  /** Reserves `n` zeroed doubles and returns where they start in `chunk` (read `chunk` after the call). */
  take(n: number): number {
    if (this.used + n > this.chunk.length) {
      this.chunk = new Float64Array(Math.max(CHUNK, n));
      this.used = 0;
    }
    const at = this.used;
    this.used += n;
    return at;
  }
}

const arenas = new WeakMap<Reasoner<unknown>, StatsArena>();

/** The arena new nodes of `reasoner`'s trees take their statistics from. */
export function statsArena<S>(reasoner: Reasoner<S>): StatsArena {
  const key = reasoner as Reasoner<unknown>;
  let arena = arenas.get(key);
  if (arena === undefined) {
    arena = new StatsArena();
    arenas.set(key, arena);
  }
  return arena;
}

/** Starts a new arena for `reasoner`'s new nodes (the caller moves the nodes it keeps into it). */
export function freshStatsArena<S>(reasoner: Reasoner<S>): StatsArena {
  const arena = new StatsArena();
  arenas.set(reasoner as Reasoner<unknown>, arena);
  return arena;
}
