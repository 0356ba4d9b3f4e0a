import type { Reasoner, TermId } from '@gdlkit/core';

/**
 * A tree node's legal moves per role and where each role's moves start in its flat statistics (`NodeStats`).
 * Nodes whose legal lists are equal share one shape: most of a game's positions repeat a few lists (on
 * connectfour the seven drops and the waiting role's noop), and a tree of 200,000 nodes otherwise keeps an
 * outer array, a list per role and an offsets array for every expanded node — memory the garbage collector
 * copies while the tree grows.
 */
export interface LegalShape {
  readonly legal: readonly (readonly TermId[])[];
  /** Where each role's moves start (`roles + 1` entries; the last is `size`). */
  readonly offsets: Int32Array;
  /** The number of (role, legal move) pairs. */
  readonly size: number;
}

/** Most shapes kept per reasoner (beyond it, shapes are not shared: memory stays bounded on huge games). */
const MAX_SHAPES = 4096;

class LegalShapes {
  /** Shapes by a hash of their lists (collisions compared move by move). */
  private readonly buckets = new Map<number, LegalShape[]>();
  private count = 0;

  constructor(private readonly reasoner: Reasoner<unknown>) {}

  /** The shape of `state`'s legal moves (the reasoner is asked for each role's list). */
  of(state: unknown): LegalShape {
    const reasoner = this.reasoner;
    const legal = new Array<readonly TermId[]>(reasoner.roles.length);
    let hash = 0;
    for (let r = 0; r < legal.length; r++) {
      const moves = reasoner.legalMoves(state, r);
      if (moves.length === 0) throw new Error(`role ${reasoner.game.roleName(r)} has no legal move`);
      legal[r] = moves;
      hash = Math.imul(hash ^ moves.length, 0x9e3779b1);
      for (let i = 0; i < moves.length; i++) hash = Math.imul(hash ^ moves[i]!, 0x85ebca6b);
    }
    const bucket = this.buckets.get(hash);
    if (bucket !== undefined) for (const shape of bucket) if (sameLists(shape.legal, legal)) return shape;
    const offsets = new Int32Array(legal.length + 1);
    for (let r = 0; r < legal.length; r++) offsets[r + 1] = offsets[r]! + legal[r]!.length;
    const shape: LegalShape = { legal, offsets, size: offsets[legal.length]! };
    if (this.count < MAX_SHAPES) {
      this.count++;
      if (bucket !== undefined) bucket.push(shape);
      else this.buckets.set(hash, [shape]);
    }
    return shape;
  }
}

function sameLists(a: readonly (readonly TermId[])[], b: readonly (readonly TermId[])[]): boolean {
  for (let r = 0; r < a.length; r++) {
    const x = a[r]!;
    const y = b[r]!;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  return true;
}

const shapesByReasoner = new WeakMap<Reasoner<unknown>, LegalShapes>();

/** The shape of `state`'s legal moves, shared with every earlier state of `reasoner` that had the same lists. */
export function legalShape<S>(reasoner: Reasoner<S>, state: S): LegalShape {
  const key = reasoner as Reasoner<unknown>;
  let shapes = shapesByReasoner.get(key);
  if (shapes === undefined) {
    shapes = new LegalShapes(key);
    shapesByReasoner.set(key, shapes);
  }
  return shapes.of(state);
}
