import type { Reasoner, TermId } from '@gdlkit/core';

/** A node's legal moves and its per-role statistics, made when a descent first selects at the node. */
interface Expansion {
  readonly legal: readonly (readonly TermId[])[];
  readonly moveVisits: Float64Array[];
  readonly moveSums: Float64Array[];
  readonly moveScored: Float64Array[];
}

const TERMINAL: Expansion = { legal: [], moveVisits: [], moveSums: [], moveScored: [] };

/**
 * A node of the decoupled UCT tree: a state with, per role, a visit count and a reward sum for each of its
 * legal moves (simultaneous and multi-role games choose one move per role independently). Children are keyed
 * by the joint move's mixed-radix index over the roles' legal lists.
 *
 * Most nodes are leaves that one simulation started from and no descent reaches again, so a node asks the
 * reasoner whether it is terminal and for its legal moves, and allocates its statistics and children, only
 * when first used: a new leaf costs its state (the engine's simulation from a terminal state just reads its
 * goals).
 */
export class UctNode<S> {
  visits = 0;
  /** RAVE's all-moves-as-first statistics per role and legal move (paper 08, section 2); null until used. */
  amafVisits: Float64Array[] | null = null;
  amafSums: Float64Array[] | null = null;
  private expansion: Expansion | null = null;
  private children: Map<number, UctNode<S>> | null = null;
  private isTerminal: boolean | null = null;

  constructor(
    private readonly reasoner: Reasoner<S>,
    readonly state: S,
  ) {}

  get terminal(): boolean {
    this.isTerminal ??= this.reasoner.isTerminal(this.state);
    return this.isTerminal;
  }

  get legal(): readonly (readonly TermId[])[] {
    return (this.expansion ?? this.expand()).legal;
  }

  get moveVisits(): Float64Array[] {
    return (this.expansion ?? this.expand()).moveVisits;
  }

  get moveSums(): Float64Array[] {
    return (this.expansion ?? this.expand()).moveSums;
  }

  /**
   * Per role and legal move, the visits whose rewards are in `moveSums`: `moveVisits` also counts the virtual
   * losses of simulations still in the engine, which selection wants and a move's mean must not see.
   */
  get moveScored(): Float64Array[] {
    return (this.expansion ?? this.expand()).moveScored;
  }

  private expand(): Expansion {
    if (this.terminal) {
      this.expansion = TERMINAL;
      return TERMINAL;
    }
    const reasoner = this.reasoner;
    const legal = Array.from({ length: reasoner.roles.length }, (_, r) => reasoner.legalMoves(this.state, r));
    legal.forEach((moves, r) => {
      if (moves.length === 0) throw new Error(`role ${reasoner.game.roleName(r)} has no legal move`);
    });
    this.expansion = {
      legal,
      moveVisits: legal.map((m) => new Float64Array(m.length)),
      moveSums: legal.map((m) => new Float64Array(m.length)),
      moveScored: legal.map((m) => new Float64Array(m.length)),
    };
    return this.expansion;
  }

  /** The child reached by the joint move of mixed-radix index `key`, if it was added. */
  child(key: number): UctNode<S> | undefined {
    return this.children?.get(key);
  }

  addChild(key: number, child: UctNode<S>): void {
    this.children ??= new Map();
    this.children.set(key, child);
  }

  /** The mixed-radix index of a joint move given as indices into the legal lists. */
  jointIndex(choice: ArrayLike<number>): number {
    const legal = this.legal;
    let key = 0;
    for (let r = 0; r < legal.length; r++) key = key * legal[r]!.length + choice[r]!;
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
    if (this.children) for (const child of this.children.values()) n += child.size();
    return n;
  }
}
