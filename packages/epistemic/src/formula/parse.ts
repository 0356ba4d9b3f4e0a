// Reads the text syntax of CTL*K formulas (printed back by print.ts):
//   formula := iff ;  iff := implies ('<->' implies)* ;  implies := or ('->' implies)?
//   or := and (('or' | '|') and)* ;  and := until (('and' | '&') until)* ;  until := prefix ('U' until)?
//   prefix := ('not' | '!' | 'A' | 'E' | 'X' | 'F' | 'G' | 'K[' role ']') prefix | primary
//   primary := 'true' | 'false' | 'terminal' | '(' formula ')' | '(true' F ')' | '(legal' R M ')'
//            | '(does' R M ')' | '(goal' R N ')'
// Atoms are KIF (the paper's atoms, section 3.3); their terms are printed back canonically.

import { GdlkitError } from '@gdlkit/core';
import { parseKif, printKifTerm, type Term } from '@gdlkit/gdl';
import { type Atom, atom, type Formula } from './ast.js';

/** A formula that cannot be read; the message names the column. */
export class FormulaSyntaxError extends GdlkitError {
  constructor(text: string, column: number, reason: string) {
    super('BAD_TERM', `formula '${text}', column ${column}: ${reason}`);
    this.name = 'FormulaSyntaxError';
  }
}

interface Token {
  readonly text: string;
  readonly start: number;
}

const ATOM_KEYWORDS = new Set(['true', 'legal', 'does', 'goal']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(<->|->|[()[\]!&|]|[^\s()[\]!&|]+)/y;
  let match: RegExpExecArray | null;
  pattern.lastIndex = 0;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text)) !== null) {
    if (match[1] === undefined) break;
    tokens.push({ text: match[1], start: match.index + match[0].length - match[1].length });
  }
  if (text.slice(pattern.lastIndex).trim() !== '') {
    throw new FormulaSyntaxError(text, pattern.lastIndex + 1, 'unexpected character');
  }
  return tokens;
}

export function parseFormula(text: string): Formula {
  return new Reader(text).read();
}

class Reader {
  private readonly tokens: Token[];
  private position = 0;

  constructor(private readonly text: string) {
    this.tokens = tokenize(text);
  }

  read(): Formula {
    if (this.tokens.length === 0) throw this.error('empty formula');
    const f = this.iff();
    if (this.position < this.tokens.length) throw this.error(`unexpected '${this.peek()}'`);
    return f;
  }

  private peek(offset = 0): string | undefined {
    return this.tokens[this.position + offset]?.text;
  }

  private error(reason: string): FormulaSyntaxError {
    const token = this.tokens[this.position];
    return new FormulaSyntaxError(this.text, (token?.start ?? this.text.length) + 1, reason);
  }

  private expect(text: string): void {
    if (this.peek() !== text) {
      throw this.error(`expected '${text}'${this.peek() === undefined ? ' at the end' : ''}`);
    }
    this.position++;
  }

  private iff(): Formula {
    let left = this.implies();
    while (this.peek() === '<->') {
      this.position++;
      left = { op: 'iff', left, right: this.implies() };
    }
    return left;
  }

  private implies(): Formula {
    const left = this.or();
    if (this.peek() !== '->') return left;
    this.position++;
    return { op: 'implies', left, right: this.implies() };
  }

  private or(): Formula {
    const args = [this.and()];
    while (this.peek() === 'or' || this.peek() === '|') {
      this.position++;
      args.push(this.and());
    }
    return args.length === 1 ? args[0]! : { op: 'or', args };
  }

  private and(): Formula {
    const args = [this.until()];
    while (this.peek() === 'and' || this.peek() === '&') {
      this.position++;
      args.push(this.until());
    }
    return args.length === 1 ? args[0]! : { op: 'and', args };
  }

  private until(): Formula {
    const left = this.prefix();
    if (this.peek() !== 'U') return left;
    this.position++;
    return { op: 'U', left, right: this.until() };
  }

  private prefix(): Formula {
    const t = this.peek();
    if (t === 'not' || t === '!') {
      this.position++;
      return { op: 'not', arg: this.prefix() };
    }
    if (t === 'A' || t === 'E' || t === 'X' || t === 'F' || t === 'G') {
      this.position++;
      return { op: t, arg: this.prefix() };
    }
    if (t === 'K') {
      this.position++;
      this.expect('[');
      const role = this.peek();
      if (role === undefined || /^[()[\]]$/.test(role)) throw this.error('expected a role name after K[');
      this.position++;
      this.expect(']');
      return { op: 'K', role: role.toLowerCase(), arg: this.prefix() };
    }
    return this.primary();
  }

  private primary(): Formula {
    const t = this.peek();
    if (t === undefined) throw this.error('expected a formula at the end');
    if (t === 'true' || t === 'false') {
      this.position++;
      return { op: 'const', value: t === 'true' };
    }
    if (t === 'terminal') {
      this.position++;
      return atom({ kind: 'terminal' });
    }
    if (t === '(') {
      const keyword = this.peek(1)?.toLowerCase();
      if (keyword !== undefined && ATOM_KEYWORDS.has(keyword)) return atom(this.kifAtom());
      this.position++;
      const inner = this.iff();
      this.expect(')');
      return inner;
    }
    throw this.error(`expected a formula, found '${t}'`);
  }

  /** A KIF atom `(keyword args...)`: its balanced text is read by the GDL parser. */
  private kifAtom(): Atom {
    const open = this.tokens[this.position]!;
    let depth = 0;
    let end = this.position;
    for (; end < this.tokens.length; end++) {
      const text = this.tokens[end]!.text;
      if (text === '(') depth++;
      else if (text === ')' && --depth === 0) break;
    }
    if (depth !== 0) throw this.error(`unbalanced parentheses in the atom starting here`);
    const close = this.tokens[end]!;
    const source = this.text.slice(open.start, close.start + 1);
    const column = open.start + 1;
    this.position = end + 1;
    const { description, diagnostics } = parseKif(source, '<formula>');
    const bad = diagnostics.find((d) => d.severity === 'error');
    if (bad || description.rules.length !== 1) {
      throw new FormulaSyntaxError(
        this.text,
        column,
        `cannot read the atom ${source}${bad ? `: ${bad.message}` : ''}`,
      );
    }
    const head = description.rules[0]!.head;
    if (head.kind !== 'compound') throw new FormulaSyntaxError(this.text, column, `not an atom: ${source}`);
    const args = head.args;
    const ground = (t: Term): string => {
      if (!isGround(t)) {
        throw new FormulaSyntaxError(
          this.text,
          column,
          `atoms must be ground, found a variable in ${source}`,
        );
      }
      return printKifTerm(t);
    };
    const arity = (n: number) => {
      if (args.length !== n) {
        throw new FormulaSyntaxError(this.text, column, `${head.name} takes ${n} argument(s): ${source}`);
      }
    };
    switch (head.name.toLowerCase()) {
      case 'true':
        arity(1);
        return { kind: 'true', fluent: ground(args[0]!) };
      case 'legal':
      case 'does':
        arity(2);
        return {
          kind: head.name.toLowerCase() as 'legal' | 'does',
          role: ground(args[0]!),
          move: ground(args[1]!),
        };
      default: {
        arity(2);
        const value = Number(ground(args[1]!));
        if (!Number.isInteger(value)) {
          throw new FormulaSyntaxError(this.text, column, `a goal value is an integer: ${source}`);
        }
        return { kind: 'goal', role: ground(args[0]!), value };
      }
    }
  }
}

function isGround(t: Term): boolean {
  if (t.kind === 'var') return false;
  return t.kind === 'const' || t.args.every(isGround);
}
