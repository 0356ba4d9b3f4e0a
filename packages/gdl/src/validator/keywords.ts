import type { GameDescription, SourceSpan } from '../ast.js';
import { DiagnosticCodes } from './codes.js';
import type { DependencyGraph } from './dependency-graph.js';
import type { Reporter } from './reporter.js';
import { arity, bodyAtoms, isGround, relationKey } from './rule-walk.js';

/** The GDL and GDL-II keywords with their fixed arities. */
export const KEYWORD_ARITY: ReadonlyMap<string, number> = new Map([
  ['role', 1],
  ['init', 1],
  ['true', 1],
  ['does', 2],
  ['next', 1],
  ['legal', 2],
  ['goal', 2],
  ['terminal', 0],
  ['base', 1],
  ['input', 2],
  ['sees', 2],
]);

const ARGUMENT_NAMES: ReadonlyMap<string, string> = new Map([
  ['role', '(role name)'],
  ['init', '(init fluent)'],
  ['true', '(true fluent)'],
  ['does', '(does role move)'],
  ['next', '(next fluent)'],
  ['legal', '(legal role move)'],
  ['goal', '(goal role value)'],
  ['terminal', 'terminal'],
  ['base', '(base fluent)'],
  ['input', '(input role move)'],
  ['sees', '(sees role percept)'],
]);

const RESERVED_HEADS = new Set(['distinct', 'not', 'or', 'and']);
const INIT_MAY_NOT_DEPEND_ON = ['true/1', 'does/2', 'legal/2', 'next/1', 'terminal/0', 'goal/2'];
const DOES_FREE = new Set(['legal/2', 'goal/2', 'terminal/0']);

/** Keyword placement rules of the GDL specification (GDL-II's sees and random are in gdl2.ts). */
export function checkKeywords(
  description: GameDescription,
  graph: DependencyGraph,
  reporter: Reporter,
): void {
  for (const rule of description.rules) {
    const head = rule.head;
    const headKey = relationKey(head);
    for (const atom of [head, ...bodyAtoms(rule.body).map((o) => o.atom)]) {
      const expected = KEYWORD_ARITY.get(atom.name);
      if (expected !== undefined && expected !== arity(atom)) {
        // Section 4a: another arity makes it a different relation (e.g. `(not (true a b))` always holds).
        reporter.report(
          DiagnosticCodes.relationArity,
          `keyword ${atom.name} takes ${expected} argument${expected === 1 ? '' : 's'} but has ${arity(atom)} ` +
            `here: write ${ARGUMENT_NAMES.get(atom.name)} (lenient mode reads this as another relation)`,
          atom.span,
        );
      }
    }
    if (RESERVED_HEADS.has(head.name)) {
      reporter.report(
        DiagnosticCodes.reservedHead,
        `${head.name} is a logical operator and cannot be defined: rename the relation`,
        head.span,
      );
    }
    if (headKey === 'true/1' || headKey === 'does/2') {
      reporter.report(
        DiagnosticCodes.trueDoesInHead,
        `${head.name} cannot be defined by the game (it is given by the state and the moves): ` +
          `remove this ${rule.body.length === 0 ? 'fact' : 'rule'}; lenient mode ignores it`,
        head.span,
      );
    }
    if (headKey === 'role/1') {
      if (rule.body.length > 0) {
        reporter.report(
          DiagnosticCodes.roleNotFact,
          'roles must be declared by facts such as (role white), not by rules: list each role as a fact',
          rule.span,
        );
      } else if (head.kind === 'compound' && !isGround(head.args[0]!)) {
        reporter.report(
          DiagnosticCodes.roleNotGround,
          'a role fact must name a role, not contain a variable: write e.g. (role white)',
          head.span,
        );
      }
    }
    for (const { atom } of bodyAtoms(rule.body)) {
      const key = relationKey(atom);
      if (key === 'next/1' && headKey === 'sees/2') {
        reporter.report(
          DiagnosticCodes.nextInSees,
          'next in the body of a sees rule is not GDL-II: derive the percept from true and does; ' +
            'lenient mode evaluates next like any derived relation',
          atom.span,
        );
      } else if (key === 'init/1' || key === 'next/1') {
        reporter.report(
          DiagnosticCodes.keywordInBody,
          `${atom.name} may only appear in rule heads: ` +
            `${atom.name === 'next' ? 'test the current state with (true ...)' : 'define a separate relation for the condition'}`,
          atom.span,
        );
      }
      if (headKey === 'init/1') checkInitDependency(key, atom.span, graph, reporter);
      if (DOES_FREE.has(headKey)) checkDoesDependency(headKey, key, atom.span, graph, reporter);
    }
  }
  checkPresence(description, reporter);
}

function dependsOn(graph: DependencyGraph, key: string, target: string): boolean {
  return key === target || graph.reachable(key).has(target);
}

function via(key: string, target: string): string {
  return key === target ? '' : ` through ${key}`;
}

function checkInitDependency(
  key: string,
  span: SourceSpan,
  graph: DependencyGraph,
  reporter: Reporter,
): void {
  const target = INIT_MAY_NOT_DEPEND_ON.find((t) => dependsOn(graph, key, t));
  if (target === undefined) return;
  reporter.report(
    DiagnosticCodes.initDependency,
    `init depends on ${target}${via(key, target)}: the initial state must follow from static facts only; ` +
      'list the initial fluents directly',
    span,
  );
}

function checkDoesDependency(
  headKey: string,
  key: string,
  span: SourceSpan,
  graph: DependencyGraph,
  reporter: Reporter,
): void {
  if (!dependsOn(graph, key, 'does/2')) return;
  reporter.report(
    DiagnosticCodes.doesDependency,
    `${headKey} depends on does${via(key, 'does/2')}: legal, goal and terminal are evaluated before moves ` +
      'are made; test the state with (true ...) instead',
    span,
  );
}

const START_OF_FILE = (file: string): SourceSpan => ({ file, line: 1, column: 1, offset: 0, length: 0 });

/** A playable game needs roles, moves, an end and payoffs; an empty initial state is allowed but unusual. */
function checkPresence(description: GameDescription, reporter: Reporter): void {
  const heads = new Set(description.rules.map((r) => relationKey(r.head)));
  const missing = [
    ['role/1', '(role name) facts'],
    ['legal/2', '(legal role move) rules'],
    ['goal/2', '(goal role value) rules'],
    ['terminal/0', 'a terminal rule'],
  ].filter(([key]) => !heads.has(key!));
  const span = START_OF_FILE(description.file);
  for (const [key, what] of missing) {
    reporter.report(
      DiagnosticCodes.missingKeyword,
      `the game defines no ${key!.split('/')[0]}: add ${what}`,
      span,
    );
  }
  if (!heads.has('init/1')) {
    reporter.report(
      DiagnosticCodes.missingInit,
      'the game defines no init: its initial state is empty; add (init fluent) facts if that is not intended',
      span,
    );
  }
}
