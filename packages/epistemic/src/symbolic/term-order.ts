// A BDD variable order read off the ground terms, offered to the symbolic checker beside FORCE's (it keeps
// the smaller). GDL names the objects of a game by their coordinates far more often than not — a cell
// (cell 2 3 b), a piece's square (location patrol 2 3), the move that marks it (mark 2 3), the percept about
// it (yougotit 2 3) — so sorting every base, input and percept by its integer arguments puts the variables
// of one object side by side and the objects in row-major order, the order in which lines, adjacency and
// captures have small BDDs. Terms with fewer integer arguments (a step counter, a control flag, a move
// direction) come first.
import type { Game } from '@gdlkit/core';
import type { PropnetIR } from '@gdlkit/propnet';

const INTEGER = /(?<=[\s(])-?\d+(?=[\s)])/g;

/** The integer arguments of a term's KIF text, in order. */
function integers(kif: string): number[] {
  return (kif.match(INTEGER) ?? []).map(Number);
}

/** The unit codes of the order (base b: b, input i: B + i, percept k: B + I + k). */
export function termOrder(game: Game, ir: PropnetIR): Uint32Array {
  const terms = [...ir.baseTerm, ...ir.inputTerm, ...ir.seesTerm];
  const keys = terms.map((t) => integers(game.store.toKif(t)));
  const bases = ir.baseTerm.length;
  const inputs = ir.inputTerm.length;
  const kind = (u: number) => (u < bases ? 0 : u < bases + inputs ? 1 : 2);
  const units = terms.map((_, u) => u);
  units.sort((a, b) => compareKeys(keys[a]!, keys[b]!) || kind(a) - kind(b) || a - b);
  return Uint32Array.from(units);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * Per base, its block for the symbolic checker's over-approximation of the reachable states (correlations
 * are kept within a block): the bases of one object — the same two or more integer arguments, such as a
 * cell's contents and the tries at it — and otherwise the bases of one predicate (a step counter, a control
 * flag), whose values exclude each other.
 */
export function termBlocks(game: Game, ir: PropnetIR): Uint32Array {
  const ids = new Map<string, number>();
  return Uint32Array.from(ir.baseTerm, (t) => {
    const kif = game.store.toKif(t);
    const coordinates = integers(kif);
    const key = coordinates.length >= 2 ? coordinates.join(' ') : `#${predicate(kif)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  });
}

/** The predicate (or constant) name of a term's KIF text. */
function predicate(kif: string): string {
  return kif.replace(/^\(/, '').split(/[\s()]/)[0]!;
}
