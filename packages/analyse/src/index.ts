export { type AnalyserOptions, DEFAULT_BUDGET, GameAnalyser } from './analyser.js';
export { aspName, gdlName } from './asp-names.js';
export {
  type AspSolver,
  ClingoSolver,
  DEFAULT_PORTFOLIO,
  type SolveOutcome,
  type SolverBudget,
} from './clingo-solver.js';
export type { Counterexample } from './counterexample.js';
export { buildDomainProgram, type DomainProgram, type FunctionSymbol } from './domain-program.js';
export {
  baseCaseProgram,
  consequenceProgram,
  inductionStepProgram,
  type ProofProgram,
} from './proof-programs.js';
export { formatProperty, type Property, parseProperty } from './properties.js';
export type { ProofResult, ProofStatus } from './prove.js';
export {
  checkableByReasoner,
  type ReachableViolation,
  searchReachableViolation,
  type ViolationSearchOptions,
  violates,
} from './reachable-violation.js';
export { relaxationProgram } from './relaxed-domain.js';
export { featureDependencies, type SearchOptions, type SearchResult } from './unique-search.js';
