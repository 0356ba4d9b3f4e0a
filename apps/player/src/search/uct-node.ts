import { goalNumber, type Reasoner, type TermId } from '@gdlkit/core';

/**
 * A node of the decoupled UCT tree: a state with, per role, a visit count and a reward sum for each of its
 * legal moves (simultaneous and multi-role games choose one move per role independently). Children are keyed
 * by the joint move's mixed-radix index over the roles' legal lists.
 */
export class UctNode<S> {
  readonly terminal: boolean;
  /** Goal values (0..100) per role in a terminal state. */
  readonly goals: Float64Array | null;
  readonly legal: readonly (readonly TermId[])[];
  readonly moveVisits: Float64Array[];
  readonly moveSums: Float64Array[];
  readonly children = new Map<number, UctNode<S>>();
  visits = 0;
  /** RAVE's all-moves-as-first statistics per role and legal move (paper 08, section 2); null until used. */
  amafVisits: Float64Array[] | null = null;
  amafSums: Float64Array[] | null = null;

  constructor(
    reasoner: Reasoner<S>,
    readonly state: S,
  ) {
    const roleCount = reasoner.roles.length;
    this.terminal = reasoner.isTerminal(state);
    if (this.terminal) {
      this.goals = Float64Array.from(reasoner.roles, (_, r) => goalNumber(reasoner.goal(state, r)));
      this.legal = [];
    } else {
      this.goals = null;
      this.legal = Array.from({ length: roleCount }, (_, r) => reasoner.legalMoves(state, r));
      this.legal.forEach((moves, r) => {
        if (moves.length === 0) throw new Error(`role ${reasoner.game.roleName(r)} has no legal move`);
      });
    }
    this.moveVisits = this.legal.map((m) => new Float64Array(m.length));
    this.moveSums = this.legal.map((m) => new Float64Array(m.length));
  }

  /** The mixed-radix index of a joint move given as indices into the legal lists. */
  jointIndex(choice: ArrayLike<number>): number {
    let key = 0;
    for (let r = 0; r < this.legal.length; r++) key = key * this.legal[r]!.length + choice[r]!;
    return key;
  }

  /** The role's most visited move (ties: higher average), or its first legal move before any visit. */
  bestMove(role: number): TermId {
    const visits = this.moveVisits[role]!;
    const sums = this.moveSums[role]!;
    let best = 0;
    for (let i = 1; i < visits.length; i++) {
      const v = visits[i]!;
      const b = visits[best]!;
      if (v > b || (v === b && v > 0 && sums[i]! / v > sums[best]! / b)) best = i;
    }
    return this.legal[role]![best]!;
  }

  /** Counts this node's subtree. */
  size(): number {
    let n = 1;
    for (const child of this.children.values()) n += child.size();
    return n;
  }
}
