// Stable diagnostic codes. The core maps the lenient deviations (DESIGN.md section 4a) to its evaluation
// choices, so a code never changes meaning once published.

export const DiagnosticCodes = {
  /** Unreadable text: unbalanced parentheses, bad tokens, malformed literals. Always an error. */
  syntax: 'syntax',
  /** A term or literal nested deeper than the parsers accept (`MAX_NESTING`); the rule is skipped. Always an error. */
  nestingDepth: 'nesting-depth',
  /** A variable where a relation or function name belongs, e.g. `(?r a)`. Always an error. */
  variableFunctor: 'variable-functor',
  /** The description has no rules at all. Always an error. */
  emptyGame: 'empty-game',
  /** No role, legal, goal or terminal is defined. Always an error. */
  missingKeyword: 'missing-keyword',
  /** No init rules: the initial state is empty. Lenient: warning; strict: error. */
  missingInit: 'missing-init',
  /** `distinct`, `not`, `or` or `and` as a fact or rule head. Always an error. */
  reservedHead: 'reserved-head',
  /** `role` as the head of a rule with a body. Always an error. */
  roleNotFact: 'role-not-fact',
  /** A `role` fact with a variable in it. Always an error. */
  roleNotGround: 'role-not-ground',
  /** `init`, `next` or `sees` inside a rule body. Always an error. */
  keywordInBody: 'keyword-in-body',
  /** A fact or rule head with `true` or `does`; it is ignored. Lenient: warning; strict: error. */
  trueDoesInHead: 'true-does-in-head',
  /** `init` depends on true, does, legal, next, terminal or goal. Always an error. */
  initDependency: 'init-dependency',
  /** `legal`, `goal` or `terminal` depends on `does`. Always an error. */
  doesDependency: 'does-dependency',
  /** `random` in a role position without `(role random)`. Always an error. */
  undeclaredRandom: 'undeclared-random',
  /**
   * One relation name with several arities, or a keyword with the wrong arity; each arity is a distinct
   * relation. Lenient: warning; strict: error.
   */
  relationArity: 'relation-arity',
  /** One function name with several arities; they are distinct functions. Lenient: warning; strict: error. */
  functionArity: 'function-arity',
  /** A head variable not bound by a positive body literal (outside the role argument). Always an error. */
  unsafeHeadVariable: 'unsafe-head-variable',
  /**
   * An unbound variable (or one bound only under `not`) as the role argument of a legal, goal or sees head;
   * it ranges over the roles. Lenient: warning; strict: error.
   */
  unsafeRoleVariable: 'unsafe-role-variable',
  /** A variable that occurs only inside `not`; read as "no instance exists". Lenient: warning; strict: error. */
  unsafeNegation: 'unsafe-negation',
  /** A variable of `distinct` not bound by a positive body literal. Always an error. */
  unsafeDistinct: 'unsafe-distinct',
  /**
   * Recursion through negation at the predicate level; the core re-checks at the ground level.
   * Lenient: warning; strict: error.
   */
  negativeCycle: 'negative-cycle',
  /**
   * `next` in the body of a `sees` rule: the percept depends on the successor state, as the GDL-II games
   * transit and vis_pacman3p write it; evaluated like any derived relation. Lenient: warning; strict: error.
   */
  nextInSees: 'next-in-sees',
  /**
   * A recursive body literal violating the GDL recursion restriction: the rule can build unboundedly deep terms.
   * Lenient: warning (corpus games recurse over terminating arithmetic); strict: error.
   */
  recursionRestriction: 'recursion-restriction',
} as const;

export type DiagnosticCode = (typeof DiagnosticCodes)[keyof typeof DiagnosticCodes];

/** The codes that are warnings in lenient mode and errors in strict mode; every other code is always an error. */
export const LENIENT_CODES: ReadonlySet<DiagnosticCode> = new Set([
  DiagnosticCodes.missingInit,
  DiagnosticCodes.trueDoesInHead,
  DiagnosticCodes.relationArity,
  DiagnosticCodes.functionArity,
  DiagnosticCodes.unsafeRoleVariable,
  DiagnosticCodes.unsafeNegation,
  DiagnosticCodes.negativeCycle,
  DiagnosticCodes.nextInSees,
  DiagnosticCodes.recursionRestriction,
]);
