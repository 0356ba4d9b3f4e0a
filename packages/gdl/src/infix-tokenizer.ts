import type { SourceSpan } from './ast.js';
import { isSpace } from './char-classes.js';
import type { Diagnostic } from './diagnostics.js';

/**
 * `name`: a lowercase identifier, a number or a quoted atom (never a keyword when quoted);
 * `variable`: an identifier starting with an uppercase letter or '_';
 * `punct`: one of ( ) , . & | ; ~ :- \+ <=
 */
export type InfixTokenKind = 'name' | 'variable' | 'punct';

export interface InfixToken {
  readonly kind: InfixTokenKind;
  /** Names are lowercased unless quoted; variables keep their spelling; quotes are removed. */
  readonly text: string;
  readonly quoted: boolean;
  readonly span: SourceSpan;
}

const SINGLE_PUNCT = new Set(['(', ')', ',', '.', '&', '|', ';', '~']);
const PERCENT = 37;
const QUOTE = 39; // '

function isIdentChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isVariableStart(c: number): boolean {
  return (c >= 65 && c <= 90) || c === 95;
}

/** Splits Prolog-style GDL text into tokens; never throws, reports unusable characters as diagnostics. */
export function tokenizeInfix(text: string, file: string, diagnostics: Diagnostic[]): InfixToken[] {
  const tokens: InfixToken[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const n = text.length;
  const span = (start: number, end: number): SourceSpan => ({
    file,
    line,
    column: start - lineStart + 1,
    offset: start,
    length: end - start,
  });
  const push = (kind: InfixTokenKind, value: string, start: number, quoted = false) =>
    tokens.push({ kind, text: value, quoted, span: span(start, i) });
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === PERCENT) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
      continue;
    }
    const start = i;
    const two = text.slice(i, i + 2);
    if (two === ':-' || two === '\\+' || two === '<=') {
      i += 2;
      push('punct', two, start);
      continue;
    }
    const ch = text[i]!;
    if (SINGLE_PUNCT.has(ch)) {
      i++;
      push('punct', ch, start);
      continue;
    }
    if (c === QUOTE) {
      // Quoted atoms carry constants that are not plain identifiers (e.g. KIF's `map+`); '' is a quote.
      let value = '';
      i++;
      for (;;) {
        if (i >= n || text.charCodeAt(i) === 10) {
          diagnostics.push({
            severity: 'error',
            code: 'syntax',
            message: "unterminated quoted name: add the closing ' on the same line",
            span: span(start, i),
          });
          break;
        }
        if (text.charCodeAt(i) === QUOTE) {
          if (text.charCodeAt(i + 1) === QUOTE) {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          if (value === '') {
            diagnostics.push({
              severity: 'error',
              code: 'syntax',
              message: "empty quoted name '': write a name between the quotes",
              span: span(start, i),
            });
          } else push('name', value, start, true);
          break;
        }
        value += text[i];
        i++;
      }
      continue;
    }
    if (isIdentChar(c)) {
      while (i < n && isIdentChar(text.charCodeAt(i))) i++;
      const word = text.slice(start, i);
      if (isVariableStart(c)) push('variable', word, start);
      else push('name', word.toLowerCase(), start);
      continue;
    }
    i++;
    diagnostics.push({
      severity: 'error',
      code: 'syntax',
      message: `unexpected character '${ch}': names are letters, digits and '_', or quoted like 'a-b'`,
      span: span(start, i),
    });
  }
  return tokens;
}
