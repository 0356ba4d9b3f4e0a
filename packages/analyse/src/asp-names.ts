// GDL names in clingo syntax. KIF admits names clingo does not (`-`, `+`, digits first, upper case), so every
// name outside [a-z][a-z0-9_]* is escaped injectively. Escaped and kept names never contain an upper-case
// letter, which leaves every name with an upper-case letter free for the proof programs' own predicates.
import type { Pattern, TermId, TermStore } from '@gdlkit/core';

const PLAIN = /^[a-z][a-z0-9_]*$/;
const NUMBER = /^(0|[1-9][0-9]{0,8})$/;

/** The clingo identifier for a GDL predicate or function name. */
export function aspName(name: string): string {
  if (PLAIN.test(name) && !name.startsWith('z_')) return name;
  let out = 'z_';
  for (const ch of name) {
    out += /[a-z0-9]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`;
  }
  return out;
}

/** Inverse of aspName. */
export function gdlName(asp: string): string {
  if (!asp.startsWith('z_')) return asp;
  return asp.slice(2).replace(/_([0-9a-f]+)_/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

/** A constant: small natural numbers stay numbers (goal values are summed), everything else is a name. */
export function aspConstant(name: string): string {
  return NUMBER.test(name) ? name : aspName(name);
}

export function aspGroundTerm(store: TermStore, term: TermId): string {
  const name = store.symbolName(store.functor(term));
  const arity = store.arity(term);
  if (arity === 0) return aspConstant(name);
  const args: string[] = [];
  for (let i = 0; i < arity; i++) args.push(aspGroundTerm(store, store.arg(term, i)));
  return `${aspName(name)}(${args.join(',')})`;
}

/** A rule pattern; variable i is written `V<i>`. */
export function aspPattern(store: TermStore, p: Pattern): string {
  switch (p.kind) {
    case 'ground':
      return aspGroundTerm(store, p.term);
    case 'var':
      return `V${p.index}`;
    case 'fn':
      return `${aspName(store.symbolName(p.functor))}(${p.args.map((a) => aspPattern(store, a)).join(',')})`;
  }
}

/** `name/arity` of the term a pattern stands for, or undefined for a variable. */
export function patternFunctor(store: TermStore, p: Pattern): string | undefined {
  switch (p.kind) {
    case 'ground':
      return `${store.symbolName(store.functor(p.term))}/${store.arity(p.term)}`;
    case 'var':
      return undefined;
    case 'fn':
      return `${store.symbolName(p.functor)}/${p.args.length}`;
  }
}
