// The term-id side of the IR that every executor's Reasoner needs: legal moves by term, states as fluents.
import { type Game, GdlkitError, type TermId } from '@gdlkit/core';
import { stateWords } from './engine.js';
import type { PropnetIR } from './ir.js';

export class IrTerms {
  /** Per role, the legal-table entry of each move term. */
  readonly legalIndex: readonly Map<TermId, number>[];
  private readonly baseOfTerm = new Map<TermId, number>();

  constructor(
    private readonly game: Game,
    private readonly ir: PropnetIR,
  ) {
    this.legalIndex = Array.from({ length: ir.roleCount }, (_, r) => {
      const map = new Map<TermId, number>();
      for (let l = ir.legalStart[r]!; l < ir.legalStart[r + 1]!; l++) map.set(ir.legalTerm[l]!, l);
      return map;
    });
    ir.baseTerm.forEach((t, b) => {
      this.baseOfTerm.set(t, b);
    });
  }

  /** The fluents of a state bit set over the base propositions. */
  stateToFacts(state: Uint32Array): TermId[] {
    const out: TermId[] = [];
    for (let b = 0; b < this.ir.baseTerm.length; b++) {
      if ((state[b >>> 5]! >>> (b & 31)) & 1) out.push(this.ir.baseTerm[b]!);
    }
    return out;
  }

  /** The state bit set of some fluents; a fluent no state can contain is a BAD_TERM error. */
  stateFromFacts(facts: readonly TermId[]): Uint32Array {
    const state = new Uint32Array(stateWords(this.ir));
    for (const f of facts) {
      const b = this.baseOfTerm.get(f);
      if (b === undefined) {
        throw new GdlkitError(
          'BAD_TERM',
          `${this.game.store.toKif(f)} is not a reachable fluent of this game: no state can contain it`,
        );
      }
      state[b >>> 5]! |= 1 << (b & 31);
    }
    return state;
  }
}
