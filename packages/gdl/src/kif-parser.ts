import type { AtomTerm, GameDescription, Literal, Rule, SourceSpan, Term } from './ast.js';
import type { Diagnostic } from './diagnostics.js';
import { type KifToken, tokenizeKif } from './kif-tokenizer.js';
import { type DiagnosticCode, DiagnosticCodes } from './validator/codes.js';

/** An s-expression: a single token or a parenthesised list. */
type SExpr = { readonly token: KifToken } | { readonly items: readonly SExpr[]; readonly span: SourceSpan };

export interface ParseResult {
  readonly description: GameDescription;
  readonly diagnostics: Diagnostic[];
}

const KEYWORDS_IN_BODY = new Set(['not', 'distinct', 'or', 'and']);

function spanOf(e: SExpr): SourceSpan {
  return 'token' in e ? e.token.span : e.span;
}

function joinSpans(a: SourceSpan, b: SourceSpan): SourceSpan {
  return { ...a, length: b.offset + b.length - a.offset };
}

/** Parses competition KIF. Never throws: problems become diagnostics and the form is skipped. */
export function parseKif(text: string, file = '<input>'): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const tokens = tokenizeKif(text, file, diagnostics);
  const forms = readForms(tokens, diagnostics);
  const rules: Rule[] = [];
  for (const form of forms) {
    const rule = toRule(form, diagnostics);
    if (rule) rules.push(rule);
  }
  return { description: { file, rules }, diagnostics };
}

function readForms(tokens: readonly KifToken[], diagnostics: Diagnostic[]): SExpr[] {
  const forms: SExpr[] = [];
  const stack: { open: KifToken; items: SExpr[] }[] = [];
  for (const token of tokens) {
    if (token.kind === 'open') {
      stack.push({ open: token, items: [] });
    } else if (token.kind === 'close') {
      const frame = stack.pop();
      if (!frame) {
        diagnostics.push({
          severity: 'error',
          code: 'syntax',
          message: "unmatched ')': remove it or add the missing '('",
          span: token.span,
        });
        continue;
      }
      const list: SExpr = { items: frame.items, span: joinSpans(frame.open.span, token.span) };
      const parent = stack[stack.length - 1];
      if (parent) parent.items.push(list);
      else forms.push(list);
    } else {
      const parent = stack[stack.length - 1];
      if (parent) parent.items.push({ token });
      else forms.push({ token });
    }
  }
  for (const frame of stack) {
    diagnostics.push({
      severity: 'error',
      code: 'syntax',
      message: "unclosed '(': the file ends before its matching ')'",
      span: frame.open.span,
    });
  }
  return forms;
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
    if ('items' in form) {
      const first = form.items[0];
      if (first && 'token' in first && first.token.kind === 'symbol' && first.token.text === '<=') {
        const headExpr = form.items[1];
        if (!headExpr) throw new FormError('a rule (<= head body...) needs a head', form.span);
        const head = toAtom(headExpr, 'head');
        const body = form.items.slice(2).map(toLiteral);
        return { kind: 'rule', head, body, span: form.span };
      }
    }
    return { kind: 'rule', head: toAtom(form, 'fact'), body: [], span: spanOf(form) };
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
  if ('token' in e) {
    const t = e.token;
    if (t.kind === 'variable') return { kind: 'var', name: t.text, span: t.span };
    return { kind: 'const', name: t.text, span: t.span };
  }
  const [first, ...rest] = e.items;
  if (!first) throw new FormError('empty list () is not a term', e.span);
  if ('items' in first) {
    throw new FormError('a relation or function name must be a symbol, not a list', first.span);
  }
  if (first.token.kind === 'variable') {
    throw new FormError(
      `variable ?${first.token.text} in relation or function position: GDL is first-order, name the relation or function`,
      first.token.span,
      DiagnosticCodes.variableFunctor,
    );
  }
  if (first.token.text === '<=')
    throw new FormError("'<=' may only start a top-level rule", first.token.span);
  if (rest.length === 0) {
    // (foo) in competition files means the constant foo.
    return { kind: 'const', name: first.token.text, span: e.span };
  }
  return { kind: 'compound', name: first.token.text, args: rest.map(toTerm), span: e.span };
}

function toLiteral(e: SExpr): Literal {
  if ('items' in e) {
    const first = e.items[0];
    if (
      first &&
      'token' in first &&
      first.token.kind === 'symbol' &&
      KEYWORDS_IN_BODY.has(first.token.text)
    ) {
      const args = e.items.slice(1);
      switch (first.token.text) {
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
