// The checker's CTL normal form (formula/ctl.ts) in the flat encoding of the symbolic checker
// (crates/epistemic-bdd/src/ctl.rs): four integers per node [op, a, b, c], children before parents, the
// root last; atoms are resolved to the IR's base, legal and goal entries (-1: no such entry, false).
import { type Game, GdlkitError } from '@gdlkit/core';
import type { PropnetIR } from '@gdlkit/propnet';
import { resolveRole } from '../check/atoms.js';
import type { Atom } from '../formula/ast.js';
import { type Ctl, ctlKey } from '../formula/ctl.js';

const OP = {
  const: 0,
  lit: 1,
  and: 2,
  or: 3,
  EX: 4,
  AX: 5,
  EU: 6,
  AU: 7,
  ER: 8,
  AR: 9,
  K: 10,
  MK: 11,
} as const;
const ATOM = { terminal: 0, true: 1, legal: 2, goal: 3 } as const;

export function encodeCtl(f: Ctl, game: Game, ir: PropnetIR): Int32Array {
  const out: number[] = [];
  const index = new Map<string, number>();
  const emit = (op: number, a: number, b: number, c: number): number => {
    out.push(op, a, b, c);
    return out.length / 4 - 1;
  };
  const visit = (g: Ctl): number => {
    const key = ctlKey(g);
    const known = index.get(key);
    if (known !== undefined) return known;
    let id: number;
    switch (g.op) {
      case 'const':
        id = emit(OP.const, 0, 0, g.value ? 1 : 0);
        break;
      case 'lit': {
        const [kind, entry] = resolveAtom(g.atom, game, ir);
        id = emit(OP.lit, kind, entry, g.positive ? 1 : 0);
        break;
      }
      case 'and':
      case 'or': {
        if (g.args.length === 0) {
          id = emit(OP.const, 0, 0, g.op === 'and' ? 1 : 0);
          break;
        }
        id = visit(g.args[0]!);
        for (const arg of g.args.slice(1)) id = emit(OP[g.op], id, visit(arg), 0);
        break;
      }
      case 'EX':
      case 'AX': {
        const arg = visit(g.arg);
        id = emit(OP[g.op], arg, 0, 0);
        break;
      }
      case 'K':
      case 'MK': {
        const arg = visit(g.arg);
        id = emit(OP[g.op], arg, 0, resolveRole(game, g.role));
        break;
      }
      case 'EP':
      case 'AP':
        throw new GdlkitError(
          'UNSUPPORTED',
          'the symbolic checker labels CTL only, not a path formula that needs the automaton product',
        );
      default: {
        const left = visit(g.left);
        const right = visit(g.right);
        id = emit(OP[g.op], left, right, 0);
      }
    }
    index.set(key, id);
    return id;
  };
  const root = visit(f);
  // The root must be the last node: a shared subformula as the root is emitted again as `root ∧ true`.
  if (root !== out.length / 4 - 1) emit(OP.and, root, emit(OP.const, 0, 0, 1), 0);
  return Int32Array.from(out);
}

function resolveAtom(a: Atom, game: Game, ir: PropnetIR): [number, number] {
  switch (a.kind) {
    case 'terminal':
      return [ATOM.terminal, 0];
    case 'true':
      return [ATOM.true, ir.baseTerm.indexOf(game.parseTerm(a.fluent))];
    case 'legal': {
      const r = resolveRole(game, a.role);
      const move = game.parseTerm(a.move);
      return [ATOM.legal, entryOf(ir.legalStart, r, (l) => ir.legalTerm[l] === move)];
    }
    case 'goal': {
      const r = resolveRole(game, a.role);
      return [ATOM.goal, entryOf(ir.goalStart, r, (g) => ir.goalValue[g] === a.value)];
    }
    case 'does':
      throw new GdlkitError('UNSUPPORTED', 'the symbolic checker does not track the last joint move (does)');
  }
}

/** The first entry of role r (entries start[r]..start[r+1]) that matches, or -1. */
function entryOf(start: Uint32Array, r: number, match: (entry: number) => boolean): number {
  for (let e = start[r]!; e < start[r + 1]!; e++) if (match(e)) return e;
  return -1;
}
