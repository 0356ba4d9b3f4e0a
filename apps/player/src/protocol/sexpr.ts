// A small s-expression reader for protocol messages, on top of the KIF tokenizer of @gdlkit/gdl (which
// lowercases, so upper-cased messages read the same). Variables keep their leading '?', so the rules of a
// START message can be printed back to KIF text for loadGame.
import { type Diagnostic, KifLexer } from '@gdlkit/gdl';

export type SExpr = string | readonly SExpr[];

export class MessageSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageSyntaxError';
  }
}

/**
 * Reads exactly one s-expression; throws MessageSyntaxError saying what is wrong. Tokens are pulled one at a
 * time, never held as a list with their spans: a 10 MB START has three million of them (issue 25).
 */
export function readSExpr(text: string): SExpr {
  const diagnostics: Diagnostic[] = [];
  const lexer = new KifLexer(text, '<message>', diagnostics);
  const stack: SExpr[][] = [];
  let result: SExpr | undefined;
  let empty = true;
  while (lexer.next()) {
    if (diagnostics.length > 0) break;
    empty = false;
    if (result !== undefined) {
      throw new MessageSyntaxError(`unexpected text after the message at column ${lexer.span().column}`);
    }
    if (lexer.kind === 'open') {
      stack.push([]);
      continue;
    }
    let item: SExpr;
    if (lexer.kind === 'close') {
      const list = stack.pop();
      if (list === undefined) throw new MessageSyntaxError(`unbalanced ')' at column ${lexer.span().column}`);
      item = list;
    } else {
      item = lexer.kind === 'variable' ? `?${lexer.text}` : lexer.text;
    }
    const top = stack[stack.length - 1];
    if (top) top.push(item);
    else result = item;
  }
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) throw new MessageSyntaxError(`${error.message} at column ${error.span.column}`);
  if (empty) throw new MessageSyntaxError('empty message');
  if (stack.length > 0) throw new MessageSyntaxError(`missing ${stack.length} closing parenthesis(es)`);
  return result!;
}

/**
 * Canonical KIF text: lowercase, single spaces. Iterative with an explicit stack: `readSExpr` accepts any
 * nesting a message can hold, so the printer must not be bounded by the call stack.
 */
export function printSExpr(expr: SExpr): string {
  if (typeof expr === 'string') return expr;
  const parts: string[] = ['('];
  const lists: (readonly SExpr[])[] = [expr];
  const next: number[] = [0];
  while (lists.length > 0) {
    const top = lists.length - 1;
    const list = lists[top]!;
    const i = next[top]!;
    if (i === list.length) {
      parts.push(')');
      lists.pop();
      next.pop();
      continue;
    }
    next[top] = i + 1;
    if (i > 0) parts.push(' ');
    const item = list[i]!;
    if (typeof item === 'string') {
      parts.push(item);
    } else {
      parts.push('(');
      lists.push(item);
      next.push(0);
    }
  }
  return parts.join('');
}

/** `nil` and `()` both stand for the empty list in the protocol. */
export function isNil(expr: SExpr | undefined): boolean {
  return expr === 'nil' || (Array.isArray(expr) && expr.length === 0);
}

/** A protocol reply carrying a reason: `(error "text")`, one line, no double quotes inside. */
export function errorReply(reason: string): string {
  return `(error "${reason.replace(/["\r\n]+/g, ' ').slice(0, 300)}")`;
}
