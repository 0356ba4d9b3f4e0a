import type { GameDescription } from '../ast.js';
import { type Diagnostic, sortDiagnostics } from '../diagnostics.js';
import { checkArity } from './arity.js';
import { DiagnosticCodes } from './codes.js';
import { DependencyGraph } from './dependency-graph.js';
import { checkGdl2 } from './gdl2.js';
import { checkKeywords } from './keywords.js';
import { checkRecursionRestriction } from './recursion-restriction.js';
import { Reporter } from './reporter.js';
import { checkSafety } from './safety.js';
import { checkStratification } from './stratification.js';

export interface ValidateOptions {
  /** Apply the specification: the lenient deviations of DESIGN.md section 4a become errors. Default false. */
  readonly strict?: boolean;
}

/** Checks a parsed game against the GDL / GDL-II rules; diagnostics come sorted by position. */
export function validate(description: GameDescription, options: ValidateOptions = {}): Diagnostic[] {
  const reporter = new Reporter(options.strict ?? false);
  if (description.rules.length === 0) {
    reporter.report(
      DiagnosticCodes.emptyGame,
      'the game has no rules: a game needs at least roles, legal, goal and terminal rules',
      { file: description.file, line: 1, column: 1, offset: 0, length: 0 },
    );
    return reporter.diagnostics;
  }
  const graph = new DependencyGraph(description);
  checkArity(description, reporter);
  checkKeywords(description, graph, reporter);
  checkGdl2(description, reporter);
  checkSafety(description, reporter);
  checkStratification(graph, reporter);
  checkRecursionRestriction(description, graph, reporter);
  return sortDiagnostics(reporter.diagnostics);
}
