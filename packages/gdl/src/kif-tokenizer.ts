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
/** Names kept shared: relation and function names repeat throughout a file, unique constants need no table. */
const MAX_INTERNED = 1 << 16;

/**
 * A pull tokenizer over KIF text: `next()` moves to the next token and exposes it through the fields, so a
 * reader can consume a large file without holding every token (a 10 MB START message has millions).
 * Never throws; unusable characters become diagnostics and are skipped.
 */
export class KifLexer {
  kind: KifTokenKind = 'open';
  /** Lowercased text; for variables without the leading '?'. */
  text = '';
  private start = 0;
  private end = 0;
  private tokenLine = 1;
  private tokenColumn = 1;
  private i = 0;
  private line = 1;
  private lineStart = 0;
  private readonly names = new Map<string, string>();

  constructor(
    private readonly source: string,
    readonly file: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** The span of the current token; allocated on demand. */
  span(): SourceSpan {
    return {
      file: this.file,
      line: this.tokenLine,
      column: this.tokenColumn,
      offset: this.start,
      length: this.end - this.start,
    };
  }

  /** Advances to the next token; false at the end of the text. */
  next(): boolean {
    const text = this.source;
    const n = text.length;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (c === 10) {
        this.i++;
        this.line++;
        this.lineStart = this.i;
        continue;
      }
      if (isSpace(c)) {
        this.i++;
        continue;
      }
      if (c === SEMI) {
        while (this.i < n && text.charCodeAt(this.i) !== 10) this.i++;
        continue;
      }
      const start = this.i;
      if (c === OPEN || c === CLOSE) {
        this.i++;
        return this.found(c === OPEN ? 'open' : 'close', c === OPEN ? '(' : ')', start);
      }
      if (c === QUOTE) {
        // Quoted strings occur in a few corpus files as constants; keep them verbatim as one symbol.
        this.i++;
        while (this.i < n && text.charCodeAt(this.i) !== QUOTE && text.charCodeAt(this.i) !== 10) this.i++;
        if (this.i >= n || text.charCodeAt(this.i) !== QUOTE) {
          this.found('symbol', '', start);
          this.report('unterminated string: add the closing double quote on the same line');
          continue;
        }
        this.i++;
        return this.found('symbol', text.slice(start, this.i), start);
      }
      while (this.i < n) {
        const d = text.charCodeAt(this.i);
        if (isSpace(d) || d === OPEN || d === CLOSE || d === SEMI || d === QUOTE) break;
        this.i++;
      }
      const raw = text.slice(start, this.i).toLowerCase();
      if (raw.charCodeAt(0) !== 63 /* ? */) return this.found('symbol', this.intern(raw), start);
      if (raw.length > 1) return this.found('variable', this.intern(raw.slice(1)), start);
      this.found('variable', '', start);
      this.report("a variable needs a name after '?', e.g. ?x");
    }
    return false;
  }

  private found(kind: KifTokenKind, text: string, start: number): true {
    this.kind = kind;
    this.text = text;
    this.start = start;
    this.end = this.i;
    this.tokenLine = this.line;
    this.tokenColumn = start - this.lineStart + 1;
    return true;
  }

  private intern(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    if (this.names.size < MAX_INTERNED) this.names.set(name, name);
    return name;
  }

  private report(message: string): void {
    this.diagnostics.push({ severity: 'error', code: 'syntax', message, span: this.span() });
  }
}

/** Splits KIF text into tokens; never throws, reports unusable characters as diagnostics. */
export function tokenizeKif(text: string, file: string, diagnostics: Diagnostic[]): KifToken[] {
  const tokens: KifToken[] = [];
  const lexer = new KifLexer(text, file, diagnostics);
  while (lexer.next()) tokens.push({ kind: lexer.kind, text: lexer.text, span: lexer.span() });
  return tokens;
}
