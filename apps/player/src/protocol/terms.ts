import type { TermId, TermStore } from '@gdlkit/core';
import { MessageSyntaxError, printSExpr, type SExpr } from './sexpr.js';

/** A compound of the message being interned: its list, the next argument to visit, where its arguments start. */
interface Frame {
  readonly list: readonly SExpr[];
  next: number;
  readonly base: number;
}

/**
 * Interns a ground term of a message (a move, a role, a percept) in the game's store. Iterative (post-order
 * with an explicit stack): the message reader has no depth limit, and a recursive walk overflowed the call
 * stack on a move nested about 10 k deep.
 */
export function internTerm(store: TermStore, expr: SExpr): TermId {
  const results: TermId[] = [];
  const frames: Frame[] = [];
  const visit = (e: SExpr): void => {
    if (typeof e === 'string') {
      if (e.startsWith('?')) throw new MessageSyntaxError(`expected a ground term, found variable ${e}`);
      results.push(store.constant(e));
      return;
    }
    const head = e[0];
    if (typeof head !== 'string' || head.startsWith('?')) {
      throw new MessageSyntaxError(`a term must start with a function symbol, got ${printSExpr(e)}`);
    }
    frames.push({ list: e, next: 1, base: results.length });
  };
  visit(expr);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.next < frame.list.length) {
      visit(frame.list[frame.next++]!);
      continue;
    }
    frames.pop();
    const id = store.compound(
      store.symbol(frame.list[0] as string),
      results,
      frame.base,
      results.length - frame.base,
    );
    results.length = frame.base;
    results.push(id);
  }
  return results[0]!;
}
