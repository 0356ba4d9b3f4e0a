// Compile-time matching of rule patterns against decoded relation instances. Runtime inference never calls
// these (it reads reference tables), except for rules that run without tables.
import type { Atom, Pattern, TermId, TermStore } from '@gdlkit/core';
import type { RelationLayout, Shape } from './relation-ids.js';

export const UNBOUND = -1;

/** Matches a pattern against a ground term, binding variables; new bindings are pushed on `trail`. */
export function matchPattern(
  store: TermStore,
  pattern: Pattern,
  term: TermId,
  bindings: Int32Array,
  trail: number[],
): boolean {
  switch (pattern.kind) {
    case 'ground':
      return pattern.term === term;
    case 'var': {
      const bound = bindings[pattern.index]!;
      if (bound !== UNBOUND) return bound === term;
      bindings[pattern.index] = term;
      trail.push(pattern.index);
      return true;
    }
    case 'fn': {
      if (store.functor(term) !== pattern.functor || store.arity(term) !== pattern.args.length) return false;
      for (let i = 0; i < pattern.args.length; i++) {
        if (!matchPattern(store, pattern.args[i]!, store.arg(term, i), bindings, trail)) return false;
      }
      return true;
    }
  }
}

export function undo(bindings: Int32Array, trail: number[], mark: number): void {
  while (trail.length > mark) bindings[trail.pop()!] = UNBOUND;
}

/** The ground term of a pattern under complete bindings (interned). */
export function instantiate(store: TermStore, pattern: Pattern, bindings: Int32Array): TermId {
  switch (pattern.kind) {
    case 'ground':
      return pattern.term;
    case 'var':
      return bindings[pattern.index]!;
    case 'fn':
      return store.compound(
        pattern.functor,
        pattern.args.map((a) => instantiate(store, a, bindings)),
      );
  }
}

/** Matches an atom against the slot values of an instance of `shape`. */
export function matchShape(
  store: TermStore,
  atom: Atom,
  shape: Shape,
  values: ArrayLike<TermId>,
  bindings: Int32Array,
  trail: number[],
): boolean {
  for (let j = 0; j < atom.args.length; j++) {
    const choice = shape.choices[j]!;
    const start = shape.argSlot[j]!;
    const p = atom.args[j]!;
    if (choice.functor === -1) {
      if (!matchPattern(store, p, values[start]!, bindings, trail)) return false;
      continue;
    }
    const arity = choice.slots.length;
    if (p.kind === 'var') {
      if (!matchPattern(store, p, store.compound(choice.functor, values, start, arity), bindings, trail)) {
        return false;
      }
      continue;
    }
    if (p.kind === 'ground') {
      const t = p.term;
      if (store.functor(t) !== choice.functor || store.arity(t) !== arity) return false;
      for (let a = 0; a < arity; a++) if (store.arg(t, a) !== values[start + a]) return false;
      continue;
    }
    if (p.functor !== choice.functor || p.args.length !== arity) return false;
    for (let a = 0; a < arity; a++) {
      if (!matchPattern(store, p.args[a]!, values[start + a]!, bindings, trail)) return false;
    }
  }
  return true;
}

/** Whether a pattern can denote some value of a choice, judging by function symbols only. */
function compatible(store: TermStore, p: Pattern, functor: number, arity: number): boolean {
  if (p.kind === 'var') return true;
  if (p.kind === 'fn') return functor === p.functor && arity === p.args.length;
  const t = p.term;
  return functor === -1 ? true : store.functor(t) === functor && store.arity(t) === arity;
}

/** The shapes of a layout that an atom can match (its "view" in a reference table). */
export function compatibleShapes(store: TermStore, layout: RelationLayout, atom: Atom): Shape[] {
  return layout.shapes.filter((shape) =>
    atom.args.every((p, j) => {
      const c = shape.choices[j]!;
      if (c.functor === -1 && p.kind === 'fn') return false;
      return compatible(store, p, c.functor, c.slots.length);
    }),
  );
}
