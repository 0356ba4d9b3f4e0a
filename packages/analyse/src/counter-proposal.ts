// Counter invariants proposed from the rules (counter-invariant.ts proves them). A counter is a feature whose
// last argument is a natural number, one per key at init, read by the goal or terminal rules, whose next rules
// compute a new count through a static relation (checkers' `(piece_count ?player ?lower)` from `?higher` by
// `minus1`). What it counts is read off the rules its next rules use: a state feature joined in one body to a
// static relation that names the key (checkers' `(true (cell ?c ?d ?piece))` with `(piece_owner_type ?piece
// ?opponent ?type)` in single_jump_capture), or a feature holding the key itself. A candidate is kept only
// when, for every key, the count at init equals the number of init facts it selects (a cheap check that
// leaves few candidates); the proof decides the rest.
import type { BodyLiteral, Game, GameRule, Pattern, RelationId, TermId } from '@gdlkit/core';
import { patternFunctor } from './asp-names.js';
import type { CountProperty } from './counter-invariant.js';

/** A selection of a feature's facts by key: directly by one of its arguments or through a static relation. */
interface Selection {
  readonly feature: string;
  readonly arity: number;
  /** The feature's argument compared with the key, or with the static relation's `joined` argument. */
  readonly position: number;
  readonly via?: { readonly relation: RelationId; readonly joined: number; readonly key: number };
}

/**
 * The candidate counter invariants `count(key) >= #selected facts of key`, in a stable order. `>=` is what
 * an existing count needs (a k-fold capture finds k counted facts, so the count is at least k) and holds
 * without board uniqueness (docs/decisions.md).
 */
export function proposeCounters(game: Game): CountProperty[] {
  const init = initFeatures(game);
  if (!init) return [];
  const read = featuresRead(game, [game.keywords.goal, game.keywords.terminal]);
  const proposals = new Map<string, CountProperty>();
  for (const [key, facts] of init) {
    const counts = counterValues(game, facts);
    if (!counts || !(read.has(key) || read.has('*')) || !computedByRelation(game, key)) continue;
    for (const s of selections(game, key)) {
      const selected = init.get(s.feature) ?? [];
      const matches = [...counts].every(([k, n]) => countSelected(game, s, selected, k) === n);
      if (!matches || [...counts.values()].every((n) => n === 0)) continue;
      const property = countProperty(game, key, s);
      proposals.set(`${property.element}:${property.body}`, property);
    }
  }
  return [...proposals.values()];
}

/** Init features by `name/arity`, or undefined when init is not given by ground facts alone. */
function initFeatures(game: Game): Map<string, TermId[]> | undefined {
  const { store, keywords } = game;
  if (game.rulesByHead[keywords.init]!.some((r) => r.body.length > 0)) return undefined;
  const byKey = new Map<string, TermId[]>();
  for (const fact of game.facts(keywords.init)) {
    const f = store.arg(fact, 0);
    const key = `${store.symbolName(store.functor(f))}/${store.arity(f)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), f]);
  }
  return byKey;
}

/** Count per key (a counter with one key argument), or undefined when the facts are no such counter. */
function counterValues(game: Game, facts: readonly TermId[]): Map<TermId, number> | undefined {
  const { store } = game;
  const counts = new Map<TermId, number>();
  for (const f of facts) {
    if (store.arity(f) !== 2) return undefined;
    const n = store.toKif(store.arg(f, 1));
    if (!/^(0|[1-9][0-9]{0,8})$/.test(n) || counts.has(store.arg(f, 0))) return undefined;
    counts.set(store.arg(f, 0), Number(n));
  }
  return counts;
}

/** Features the rules of `relations` read (through any rules they use), `*` when a variable one. */
function featuresRead(game: Game, relations: readonly RelationId[]): Set<string> {
  const features = new Set<string>();
  for (const rule of reachableRules(
    game,
    relations.flatMap((r) => game.rulesByHead[r]!),
  )) {
    for (const l of rule.body) {
      if (l.kind !== 'distinct' && l.atom.relation === game.keywords.true) {
        features.add(patternFunctor(game.store, l.atom.args[0]!) ?? '*');
      }
    }
  }
  return features;
}

/** Some next rule of the counter derives its count from a static relation (successor, arithmetic). */
function computedByRelation(game: Game, key: string): boolean {
  return nextRules(game, key).some((rule) => {
    const count = countPattern(rule.head.args[0]!);
    return (
      count?.kind === 'var' &&
      rule.body.some(
        (l) =>
          l.kind === 'pos' &&
          isStatic(game, l.atom.relation) &&
          l.atom.args.some((a) => a.kind === 'var' && a.index === count.index),
      )
    );
  });
}

/**
 * Feature facts a key may count, read off the rules the counter's next rules use and the legal rules of the
 * moves they read (what a move takes is often named only by its legality).
 */
function selections(game: Game, counter: string): Selection[] {
  const found = new Map<string, Selection>();
  const add = (s: Selection) =>
    found.set(`${s.feature}|${s.position}|${s.via?.relation}|${s.via?.joined}|${s.via?.key}`, s);
  const next = nextRules(game, counter);
  const moves = new Set(
    next.flatMap((r) =>
      r.body.flatMap((l) =>
        l.kind !== 'distinct' && l.atom.relation === game.keywords.does
          ? [patternFunctor(game.store, l.atom.args[1]!)]
          : [],
      ),
    ),
  );
  const legal = game.rulesByHead[game.keywords.legal]!.filter((r) => {
    const move = patternFunctor(game.store, r.head.args[1]!);
    return moves.has(undefined) || moves.has(move);
  });
  for (const rule of reachableRules(game, [...next, ...legal])) {
    for (const state of rule.body) {
      const feature = stateFeature(game, state);
      if (!feature || feature.key === counter) continue;
      const { key, args } = feature;
      for (let position = 0; position < args.length; position++) {
        add({ feature: key, arity: args.length, position });
        const arg = args[position]!;
        if (arg.kind !== 'var') continue;
        for (const other of rule.body) {
          if (other.kind !== 'pos' || !staticFacts(game, other.atom.relation)) continue;
          const width = other.atom.args.length;
          for (let joined = 0; joined < width; joined++) {
            const shared = other.atom.args[joined]!;
            if (shared.kind !== 'var' || shared.index !== arg.index) continue;
            for (let k = 0; k < width; k++) {
              const via = { relation: other.atom.relation, joined, key: k };
              if (k !== joined) add({ feature: key, arity: args.length, position, via });
            }
          }
        }
      }
    }
  }
  return [...found.values()];
}

/** How many of the feature's init facts the selection gives `key`. */
function countSelected(game: Game, s: Selection, facts: readonly TermId[], key: TermId): number {
  const { store } = game;
  if (!s.via) return facts.filter((f) => store.arg(f, s.position) === key).length;
  const { relation, joined, key: k } = s.via;
  const owned = new Set(
    game
      .facts(relation)
      .filter((t) => store.arg(t, k) === key)
      .map((t) => store.arg(t, joined)),
  );
  return facts.filter((f) => owned.has(store.arg(f, s.position))).length;
}

function countProperty(game: Game, counter: string, s: Selection): CountProperty {
  const name = counter.slice(0, counter.lastIndexOf('/'));
  const featureName = s.feature.slice(0, s.feature.lastIndexOf('/'));
  const vars = Array.from({ length: s.arity }, (_, i) => (!s.via && i === s.position ? '?key' : `?e${i}`));
  const element = `(${featureName} ${vars.join(' ')})`;
  let body = `(true ${element})`;
  if (s.via) {
    const r = game.relations[s.via.relation]!;
    const args = Array.from({ length: r.arity }, (_, i) =>
      i === s.via!.joined ? `?e${s.position}` : i === s.via!.key ? '?key' : `?s${i}`,
    );
    body += ` (${r.name} ${args.join(' ')})`;
  }
  return { kind: 'count', counter: `(${name} ?key ?count)`, relation: '>=', element, body };
}

/** The rules of `start` and every rule they use (keyword relations other than the given ones are leaves). */
function reachableRules(game: Game, start: readonly GameRule[]): GameRule[] {
  const seen = new Set<GameRule>(start);
  const stack = [...start];
  const leaves = new Set([game.keywords.true, game.keywords.does]);
  while (stack.length > 0) {
    for (const l of stack.pop()!.body) {
      if (l.kind === 'distinct' || leaves.has(l.atom.relation)) continue;
      for (const r of game.rulesByHead[l.atom.relation]!) {
        if (!seen.has(r)) {
          seen.add(r);
          stack.push(r);
        }
      }
    }
  }
  return [...seen];
}

function nextRules(game: Game, key: string): GameRule[] {
  return game.rulesByHead[game.keywords.next]!.filter(
    (r) => patternFunctor(game.store, r.head.args[0]!) === key,
  );
}

function stateFeature(
  game: Game,
  l: BodyLiteral,
): { readonly key: string; readonly args: readonly Pattern[] } | undefined {
  if (l.kind !== 'pos' || l.atom.relation !== game.keywords.true) return undefined;
  const f = l.atom.args[0]!;
  if (f.kind !== 'fn') return undefined;
  return { key: `${game.store.symbolName(f.functor)}/${f.args.length}`, args: f.args };
}

function countPattern(p: Pattern): Pattern | undefined {
  return p.kind === 'fn' ? p.args[p.args.length - 1] : undefined;
}

function isStatic(game: Game, relation: RelationId): boolean {
  return !game.analysis.dynamic[relation] && relation !== game.keywords.init;
}

/** A static relation given by ground facts alone (the init check reads them). */
function staticFacts(game: Game, relation: RelationId): boolean {
  if (!isStatic(game, relation)) return false;
  const rules = game.rulesByHead[relation]!;
  return rules.length > 0 && rules.every((r) => r.body.length === 0);
}
