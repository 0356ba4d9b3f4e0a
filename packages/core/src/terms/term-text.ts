import { parseKif, type Term } from '@gdlkit/gdl';
import { GdlkitError } from '../errors.js';
import type { TermId, TermStore } from './term-store.js';

/** Interns a ground AST term. */
export function internAstTerm(store: TermStore, term: Term): TermId {
  switch (term.kind) {
    case 'const':
      return store.constant(term.name);
    case 'compound':
      return store.compound(
        store.symbol(term.name),
        term.args.map((a) => internAstTerm(store, a)),
      );
    case 'var':
      throw new GdlkitError('BAD_TERM', `expected a ground term, found variable ?${term.name}`);
  }
}

/** Parses one ground KIF term such as `(mark 1 2)` or `noop`; throws a BAD_TERM error with the reason. */
export function parseGroundTerm(store: TermStore, text: string): TermId {
  const { description, diagnostics } = parseKif(text, '<term>');
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) throw new GdlkitError('BAD_TERM', `cannot read term '${text}': ${error.message}`);
  if (description.rules.length !== 1 || description.rules[0]!.body.length > 0) {
    throw new GdlkitError('BAD_TERM', `expected exactly one term, got '${text}'`);
  }
  return internAstTerm(store, description.rules[0]!.head);
}

/** Parses a whitespace-separated sequence of ground KIF terms, e.g. a joint move `(mark 1 1) noop`. */
export function parseGroundTerms(store: TermStore, text: string): TermId[] {
  const { description, diagnostics } = parseKif(text, '<terms>');
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) throw new GdlkitError('BAD_TERM', `cannot read terms '${text}': ${error.message}`);
  return description.rules.map((r) => {
    if (r.body.length > 0) throw new GdlkitError('BAD_TERM', `expected terms, got a rule in '${text}'`);
    return internAstTerm(store, r.head);
  });
}
