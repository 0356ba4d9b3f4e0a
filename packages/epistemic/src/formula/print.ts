// Prints a formula in the syntax `parseFormula` reads, with parentheses only where precedence needs them:
// `->`/`<->` bind weakest, then `or`, `and`, `U`, and the prefix operators (not A E X F G K[role]) strongest.
import type { Atom, Formula } from './ast.js';

const PRECEDENCE = { iff: 1, implies: 1, or: 2, and: 3, U: 4, prefix: 5 } as const;

export function printAtom(a: Atom): string {
  switch (a.kind) {
    case 'terminal':
      return 'terminal';
    case 'true':
      return `(true ${a.fluent})`;
    case 'legal':
    case 'does':
      return `(${a.kind} ${a.role} ${a.move})`;
    case 'goal':
      return `(goal ${a.role} ${a.value})`;
  }
}

export function printFormula(f: Formula): string {
  return print(f, 0);
}

function print(f: Formula, context: number): string {
  const wrap = (own: number, text: string) => (own <= context ? `(${text})` : text);
  switch (f.op) {
    case 'const':
      return f.value ? 'true' : 'false';
    case 'atom':
      return printAtom(f.atom);
    case 'not':
      return `not ${print(f.arg, PRECEDENCE.prefix - 1)}`;
    case 'A':
    case 'E':
    case 'X':
    case 'F':
    case 'G':
      return `${f.op} ${print(f.arg, PRECEDENCE.prefix - 1)}`;
    case 'K':
      return `K[${f.role}] ${print(f.arg, PRECEDENCE.prefix - 1)}`;
    case 'and':
    case 'or': {
      const own = PRECEDENCE[f.op];
      return wrap(own, f.args.map((a) => print(a, own)).join(` ${f.op} `));
    }
    case 'U':
      // Right-associative: the left operand needs parentheses at its own level.
      return wrap(PRECEDENCE.U, `${print(f.left, PRECEDENCE.U)} U ${print(f.right, PRECEDENCE.U - 1)}`);
    case 'implies':
    case 'iff': {
      const symbol = f.op === 'implies' ? '->' : '<->';
      return wrap(PRECEDENCE.implies, `${print(f.left, PRECEDENCE.implies)} ${symbol} ${print(f.right, 0)}`);
    }
  }
}
