import type { AtomTerm, GameDescription, Literal, Rule, SourceSpan, Term } from './ast.js';
import type { Diagnostic } from './diagnostics.js';
import { KifLexer } from './kif-tokenizer.js';
import { MAX_NESTING, nestingMessage } from './nesting.js';
import { NO_BODY, PackedFactStore } from './packed-facts.js';
import { type DiagnosticCode, DiagnosticCodes } from './validator/codes.js';

/** An s-expression: a single token or a parenthesised list. */
type SExpr =
  | { readonly kind: 'symbol' | 'variable'; readonly text: string; readonly span: SourceSpan }
  | { readonly kind: 'list'; readonly items: readonly SExpr[]; readonly span: SourceSpan };

export interface ParseResult {
  readonly description: GameDescription;
  readonly diagnostics: Diagnostic[];
}

const KEYWORDS_IN_BODY = new Set(['not', 'distinct', 'or', 'and']);

function joinSpans(a: SourceSpan, b: SourceSpan): SourceSpan {
  return { ...a, length: b.offset + b.length - a.offset };
}

/**
 * Parses competition KIF. Never throws: problems become diagnostics and the form is skipped. Forms are read
 * and converted one at a time from a pull tokenizer, so memory holds the rules, not every token; ground facts
 * are kept packed (packed-facts.ts).
 */
export function parseKif(text: string, file = '<input>'): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const reader = new FormReader(new KifLexer(text, file, diagnostics), diagnostics);
  const facts = new PackedFactStore(file);
  const rules: Rule[] = [];
  for (let form = reader.read(); form; form = reader.read()) {
    const rule = toRule(form, diagnostics);
    if (rule) rules.push(facts.pack(rule) ?? rule);
  }
  facts.trim();
  return { description: { file, rules }, diagnostics };
}

/** Reads top-level forms one by one with an explicit stack; a form nested too deep is reported and skipped. */
class FormReader {
  constructor(
    private readonly lexer: KifLexer,
    private readonly diagnostics: Diagnostic[],
  ) {}

  read(): SExpr | undefined {
    const lexer = this.lexer;
    const stack: { open: SourceSpan; items: SExpr[] }[] = [];
    /** Open lists left in a form being skipped, and where that form starts. */
    let skipping = 0;
    let skippedForm: SourceSpan | undefined;
    while (lexer.next()) {
      const kind = lexer.kind;
      if (skipping > 0) {
        if (kind === 'open') skipping++;
        else if (kind === 'close') skipping--;
        continue;
      }
      if (kind === 'open') {
        if (stack.length >= MAX_NESTING) {
          this.error(`term ${nestingMessage()}`, lexer.span(), DiagnosticCodes.nestingDepth);
          skippedForm = stack[0]!.open;
          skipping = stack.length + 1;
          stack.length = 0;
          continue;
        }
        stack.push({ open: lexer.span(), items: [] });
      } else if (kind === 'close') {
        const frame = stack.pop();
        if (!frame) {
          this.error("unmatched ')': remove it or add the missing '('", lexer.span());
          continue;
        }
        const list: SExpr = { kind: 'list', items: frame.items, span: joinSpans(frame.open, lexer.span()) };
        const parent = stack[stack.length - 1];
        if (!parent) return list;
        parent.items.push(list);
      } else {
        const leaf: SExpr = { kind, text: lexer.text, span: lexer.span() };
        const parent = stack[stack.length - 1];
        if (!parent) return leaf;
        parent.items.push(leaf);
      }
    }
    if (skipping > 0) stack.push({ open: skippedForm!, items: [] });
    for (const frame of stack) {
      this.error("unclosed '(': the file ends before its matching ')'", frame.open);
    }
    return undefined;
  }

  private error(message: string, span: SourceSpan, code: DiagnosticCode = DiagnosticCodes.syntax): void {
    this.diagnostics.push({ severity: 'error', code, message, span });
  }
}

class FormError extends Error {
  constructor(
    message: string,
    readonly span: SourceSpan,
    readonly code: DiagnosticCode = DiagnosticCodes.syntax,
  ) {
    super(message);
  }
}

function toRule(form: SExpr, diagnostics: Diagnostic[]): Rule | undefined {
  try {
    if (form.kind === 'list') {
      const first = form.items[0];
      if (first && first.kind === 'symbol' && first.text === '<=') {
        const headExpr = form.items[1];
        if (!headExpr) throw new FormError('a rule (<= head body...) needs a head', form.span);
        const head = toAtom(headExpr, 'head');
        const body = form.items.slice(2).map(toLiteral);
        return { kind: 'rule', head, body, span: form.span };
      }
    }
    return { kind: 'rule', head: toAtom(form, 'fact'), body: NO_BODY, span: form.span };
  } catch (e) {
    if (!(e instanceof FormError)) throw e;
    diagnostics.push({ severity: 'error', code: e.code, message: e.message, span: e.span });
    return undefined;
  }
}

function toAtom(e: SExpr, where: string): AtomTerm {
  const term = toTerm(e);
  if (term.kind === 'var') {
    throw new FormError(`a variable cannot stand as a ${where}; write a relation such as (p ?x)`, term.span);
  }
  return term;
}

function toTerm(e: SExpr): Term {
  if (e.kind !== 'list') {
    return e.kind === 'variable'
      ? { kind: 'var', name: e.text, span: e.span }
      : { kind: 'const', name: e.text, span: e.span };
  }
  const [first, ...rest] = e.items;
  if (!first) throw new FormError('empty list () is not a term', e.span);
  if (first.kind === 'list') {
    throw new FormError('a relation or function name must be a symbol, not a list', first.span);
  }
  if (first.kind === 'variable') {
    throw new FormError(
      `variable ?${first.text} in relation or function position: GDL is first-order, name the relation or function`,
      first.span,
      DiagnosticCodes.variableFunctor,
    );
  }
  if (first.text === '<=') throw new FormError("'<=' may only start a top-level rule", first.span);
  if (rest.length === 0) {
    // (foo) in competition files means the constant foo.
    return { kind: 'const', name: first.text, span: e.span };
  }
  return { kind: 'compound', name: first.text, args: rest.map(toTerm), span: e.span };
}

function toLiteral(e: SExpr): Literal {
  if (e.kind === 'list') {
    const first = e.items[0];
    if (first && first.kind === 'symbol' && KEYWORDS_IN_BODY.has(first.text)) {
      const args = e.items.slice(1);
      switch (first.text) {
        case 'not':
          if (args.length !== 1) throw new FormError('(not ...) takes exactly one literal', e.span);
          return { kind: 'not', body: toLiteral(args[0]!), span: e.span };
        case 'distinct':
          if (args.length !== 2) throw new FormError('(distinct a b) takes exactly two terms', e.span);
          return { kind: 'distinct', left: toTerm(args[0]!), right: toTerm(args[1]!), span: e.span };
        case 'or':
          if (args.length === 0) throw new FormError('(or ...) needs at least one literal', e.span);
          return { kind: 'or', disjuncts: args.map(toLiteral), span: e.span };
        case 'and':
          if (args.length === 0) throw new FormError('(and ...) needs at least one literal', e.span);
          return { kind: 'and', conjuncts: args.map(toLiteral), span: e.span };
      }
    }
  }
  const atom = toTerm(e);
  if (atom.kind === 'var') {
    throw new FormError(
      `variable ?${atom.name} cannot stand as a literal; write a relation such as (p ?x)`,
      atom.span,
    );
  }
  return { kind: 'atom', atom, span: atom.span };
}
