// Lenient semantics (DESIGN.md 4a): a component with a cycle through negation at the predicate level that
// disappears at the ground level, e.g. (<= (goal ?r 0) (role ?r) (not (goal ?r 100))). We split its relations
// by the constant values of their constant-only arguments: every rule is specialised for each constant a
// head variable in such an argument can take, so each specialised rule defines one sub-relation. If the
// sub-relations are stratified, evaluating the specialised rules stratum by stratum gives the model a Prolog
// engine computes; otherwise the recursion through negation is real and the game is rejected.
import {
  type Atom,
  type BodyLiteral,
  type Game,
  type GameRule,
  GdlkitError,
  type Pattern,
  type RelationId,
  type TermId,
} from '@gdlkit/core';
import type { ArgumentDomains } from '@gdlkit/ground';

/** Arguments with at most this many constants (and no function terms) are split. */
const MAX_SPLIT_VALUES = 256;

export interface RuleGroup {
  readonly rules: readonly GameRule[];
  readonly recursive: boolean;
}

/** The rules of a negative-cycle component, specialised and grouped in ground-stratification order. */
export function stratifyNegativeComponent(
  game: Game,
  domains: ArgumentDomains,
  component: readonly RelationId[],
): RuleGroup[] {
  const members = new Set(component);
  const split = new Map<RelationId, boolean[]>();
  for (const r of component) {
    split.set(
      r,
      domains.relations[r]!.map(
        (d) => d.functors.size === 0 && d.constants.size > 0 && d.constants.size <= MAX_SPLIT_VALUES,
      ),
    );
  }
  const specialised: GameRule[] = [];
  for (const r of component) {
    for (const rule of game.rulesByHead[r]!) {
      const positions = split.get(r)!;
      const vars = [
        ...new Set(
          rule.head.args
            .map((p, j) => (positions[j] && p.kind === 'var' ? p.index : -1))
            .filter((v) => v >= 0),
        ),
      ];
      const choices = vars.map((v) => {
        const j = rule.head.args.findIndex((p) => p.kind === 'var' && p.index === v);
        return [...domains.relations[r]![j]!.constants];
      });
      const value = new Array<TermId>(vars.length).fill(0);
      const fill = (i: number): void => {
        if (i === vars.length) {
          const subst = new Map(vars.map((v, k) => [v, value[k]!]));
          specialised.push(substituteRule(rule, subst));
          return;
        }
        for (const c of choices[i]!) {
          value[i] = c;
          fill(i + 1);
        }
      };
      fill(0);
    }
  }
  // Sub-relation of an atom: relation plus its constants at split positions; a variable there matches all.
  const keyOf = (atom: Atom): string =>
    `${atom.relation}:${atom.args
      .map((p, j) => (split.get(atom.relation)![j] ? (p.kind === 'ground' ? p.term : '*') : '_'))
      .join(',')}`;
  const heads = new Map<string, number[]>();
  specialised.forEach((rule, i) => {
    const key = keyOf(rule.head);
    heads.set(key, [...(heads.get(key) ?? []), i]);
  });
  const matches = (pattern: string, key: string) => {
    const [pr, pa] = pattern.split(':');
    const [kr, ka] = key.split(':');
    if (pr !== kr) return false;
    const p = pa!.split(',');
    const k = ka!.split(',');
    return p.every((x, i) => x === '*' || x === '_' || x === k[i]);
  };
  const keys = [...heads.keys()];
  const edges = keys.map(() => [] as { to: number; negative: boolean }[]);
  keys.forEach((key, from) => {
    for (const ruleIndex of heads.get(key)!) {
      for (const l of specialised[ruleIndex]!.body) {
        if (l.kind === 'distinct' || !members.has(l.atom.relation)) continue;
        const pattern = keyOf(l.atom);
        keys.forEach((target, to) => {
          if (matches(pattern, target)) edges[from]!.push({ to, negative: l.kind === 'neg' });
        });
      }
    }
  });
  const components = stronglyConnected(keys.length, edges);
  const groups: RuleGroup[] = [];
  for (const comp of components) {
    const inside = new Set(comp);
    let recursive = false;
    for (const from of comp) {
      for (const e of edges[from]!) {
        if (!inside.has(e.to)) continue;
        recursive = true;
        if (e.negative) {
          const name = game.relations[component[0]!]!.key;
          throw new GdlkitError(
            'INVALID_GAME',
            `${game.file}: ${name} depends on its own negation at the ground level (sub-relation ${keys[from]}); the game is not stratified`,
          );
        }
      }
    }
    groups.push({ rules: comp.flatMap((k) => heads.get(keys[k]!)!.map((i) => specialised[i]!)), recursive });
  }
  return groups;
}

function substitutePattern(p: Pattern, subst: ReadonlyMap<number, TermId>): Pattern {
  if (p.kind === 'var') {
    const t = subst.get(p.index);
    return t === undefined ? p : { kind: 'ground', term: t };
  }
  if (p.kind === 'fn') return { ...p, args: p.args.map((a) => substitutePattern(a, subst)) };
  return p;
}

function substituteAtom(a: Atom, subst: ReadonlyMap<number, TermId>): Atom {
  return { relation: a.relation, args: a.args.map((p) => substitutePattern(p, subst)) };
}

function substituteRule(rule: GameRule, subst: ReadonlyMap<number, TermId>): GameRule {
  const body = rule.body.map(
    (l): BodyLiteral =>
      l.kind === 'distinct'
        ? {
            kind: 'distinct',
            left: substitutePattern(l.left, subst),
            right: substitutePattern(l.right, subst),
          }
        : { kind: l.kind, atom: substituteAtom(l.atom, subst) },
  );
  return { ...rule, head: substituteAtom(rule.head, subst), body };
}

/** Tarjan's algorithm; components come callees first (dependency order). */
function stronglyConnected(n: number, edges: readonly (readonly { to: number }[])[]): number[][] {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const visit = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    for (const { to } of edges[v]!) {
      if (index[to] === -1) {
        visit(to);
        low[v] = Math.min(low[v]!, low[to]!);
      } else if (onStack[to]) low[v] = Math.min(low[v]!, index[to]!);
    }
    if (low[v] === index[v]) {
      const comp: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = 0;
        comp.push(w);
      } while (w !== v);
      out.push(comp);
    }
  };
  for (let v = 0; v < n; v++) if (index[v] === -1) visit(v);
  return out;
}
