// A plain translation of the normalised GDL rules to Prolog clauses (the baseline of DESIGN.md section 6):
// every relation becomes g_<name>_<arity>, every constant a quoted atom, true/1 and does/2 the dynamic facts
// t/1 and d/2 holding the current state and joint move; in each body the positive literals come first in
// their safe order and the negative literals and distinct after them. No tabling, no optimisation.
import type { Atom, BodyLiteral, Game, GameRule, Pattern, TermId, TermStore } from '@gdlkit/core';

export function translateGame(game: Game): string {
  const k = game.keywords;
  const name = (relation: number) => {
    if (relation === k.true) return 't';
    if (relation === k.does) return 'd';
    const r = game.relations[relation]!;
    return `g_${r.name.replace(/[^a-zA-Z0-9_]/g, (c) => `_${c.charCodeAt(0)}_`)}_${r.arity}`;
  };
  const clauses = game.rules.map((rule) => clause(game.store, rule, name));
  const defined = new Set(game.rules.map((r) => r.head.relation));
  const used = new Set(
    game.rules.flatMap((r) => r.body.flatMap((l) => (l.kind === 'distinct' ? [] : [l.atom.relation]))),
  );
  const declarations = [
    ...new Set([...defined, ...used, k.role, k.init, k.legal, k.next, k.terminal, k.goal]),
  ]
    .filter((r) => r !== k.true && r !== k.does && r !== undefined && r >= 0)
    .map((r) => `:- dynamic(${name(r)}/${game.relations[r]!.arity}).`);
  return [':- dynamic(t/1).', ':- dynamic(d/2).', ...declarations, ...clauses, ''].join('\n');
}

function clause(store: TermStore, rule: GameRule, name: (r: number) => string): string {
  const head = atom(store, rule.head, name);
  if (rule.body.length === 0) return `${head}.`;
  const positive = rule.body.filter((l) => l.kind === 'pos');
  const rest = rule.body.filter((l) => l.kind !== 'pos');
  return `${head} :- ${[...positive, ...rest].map((l) => literal(store, l, name)).join(', ')}.`;
}

function literal(store: TermStore, l: BodyLiteral, name: (r: number) => string): string {
  if (l.kind === 'pos') return atom(store, l.atom, name);
  if (l.kind === 'neg') return `\\+ ${atom(store, l.atom, name)}`;
  return `${pattern(store, l.left)} \\== ${pattern(store, l.right)}`;
}

function atom(store: TermStore, a: Atom, name: (r: number) => string): string {
  return a.args.length === 0
    ? name(a.relation)
    : `${name(a.relation)}(${a.args.map((p) => pattern(store, p)).join(', ')})`;
}

function pattern(store: TermStore, p: Pattern): string {
  if (p.kind === 'var') return `V${p.index}`;
  if (p.kind === 'ground') return groundTerm(store, p.term);
  return `${quote(store.symbolName(p.functor))}(${p.args.map((a) => pattern(store, a)).join(', ')})`;
}

export function groundTerm(store: TermStore, t: TermId): string {
  const f = quote(store.symbolName(store.functor(t)));
  const n = store.arity(t);
  if (n === 0) return f;
  return `${f}(${store
    .argList(t)
    .map((a) => groundTerm(store, a))
    .join(', ')})`;
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
