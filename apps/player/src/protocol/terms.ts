import type { TermId, TermStore } from '@gdlkit/core';
import { MessageSyntaxError, printSExpr, type SExpr } from './sexpr.js';

/** Interns a ground term of a message (a move, a role, a percept) in the game's store. */
export function internTerm(store: TermStore, expr: SExpr): TermId {
  if (typeof expr === 'string') {
    if (expr.startsWith('?')) throw new MessageSyntaxError(`expected a ground term, found variable ${expr}`);
    return store.constant(expr);
  }
  const [head, ...args] = expr;
  if (typeof head !== 'string' || head.startsWith('?')) {
    throw new MessageSyntaxError(`a term must start with a function symbol, got ${printSExpr(expr)}`);
  }
  return store.compound(
    store.symbol(head),
    args.map((a) => internTerm(store, a)),
  );
}
