import type { SourceSpan } from './ast.js';
import { isSpace } from './char-classes.js';
import type { Diagnostic } from './diagnostics.js';

export type KifTokenKind = 'open' | 'close' | 'symbol' | 'variable';

export interface KifToken {
  readonly kind: KifTokenKind;
  /** Lowercased text; for variables without the leading '?'. */
  readonly text: string;
  readonly span: SourceSpan;
}

const OPEN = 40; // (
const CLOSE = 41; // )
const SEMI = 59; // ;
const QUOTE = 34; // "

/** Splits KIF text into tokens; never throws, reports unusable characters as diagnostics. */
export function tokenizeKif(text: string, file: string, diagnostics: Diagnostic[]): KifToken[] {
  const tokens: KifToken[] = [];
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
    if (c === SEMI) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
      continue;
    }
    if (c === OPEN || c === CLOSE) {
      tokens.push({
        kind: c === OPEN ? 'open' : 'close',
        text: c === OPEN ? '(' : ')',
        span: span(i, i + 1),
      });
      i++;
      continue;
    }
    if (c === QUOTE) {
      // Quoted strings occur in a few corpus files as constants; keep them verbatim as one symbol.
      const start = i;
      i++;
      while (i < n && text.charCodeAt(i) !== QUOTE && text.charCodeAt(i) !== 10) i++;
      if (i >= n || text.charCodeAt(i) !== QUOTE) {
        diagnostics.push({
          severity: 'error',
          code: 'syntax',
          message: 'unterminated string: add the closing double quote on the same line',
          span: span(start, i),
        });
        continue;
      }
      i++;
      tokens.push({ kind: 'symbol', text: text.slice(start, i), span: span(start, i) });
      continue;
    }
    const start = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (isSpace(d) || d === OPEN || d === CLOSE || d === SEMI || d === QUOTE) break;
      i++;
    }
    const raw = text.slice(start, i).toLowerCase();
    if (raw.charCodeAt(0) === 63 /* ? */) {
      if (raw.length === 1) {
        diagnostics.push({
          severity: 'error',
          code: 'syntax',
          message: "a variable needs a name after '?', e.g. ?x",
          span: span(start, i),
        });
        continue;
      }
      tokens.push({ kind: 'variable', text: raw.slice(1), span: span(start, i) });
    } else {
      tokens.push({ kind: 'symbol', text: raw, span: span(start, i) });
    }
  }
  return tokens;
}
