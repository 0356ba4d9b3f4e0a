// Turns the syntax tree into normalised rules with the meaning DESIGN.md section 4a gives the lenient
// constructs, so that every backend evaluates real-world files alike.
import type { AtomTerm, Diagnostic, Literal, Rule, SourceSpan, Term } from '@gdlkit/gdl';
import type { TermId, TermStore } from '../terms/term-store.js';
import type { KeywordRelations, RelationTable } from './relations.js';
import type { Atom, BodyLiteral, GameRule, Pattern, RelationId } from './rules.js';
import { collectVariables, literalVariables } from './rules.js';

/** A literal of one disjunct of a body in disjunctive normal form; `neg` may hold any literal. */
type FlatLiteral =
  | { kind: 'pos'; atom: AtomTerm; span: SourceSpan }
  | { kind: 'neg'; body: Literal; span: SourceSpan }
  | { kind: 'distinct'; left: Term; right: Term; span: SourceSpan };

export interface NormaliseResult {
  readonly rules: GameRule[];
  readonly diagnostics: Diagnostic[];
}

/** Role-indexed keyword relations whose first argument ranges over the roles when left unbound (4a). */
const ROLE_ARGUMENT_RELATIONS = new Set(['legal/2', 'goal/2', 'sees/2']);

export class Normaliser {
  private auxCount = 0;
  /** Names of the roles declared anywhere in the description. */
  private readonly roleFacts: string[];
  readonly rules: GameRule[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Rules left out because a head variable is unbound; an error unless the relation is never used. */
  readonly unsafeRules: { relation: RelationId; diagnostic: Diagnostic }[] = [];

  constructor(
    private readonly store: TermStore,
    private readonly relations: RelationTable,
    private readonly keywords: KeywordRelations,
    description: readonly Rule[],
  ) {
    this.roleFacts = description
      .filter(
        (r) =>
          r.body.length === 0 &&
          r.head.kind === 'compound' &&
          r.head.name === 'role' &&
          r.head.args.length === 1,
      )
      .map((r) =>
        r.head.kind === 'compound' && r.head.args[0]!.kind === 'const' ? r.head.args[0]!.name : '',
      );
  }

  addRule(rule: Rule): void {
    const headKey = `${rule.head.name}/${rule.head.kind === 'compound' ? rule.head.args.length : 0}`;
    if (headKey === 'true/1' || headKey === 'does/2') {
      // Facts and heads with true/does are ignored (4a); the validator reports them.
      return;
    }
    for (const conjunction of expand(rule.body)) this.addConjunction(rule.head, conjunction, rule.span);
  }

  private addConjunction(head: AtomTerm, body: FlatLiteral[], span: SourceSpan): void {
    const vars = new VariableNumbering();
    const headAtom = this.atom(head, vars);
    const positives: BodyLiteral[] = [];
    const bound = new Set<number>();
    for (const l of body) {
      if (l.kind !== 'pos') continue;
      const atom = this.atom(l.atom, vars);
      positives.push({ kind: 'pos', atom });
      for (const a of atom.args) collectVariables(a, bound);
    }
    const roleArg = headAtom.args[0];
    const relationKey = this.relations.relations[headAtom.relation]!.key;
    if (ROLE_ARGUMENT_RELATIONS.has(relationKey) && roleArg?.kind === 'var' && !bound.has(roleArg.index)) {
      positives.unshift({ kind: 'pos', atom: { relation: this.keywords.role, args: [roleArg] } });
      bound.add(roleArg.index);
    }
    const headVars = new Set<number>();
    for (const a of headAtom.args) collectVariables(a, headVars);
    for (const v of headVars) {
      if (!bound.has(v) && this.comparedWithRole(v, body, vars, positives)) {
        // Prolog answers such a rule for the roles it is called with (4a, role arguments): range over roles.
        positives.unshift({
          kind: 'pos',
          atom: { relation: this.keywords.role, args: [{ kind: 'var', index: v }] },
        });
        bound.add(v);
        this.diagnostics.push({
          severity: 'warning',
          code: 'role-variable-unbound',
          message: `variable ?${vars.names[v]} is bound only by distinct against a role; read as ranging over the roles`,
          span,
        });
      }
      if (!bound.has(v)) {
        this.unsafeRules.push({
          relation: headAtom.relation,
          diagnostic: {
            severity: 'error',
            code: 'unsafe-head-variable',
            message: `variable ?${vars.names[v]} of the head occurs in no positive body literal: bind it with a positive literal`,
            span,
          },
        });
        return;
      }
    }
    const guards: BodyLiteral[] = [];
    for (const l of body) {
      if (l.kind === 'pos') continue;
      if (l.kind === 'distinct') {
        const literal: BodyLiteral = {
          kind: 'distinct',
          left: this.pattern(l.left, vars),
          right: this.pattern(l.right, vars),
        };
        if ([...literalVariables(literal)].some((v) => !bound.has(v))) {
          // Read as Prolog's \= would: an unbound argument unifies with anything, so the literal never holds.
          this.diagnostics.push({
            severity: 'warning',
            code: 'unsafe-distinct',
            message: 'distinct has a variable bound by no positive literal, so this rule can never fire',
            span: l.span,
          });
          return;
        }
        guards.push(literal);
        continue;
      }
      const context = body.filter((b) => b.kind === 'pos');
      const negated = this.negation(l.body, vars, bound, context, span);
      guards.push({ kind: 'neg', atom: negated });
    }
    this.rules.push({
      head: headAtom,
      body: safeOrder(positives, guards),
      variableCount: vars.names.length,
      variableNames: vars.names,
      span,
    });
  }

  /** Whether variable `v` is compared by distinct with a role constant or a variable bound by role/1. */
  private comparedWithRole(
    v: number,
    body: FlatLiteral[],
    vars: VariableNumbering,
    positives: BodyLiteral[],
  ): boolean {
    const roleVars = new Set<number>();
    for (const p of positives) {
      if (p.kind === 'pos' && p.atom.relation === this.keywords.role)
        collectVariables(p.atom.args[0]!, roleVars);
    }
    const roleNames = new Set(this.roleFacts);
    const isRoleTerm = (t: Term) =>
      (t.kind === 'var' && roleVars.has(vars.index(t.name))) || (t.kind === 'const' && roleNames.has(t.name));
    return body.some(
      (l) =>
        l.kind === 'distinct' &&
        ((l.left.kind === 'var' && vars.index(l.left.name) === v && isRoleTerm(l.right)) ||
          (l.right.kind === 'var' && vars.index(l.right.name) === v && isRoleTerm(l.left))),
    );
  }

  /** The atom to negate for `not body`: the atom itself when it is plain and safe, else an auxiliary relation. */
  private negation(
    body: Literal,
    vars: VariableNumbering,
    bound: Set<number>,
    context: FlatLiteral[],
    span: SourceSpan,
  ): Atom {
    if (body.kind === 'atom') {
      const atom = this.atom(body.atom, vars);
      const atomVars = new Set<number>();
      for (const a of atom.args) collectVariables(a, atomVars);
      if ([...atomVars].every((v) => bound.has(v))) return atom;
    }
    // `not body` with variables unbound outside it means "no instance of body exists" (4a): an auxiliary
    // relation over the bound variables holds exactly when some instance exists.
    const shared = [...astVariables(body, new Set())].filter((name) => {
      const index = vars.lookup(name);
      return index !== undefined && bound.has(index);
    });
    const name = `__not${this.auxCount++}`;
    const relation = this.relations.intern(name, shared.length, true);
    const auxHead: AtomTerm =
      shared.length === 0
        ? { kind: 'const', name, span }
        : { kind: 'compound', name, args: shared.map((v) => ({ kind: 'var', name: v, span })), span };
    // A plain atom binds its own variables; a conjunction or distinct may not, so it is evaluated in the
    // context of the positive literals of the rule it came from.
    const auxContext = body.kind === 'atom' ? [] : context;
    for (const conjunction of expand([body])) {
      this.addConjunction(auxHead, [...auxContext, ...conjunction], span);
    }
    return { relation, args: shared.map((v) => ({ kind: 'var', index: vars.lookup(v)! })) };
  }

  private atom(term: AtomTerm, vars: VariableNumbering): Atom {
    const args = term.kind === 'compound' ? term.args : [];
    const relation = this.relations.intern(term.name, args.length);
    return { relation, args: args.map((a) => this.pattern(a, vars)) };
  }

  private pattern(term: Term, vars: VariableNumbering): Pattern {
    if (term.kind === 'var') return { kind: 'var', index: vars.index(term.name) };
    if (term.kind === 'const') return { kind: 'ground', term: this.store.constant(term.name) };
    const args = term.args.map((a) => this.pattern(a, vars));
    const functor = this.store.symbol(term.name);
    if (args.every((a) => a.kind === 'ground')) {
      return { kind: 'ground', term: this.store.compound(functor, args.map(groundTerm)) };
    }
    return { kind: 'fn', functor, args };
  }
}

function groundTerm(p: Pattern): TermId {
  if (p.kind !== 'ground') throw new Error('internal: pattern is not ground');
  return p.term;
}

class VariableNumbering {
  readonly names: string[] = [];
  private readonly byName = new Map<string, number>();

  index(name: string): number {
    let i = this.byName.get(name);
    if (i === undefined) {
      i = this.names.length;
      this.names.push(name);
      this.byName.set(name, i);
    }
    return i;
  }

  lookup(name: string): number | undefined {
    return this.byName.get(name);
  }
}

function astVariables(l: Literal | Term, into: Set<string>): Set<string> {
  switch (l.kind) {
    case 'var':
      into.add(l.name);
      break;
    case 'const':
      break;
    case 'compound':
      for (const a of l.args) astVariables(a, into);
      break;
    case 'atom':
      astVariables(l.atom, into);
      break;
    case 'not':
      astVariables(l.body, into);
      break;
    case 'distinct':
      astVariables(l.left, into);
      astVariables(l.right, into);
      break;
    case 'or':
      for (const d of l.disjuncts) astVariables(d, into);
      break;
    case 'and':
      for (const c of l.conjuncts) astVariables(c, into);
      break;
  }
  return into;
}

/** Disjunctive normal form of a conjunction of literals; negation is pushed through `or` and `not`. */
function expand(body: readonly Literal[]): FlatLiteral[][] {
  let result: FlatLiteral[][] = [[]];
  for (const literal of body) {
    const options = expandLiteral(literal);
    const next: FlatLiteral[][] = [];
    for (const prefix of result) for (const option of options) next.push([...prefix, ...option]);
    result = next;
  }
  return result;
}

function expandLiteral(l: Literal): FlatLiteral[][] {
  switch (l.kind) {
    case 'atom':
      return [[{ kind: 'pos', atom: l.atom, span: l.span }]];
    case 'distinct':
      return [[{ kind: 'distinct', left: l.left, right: l.right, span: l.span }]];
    case 'and':
      return expand(l.conjuncts);
    case 'or':
      return l.disjuncts.flatMap(expandLiteral);
    case 'not': {
      const inner = l.body;
      if (inner.kind === 'not') return expandLiteral(inner.body);
      if (inner.kind === 'or') {
        return expand(inner.disjuncts.map((d) => ({ kind: 'not', body: d, span: l.span }) as Literal));
      }
      return [[{ kind: 'neg', body: inner, span: l.span }]];
    }
  }
}

/** Positive literals in source order, each guard right after the literal that binds its last variable. */
function safeOrder(positives: BodyLiteral[], guards: BodyLiteral[]): BodyLiteral[] {
  const ordered: BodyLiteral[] = [];
  const bound = new Set<number>();
  const pending = [...guards];
  const flush = () => {
    for (let i = 0; i < pending.length; ) {
      const g = pending[i]!;
      if ([...literalVariables(g)].every((v) => bound.has(v))) {
        ordered.push(g);
        pending.splice(i, 1);
      } else i++;
    }
  };
  flush();
  for (const p of positives) {
    ordered.push(p);
    literalVariables(p, bound);
    flush();
  }
  ordered.push(...pending);
  return ordered;
}
