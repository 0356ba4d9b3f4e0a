import type { GameDescription, Literal, Rule, Term, Variable } from '../ast.js';
import { DiagnosticCodes } from './codes.js';
import type { Reporter } from './reporter.js';
import { collectVariables, literalVariables, relationKey, showVariable } from './rule-walk.js';

/** Heads whose first argument is a role: an unbound variable there ranges over the roles (DESIGN.md 4a). */
const ROLE_ARGUMENT_HEADS = new Set(['legal/2', 'goal/2', 'sees/2']);
/** Reported by the keyword check instead: role facts must be ground, true/does heads are ignored. */
const SKIPPED_HEADS = new Set(['role/1', 'true/1', 'does/2']);

/** Variables bound by a conjunction: those of its positive atoms, and for `or` those bound in every disjunct. */
function boundBy(literals: readonly Literal[], out = new Set<string>()): Set<string> {
  for (const l of literals) {
    if (l.kind === 'atom') for (const name of collectVariables(l.atom, new Map()).keys()) out.add(name);
    else if (l.kind === 'and') boundBy(l.conjuncts, out);
    else if (l.kind === 'or') {
      const [first, ...rest] = l.disjuncts.map((d) => boundBy([d]));
      for (const name of first ?? []) if (rest.every((s) => s.has(name))) out.add(name);
    }
  }
  return out;
}

/**
 * Safety: every variable of the head, of a negative literal and of distinct must occur in a positive literal
 * of the body (of the same branch, for `or`). Each variable is reported once per rule.
 */
export function checkSafety(description: GameDescription, reporter: Reporter): void {
  const roles = declaredRoles(description);
  for (const rule of description.rules) {
    if (SKIPPED_HEADS.has(relationKey(rule.head))) continue;
    const bound = boundBy(rule.body);
    const reported = new Set<string>();
    checkHead(rule, bound, reported, reporter, roles);
    checkConjunction(rule.body, bound, reported, reporter);
  }
}

/**
 * Whether a variable is compared by distinct with a role constant or with a variable bound by (role ?x): a
 * Prolog engine asked about one role answers such a rule, so lenient mode lets it range over the roles.
 */
function comparedWithRole(name: string, body: readonly Literal[], roles: ReadonlySet<string>): boolean {
  const roleVariables = new Set<string>();
  for (const l of body) {
    if (l.kind === 'atom' && l.atom.kind === 'compound' && relationKey(l.atom) === 'role/1') {
      const arg = l.atom.args[0]!;
      if (arg.kind === 'var') roleVariables.add(arg.name);
    }
  }
  const isRole = (t: Term) =>
    (t.kind === 'const' && roles.has(t.name)) || (t.kind === 'var' && roleVariables.has(t.name));
  return body.some(
    (l) =>
      l.kind === 'distinct' &&
      ((l.left.kind === 'var' && l.left.name === name && isRole(l.right)) ||
        (l.right.kind === 'var' && l.right.name === name && isRole(l.left))),
  );
}

/** Names of the roles declared by facts. */
function declaredRoles(description: GameDescription): Set<string> {
  const roles = new Set<string>();
  for (const rule of description.rules) {
    const head = rule.head;
    if (rule.body.length === 0 && head.kind === 'compound' && relationKey(head) === 'role/1') {
      const arg = head.args[0]!;
      if (arg.kind === 'const') roles.add(arg.name);
    }
  }
  return roles;
}

function checkHead(
  rule: Rule,
  bound: ReadonlySet<string>,
  reported: Set<string>,
  reporter: Reporter,
  roles: ReadonlySet<string>,
): void {
  const head = rule.head;
  if (head.kind !== 'compound') return;
  const roleArgument = ROLE_ARGUMENT_HEADS.has(relationKey(head)) ? head.args[0] : undefined;
  const roleVariable = roleArgument?.kind === 'var' ? roleArgument.name : undefined;
  const elsewhere = new Map<string, Variable>();
  for (const arg of head.args) if (arg !== roleArgument) collectVariables(arg, elsewhere);
  for (const [name, v] of elsewhere) {
    // An unbound role argument ranges over the roles, which binds its other occurrences too: (legal ?p ?p).
    if (bound.has(name) || name === roleVariable) continue;
    if (comparedWithRole(name, rule.body, roles)) {
      reported.add(name);
      reporter.report(
        DiagnosticCodes.unsafeRoleVariable,
        `variable ${showVariable(v)} is bound only by distinct against a role: add (role ${showVariable(v)}) ` +
          'to the body; lenient mode lets it range over the roles',
        v.span,
      );
      continue;
    }
    reported.add(name);
    reporter.report(
      DiagnosticCodes.unsafeHeadVariable,
      `variable ${showVariable(v)} of the head is not bound by any positive body literal: ` +
        `add a literal such as a domain relation that gives ${showVariable(v)} its values`,
      v.span,
    );
  }
  if (roleArgument?.kind === 'var' && !bound.has(roleArgument.name) && !reported.has(roleArgument.name)) {
    reported.add(roleArgument.name);
    reporter.report(
      DiagnosticCodes.unsafeRoleVariable,
      `role variable ${showVariable(roleArgument)} is not bound by a positive body literal: add (role ${showVariable(roleArgument)}) ` +
        'to the body; lenient mode lets it range over the roles',
      roleArgument.span,
    );
  }
}

function checkConjunction(
  literals: readonly Literal[],
  outer: ReadonlySet<string>,
  reported: Set<string>,
  reporter: Reporter,
): void {
  const bound = boundBy(literals, new Set(outer));
  for (const l of literals) {
    if (l.kind === 'not' || l.kind === 'distinct') {
      for (const [name, v] of literalVariables(l, new Map())) {
        if (bound.has(name) || reported.has(name)) continue;
        reported.add(name);
        if (l.kind === 'not') {
          reporter.report(
            DiagnosticCodes.unsafeNegation,
            `variable ${showVariable(v)} occurs only inside not: bind it in a positive literal before the negation ` +
              '(lenient mode reads it as "no instance exists")',
            v.span,
          );
        } else {
          reporter.report(
            DiagnosticCodes.unsafeDistinct,
            `variable ${showVariable(v)} of distinct is not bound by any positive body literal: bind it first`,
            v.span,
          );
        }
      }
    } else if (l.kind === 'or') {
      for (const d of l.disjuncts) checkConjunction([d], bound, reported, reporter);
    } else if (l.kind === 'and') {
      checkConjunction(l.conjuncts, bound, reported, reporter);
    }
  }
}
