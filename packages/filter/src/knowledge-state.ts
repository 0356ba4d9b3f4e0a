// Incomplete knowledge as two sets of ground base atoms: Thielscher 2013, section "Representing Incomplete
// Information About Facts". B+ holds the atoms known to be true, B0 those that may be true; every other base
// atom is known to be false. The pair stands for the set of models of equation (3):
//   Φ(B+, B0) = { B+ ∪ B : B ⊆ B0 }.
import { type Game, GdlkitError, type TermId } from '@gdlkit/core';

export class KnowledgeState {
  /** B+: base atoms true in every model. */
  readonly bPlus: ReadonlySet<TermId>;
  /** B0: base atoms true in some models (disjoint from B+). */
  readonly bZero: ReadonlySet<TermId>;

  constructor(bPlus: Iterable<TermId>, bZero: Iterable<TermId>) {
    const plus = new Set(bPlus);
    const zero = new Set<TermId>();
    for (const atom of bZero) {
      if (plus.has(atom)) {
        throw new GdlkitError('BAD_TERM', `knowledge state: atom ${atom} is both in B+ and in B0`);
      }
      zero.add(atom);
    }
    this.bPlus = plus;
    this.bZero = zero;
  }

  /** Whether a model (a set of base atoms) is one of Φ(B+, B0): B+ ⊆ model ⊆ B+ ∪ B0 (equation 3). */
  represents(model: Iterable<TermId>): boolean {
    const atoms = new Set(model);
    for (const atom of this.bPlus) if (!atoms.has(atom)) return false;
    for (const atom of atoms) if (!this.bPlus.has(atom) && !this.bZero.has(atom)) return false;
    return true;
  }

  /** Whether nothing is uncertain (B0 = ∅): Φ holds exactly one model. */
  get complete(): boolean {
    return this.bZero.size === 0;
  }
}

/** Between rounds the base atoms are true(F) instances; these helpers move between fluents and atoms. */
export class FluentAtoms {
  constructor(private readonly game: Game) {}

  /** The atom true(f). */
  wrap(fluent: TermId): TermId {
    return this.game.atomTerm(this.game.keywords.true, [fluent]);
  }

  /** The fluents f of the true(f) atoms of a set, other atoms (does) left out. */
  unwrap(atoms: Iterable<TermId>): TermId[] {
    const out: TermId[] = [];
    const trueRelation = this.game.keywords.true;
    for (const atom of atoms) {
      if (this.game.relationOf(atom) === trueRelation) out.push(this.game.store.arg(atom, 0));
    }
    return out;
  }

  /** The knowledge state in which exactly the given fluents hold (complete knowledge). */
  exactly(fluents: Iterable<TermId>): KnowledgeState {
    return new KnowledgeState(
      Array.from(fluents, (f) => this.wrap(f)),
      [],
    );
  }

  /** Known fluents (B+) of a knowledge state. */
  known(state: KnowledgeState): TermId[] {
    return this.unwrap(state.bPlus);
  }

  /** Possible but unknown fluents (B0) of a knowledge state. */
  possible(state: KnowledgeState): TermId[] {
    return this.unwrap(state.bZero);
  }

  /** Equation (3) for a game state given by its fluents. */
  representsState(state: KnowledgeState, fluents: Iterable<TermId>): boolean {
    return state.represents(Array.from(fluents, (f) => this.wrap(f)));
  }
}
