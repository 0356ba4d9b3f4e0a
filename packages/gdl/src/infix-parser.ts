import type { AtomTerm, Literal, Rule, SourceSpan, Term, Variable } from './ast.js';
import { type Diagnostic, sortDiagnostics } from './diagnostics.js';
import { type InfixToken, tokenizeInfix } from './infix-tokenizer.js';
import type { ParseResult } from './kif-parser.js';
import { MAX_NESTING, nestingMessage } from './nesting.js';
import { type DiagnosticCode, DiagnosticCodes } from './validator/codes.js';

// Grammar (the notation of the GGP book and of Thielscher's GDL-II papers):
//   clause      := atom '.' | atom (':-' | '<=') disjunction '.'
//   disjunction := conjunction (('|' | ';') conjunction)*
//   conjunction := unary (('&' | ',') unary)*
//   unary       := ('~' | '\+' | 'not') unary | '(' disjunction ')' | 'distinct' '(' term ',' term ')' | atom
//   atom        := name ['(' term (',' term)* ')']
//   term        := Variable | atom

class ClauseError extends Error {
  constructor(
    message: string,
    readonly span: SourceSpan,
    readonly code: DiagnosticCode = DiagnosticCodes.syntax,
  ) {
    super(message);
  }
}

const NEGATIONS = new Set(['~', '\\+']);
const CONJUNCTIONS = new Set(['&', ',']);
const DISJUNCTIONS = new Set(['|', ';']);
const NECKS = new Set([':-', '<=']);
const OPEN = new Set(['(']);
const COMMA = new Set([',']);
/** Tokens after which a bare `not` is the name of a zero-arity relation rather than negation. */
const LITERAL_ENDS = new Set([',', '&', '|', ';', '.', ')']);

function between(first: SourceSpan, last: SourceSpan): SourceSpan {
  return { ...first, length: last.offset + last.length - first.offset };
}

/** Parses Prolog-style GDL (`p(X) :- q(X) & ~r(X).`). Never throws: a broken clause is reported and skipped. */
export function parseInfix(text: string, file = '<input>'): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const tokens = tokenizeInfix(text, file, diagnostics);
  const rules: Rule[] = [];
  const parser = new ClauseParser(tokens);
  while (!parser.atEnd()) {
    try {
      rules.push(parser.clause());
    } catch (e) {
      if (!(e instanceof ClauseError)) throw e;
      diagnostics.push({ severity: 'error', code: e.code, message: e.message, span: e.span });
      parser.skipClause();
    }
  }
  return { description: { file, rules }, diagnostics: sortDiagnostics(diagnostics) };
}

class ClauseParser {
  private pos = 0;
  /** Anonymous `_` variables of the current clause; each becomes a fresh variable once the clause is read. */
  private anonymous: { name: string }[] = [];
  private written = new Set<string>();
  /** Nesting of the literal or term being read; bounded by MAX_NESTING so recursion cannot overflow. */
  private depth = 0;

  constructor(private readonly tokens: readonly InfixToken[]) {}

  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }

  /** Error recovery: drop tokens up to and including the next '.'. */
  skipClause(): void {
    while (!this.atEnd()) {
      const t = this.tokens[this.pos++]!;
      if (t.kind === 'punct' && t.text === '.') return;
    }
  }

  clause(): Rule {
    this.anonymous = [];
    this.written = new Set();
    this.depth = 0;
    const first = this.peek()!;
    const head = this.atom('head');
    let body: Literal[] = [];
    if (this.isPunct(NECKS)) {
      this.pos++;
      body = this.topLevelBody();
    }
    const end = this.expectPunct('.', "end the clause with '.'");
    this.nameAnonymousVariables();
    return { kind: 'rule', head, body, span: between(first.span, end.span) };
  }

  private nameAnonymousVariables(): void {
    let k = 0;
    for (const v of this.anonymous) {
      do k++;
      while (this.written.has(`_${k}`));
      v.name = `_${k}`;
    }
  }

  private topLevelBody(): Literal[] {
    const start = this.peek();
    const disjuncts = this.disjunction();
    if (disjuncts.length === 1) return disjuncts[0]!;
    return [
      { kind: 'or', disjuncts: disjuncts.map(asLiteral), span: between(start!.span, this.previousSpan()) },
    ];
  }

  /** Each element is one conjunction. */
  private disjunction(): Literal[][] {
    const result = [this.conjunction()];
    while (this.isPunct(DISJUNCTIONS)) {
      this.pos++;
      result.push(this.conjunction());
    }
    return result;
  }

  private conjunction(): Literal[] {
    const result = [this.unary()];
    while (this.isPunct(CONJUNCTIONS)) {
      this.pos++;
      result.push(this.unary());
    }
    return result;
  }

  private unary(): Literal {
    const t = this.peekOrFail('a literal');
    this.enter(t);
    const literal = this.unaryAt(t);
    this.depth--;
    return literal;
  }

  /** Counts one level of nesting at `t`; too deep is a located error (the clause is skipped). */
  private enter(t: InfixToken): void {
    if (++this.depth > MAX_NESTING) {
      throw new ClauseError(`literal or term ${nestingMessage()}`, t.span, DiagnosticCodes.nestingDepth);
    }
  }

  private unaryAt(t: InfixToken): Literal {
    if (this.isNegation(t)) {
      this.pos++;
      const body = this.unary();
      return { kind: 'not', body, span: between(t.span, body.span) };
    }
    if (t.kind === 'punct' && t.text === '(') {
      this.pos++;
      const disjuncts = this.disjunction();
      const close = this.expectPunct(')', "close the group with ')'");
      const span = between(t.span, close.span);
      if (disjuncts.length > 1) return { kind: 'or', disjuncts: disjuncts.map(asLiteral), span };
      const only = disjuncts[0]!;
      return only.length === 1 ? only[0]! : { kind: 'and', conjuncts: only, span };
    }
    if (t.kind === 'name' && !t.quoted && t.text === 'distinct' && this.isPunctAt(1, '(')) {
      this.pos += 2;
      const left = this.term();
      this.expectPunct(',', 'distinct takes exactly two arguments: distinct(A, B)');
      const right = this.term();
      const close = this.expectPunct(')', 'distinct takes exactly two arguments: distinct(A, B)');
      return { kind: 'distinct', left, right, span: between(t.span, close.span) };
    }
    const atom = this.atom('literal');
    return { kind: 'atom', atom, span: atom.span };
  }

  private isNegation(t: InfixToken): boolean {
    if (t.kind === 'punct') return NEGATIONS.has(t.text);
    if (t.kind !== 'name' || t.quoted || t.text !== 'not') return false;
    const next = this.peekAt(1);
    return next !== undefined && !(next.kind === 'punct' && LITERAL_ENDS.has(next.text));
  }

  private atom(where: 'head' | 'literal'): AtomTerm {
    const t = this.peekOrFail(`a ${where}`);
    if (t.kind === 'variable' && !this.isPunctAt(1, '(')) {
      throw new ClauseError(
        `variable ${t.text} cannot stand as a ${where}; write a relation such as p(${t.text})`,
        t.span,
      );
    }
    // A variable followed by '(' is rejected inside term(); any other variable was rejected above.
    return this.term() as AtomTerm;
  }

  private term(): Term {
    const t = this.peekOrFail('a term');
    if (t.kind === 'variable') {
      this.pos++;
      if (this.isPunct(OPEN)) {
        throw new ClauseError(
          `variable ${t.text} in relation or function position: GDL is first-order, use a lowercase name`,
          t.span,
          DiagnosticCodes.variableFunctor,
        );
      }
      const v: Variable = { kind: 'var', name: t.text, span: t.span };
      if (t.text === '_') this.anonymous.push(v as { name: string });
      else this.written.add(t.text);
      return v;
    }
    if (t.kind !== 'name') {
      throw new ClauseError(`expected a name or a variable but found '${t.text}'`, t.span);
    }
    this.pos++;
    if (!this.isPunct(OPEN)) return { kind: 'const', name: t.text, span: t.span };
    this.pos++;
    this.enter(t);
    const args = [this.term()];
    while (this.isPunct(COMMA)) {
      this.pos++;
      args.push(this.term());
    }
    const close = this.expectPunct(')', `close the argument list of ${t.text} with ')'`);
    this.depth--;
    return { kind: 'compound', name: t.text, args, span: between(t.span, close.span) };
  }

  private peek(): InfixToken | undefined {
    return this.tokens[this.pos];
  }

  private peekAt(ahead: number): InfixToken | undefined {
    return this.tokens[this.pos + ahead];
  }

  private previousSpan(): SourceSpan {
    return this.tokens[this.pos - 1]!.span;
  }

  private peekOrFail(what: string): InfixToken {
    const t = this.peek();
    if (!t) throw new ClauseError(`the text ends where ${what} was expected`, this.previousSpan());
    return t;
  }

  private isPunctAt(ahead: number, text: string): boolean {
    const t = this.peekAt(ahead);
    return t !== undefined && t.kind === 'punct' && t.text === text;
  }

  private isPunct(set: ReadonlySet<string>): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === 'punct' && set.has(t.text);
  }

  private expectPunct(text: string, hint: string): InfixToken {
    const t = this.peek();
    if (!t) throw new ClauseError(`the text ends before '${text}': ${hint}`, this.previousSpan());
    if (t.kind !== 'punct' || t.text !== text) {
      throw new ClauseError(`expected '${text}' but found '${t.text}': ${hint}`, t.span);
    }
    this.pos++;
    return t;
  }
}

function asLiteral(conjunction: Literal[]): Literal {
  if (conjunction.length === 1) return conjunction[0]!;
  const first = conjunction[0]!.span;
  const last = conjunction[conjunction.length - 1]!.span;
  return { kind: 'and', conjuncts: conjunction, span: between(first, last) };
}
