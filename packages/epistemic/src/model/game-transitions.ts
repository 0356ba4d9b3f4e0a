// The propnet reasoner with one more query the model checker lives on: a joint move's successor state and every
// role's percepts from one propagation (the Reasoner contract's nextState and sees propagate once each).
import type { Game, TermId } from '@gdlkit/core';
import { IrTerms, type PropnetIR, PropnetReasoner } from '@gdlkit/propnet';

export class GameTransitions extends PropnetReasoner {
  private readonly legalIndex: readonly Map<TermId, number>[];
  private readonly inputs: Int32Array;

  constructor(game: Game, ir: PropnetIR) {
    super(game, ir);
    this.legalIndex = new IrTerms(game, ir).legalIndex;
    this.inputs = new Int32Array(ir.roleCount);
  }

  /**
   * The successor of `state` under a joint move of legal moves (not checked: callers take them from
   * legalMoves); `percepts[r]` receives role r's percept ids, sorted ascending.
   */
  transition(state: Uint32Array, joint: readonly TermId[], percepts: TermId[][]): Uint32Array {
    const { ir, engine } = this;
    engine.load(state);
    for (let r = 0; r < ir.roleCount; r++)
      this.inputs[r] = ir.legalInput[this.legalIndex[r]!.get(joint[r]!)!]!;
    engine.applyInputs(this.inputs);
    const values = engine.values;
    for (let r = 0; r < ir.roleCount; r++) {
      const seen: TermId[] = [];
      for (let k = ir.seesStart[r]!; k < ir.seesStart[r + 1]!; k++)
        if (values[ir.seesGate[k]!]) seen.push(ir.seesTerm[k]!);
      percepts[r] = seen.sort((a, b) => a - b);
    }
    const next = new Uint32Array(state.length);
    engine.readNext(next);
    return next;
  }
}
