import type { GameDescription, Literal, Rule, Term } from '../src/index.js';

// Test helper: the structure of a parsed game without source spans, and with each rule's variables renamed in
// order of first occurrence, so that descriptions printed in another syntax compare equal.

type Shape = string | Shape[];

function termShape(t: Term, vars: Map<string, string>): Shape {
  switch (t.kind) {
    case 'const':
      return t.name;
    case 'var': {
      let v = vars.get(t.name);
      if (v === undefined) vars.set(t.name, (v = `?v${vars.size}`));
      return v;
    }
    case 'compound':
      return [t.name, ...t.args.map((a) => termShape(a, vars))];
  }
}

function literalShape(l: Literal, vars: Map<string, string>): Shape {
  switch (l.kind) {
    case 'atom':
      return termShape(l.atom, vars);
    case 'not':
      return ['#not', literalShape(l.body, vars)];
    case 'distinct':
      return ['#distinct', termShape(l.left, vars), termShape(l.right, vars)];
    case 'or':
      return ['#or', ...l.disjuncts.map((d) => literalShape(d, vars))];
    case 'and':
      return ['#and', ...l.conjuncts.map((c) => literalShape(c, vars))];
  }
}

function ruleShape(r: Rule): Shape {
  const vars = new Map<string, string>();
  return [termShape(r.head, vars), ...r.body.map((l) => literalShape(l, vars))];
}

export function gameShape(d: GameDescription): Shape[] {
  return d.rules.map(ruleShape);
}
