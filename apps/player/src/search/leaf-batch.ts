import { GrowableInt32, type SimulationBatch, type TermId } from '@gdlkit/core';
import type { UctNode } from './uct-node.js';

/**
 * The leaves one batched iteration selected (each with virtual loss already on its path) before the engine
 * plays all their simulations in one `simulate` call: per leaf the tree path (nodes and the move indices chosen
 * at each), the joint moves from the root (the simulation's prefix) and its state (a terminal one too: the
 * engine then only reads its goals and learns the prefix, so no separate policy update crosses the boundary).
 */
export class LeafBatch<S> {
  count = 0;
  readonly nodes: UctNode<S>[] = [];
  private readonly nodeOffsets = new GrowableInt32(256);
  readonly choices = new GrowableInt32(256);
  private readonly prefix = new GrowableInt32(256);
  private readonly prefixOffsets = new GrowableInt32(256);
  /** The simulations: their start states, their leaf indices and whether their first move is forced. */
  readonly starts: S[] = [];
  readonly simulated = new GrowableInt32(256);
  /** Per simulation, 1 where its first move is forced (its first `simulations` bytes are valid). */
  private forced = new Uint8Array(256);
  private anyForced = false;

  constructor(private readonly roleCount: number) {}

  reset(): void {
    this.count = 0;
    this.nodes.length = 0;
    this.nodeOffsets.length = 0;
    this.nodeOffsets.push(0);
    this.choices.length = 0;
    this.prefix.length = 0;
    this.prefixOffsets.length = 0;
    this.prefixOffsets.push(0);
    this.starts.length = 0;
    this.simulated.length = 0;
    this.anyForced = false;
  }

  /** Records one step of the current leaf's descent: the node and the joint move chosen there. */
  step(node: UctNode<S>, choice: ArrayLike<number>, move: ArrayLike<TermId>): void {
    this.nodes.push(node);
    for (let r = 0; r < this.roleCount; r++) {
      this.choices.push(choice[r]!);
      this.prefix.push(move[r]!);
    }
  }

  /**
   * Closes the current leaf with `copies` simulations from `start`; with `forced`, `start` is the state before
   * the leaf's last joint move, which the engine makes first (`SimulationBatch.forcedFirstMove`).
   */
  finish(start: S, copies: number, forced = false): void {
    this.nodeOffsets.push(this.nodes.length);
    this.prefixOffsets.push(this.prefix.length);
    for (let c = 0; c < copies; c++) {
      this.simulated.push(this.count);
      if (this.starts.length === this.forced.length) {
        const grown = new Uint8Array(2 * this.forced.length);
        grown.set(this.forced);
        this.forced = grown;
      }
      this.forced[this.starts.length] = forced ? 1 : 0;
      this.starts.push(start);
    }
    this.anyForced ||= forced;
    this.count++;
  }

  get simulations(): number {
    return this.simulated.length;
  }

  /** First and end index into `nodes` of leaf i's path. */
  pathStart(leaf: number): number {
    return this.nodeOffsets.data[leaf]!;
  }

  pathEnd(leaf: number): number {
    return this.nodeOffsets.data[leaf + 1]!;
  }

  /** Leaf i's joint moves from the root, flat. */
  prefixOf(leaf: number): Int32Array {
    return this.prefix.data.subarray(this.prefixOffsets.data[leaf]!, this.prefixOffsets.data[leaf + 1]!);
  }

  /**
   * The engine's batch: the simulated leaves' starts and prefixes. With one simulation per leaf (the default)
   * the prefixes and their offsets are already laid out as the engine reads them, so the batch is views of this
   * object's buffers (valid until `reset`) and nothing is copied; with several per leaf each is repeated.
   */
  simulationBatch(seed: number, maxDepth: number, recordMoves: boolean): SimulationBatch<S> {
    const count = this.simulated.length;
    let moves: Int32Array;
    let offsets: Int32Array;
    if (count === this.count) {
      moves = this.prefix.data.subarray(0, this.prefix.length);
      offsets = this.prefixOffsets.data.subarray(0, count + 1);
    } else {
      offsets = new Int32Array(count + 1);
      let total = 0;
      for (let i = 0; i < count; i++) total += this.prefixOf(this.simulated.data[i]!).length;
      moves = new Int32Array(total);
      let at = 0;
      for (let i = 0; i < count; i++) {
        const prefix = this.prefixOf(this.simulated.data[i]!);
        moves.set(prefix, at);
        at += prefix.length;
        offsets[i + 1] = at;
      }
    }
    return {
      starts: this.starts,
      prefixMoves: moves,
      prefixOffsets: offsets,
      forcedFirstMove: this.anyForced ? this.forced.subarray(0, count) : undefined,
      seed,
      maxDepth,
      recordMoves,
    };
  }
}
