// The grounder's output, shared by the grounded backends (propnet, forward chainer): reachable ground atoms
// with dense ids and the ground rules over them. Static relations are already evaluated: their atoms are
// flagged `atomStatic` (they hold in every state) and have no rules. Atoms of relations numbered from
// game.relations.length on are auxiliary: introduced by factoring move-dependent rule bodies
// (instantiate-factor.ts), they are plain derived atoms to a consumer.
import type { Game, RelationId, TermId } from '@gdlkit/core';

export interface GroundStats {
  readonly milliseconds: number;
  readonly atoms: number;
  readonly rules: number;
  /** Semi-naive rounds of the relaxed fixpoint over the state-dependent rules. */
  readonly rounds: number;
}

export class GroundProgram {
  constructor(
    readonly game: Game,
    readonly atomCount: number,
    /** Atom id → the ground atom term, e.g. `(true (cell 1 1 b))`, `(legal x (mark 1 1))`, `terminal`. */
    readonly atomTerm: Int32Array,
    /** The relation of each atom: a game relation id, or an auxiliary one (>= game.relations.length). */
    readonly atomRelation: Int32Array,
    /** 1 when the atom belongs to a static relation evaluated exactly: it holds in every state. */
    readonly atomStatic: Uint8Array,
    readonly atomsByRelation: readonly Int32Array[],
    readonly ruleCount: number,
    readonly ruleHead: Int32Array,
    /** Rule r's body is ruleBody[ruleBodyStart[r] .. ruleBodyStart[r+1]); length ruleCount + 1. */
    readonly ruleBodyStart: Int32Array,
    /** Positive body atoms come first; ruleBody[ruleNegStart[r] .. ruleBodyStart[r+1]) are negated. */
    readonly ruleNegStart: Int32Array,
    readonly ruleBody: Int32Array,
    /** Index into game.rules of the rule each ground rule instantiates. */
    readonly ruleSource: Int32Array,
    readonly stats: GroundStats,
    private readonly byTerm: ReadonlyMap<TermId, number>,
  ) {}

  /** The atom id of a ground atom term, if it is reachable. */
  atomOf(term: TermId): number | undefined {
    return this.byTerm.get(term);
  }

  /** The atom ids of `relation`. */
  atoms(relation: RelationId): Int32Array {
    return this.atomsByRelation[relation]!;
  }

  /** Argument `index` of an atom's term. */
  atomArg(atom: number, index: number): TermId {
    return this.game.store.arg(this.atomTerm[atom]!, index);
  }
}
