export { type AnalyserOptions, DEFAULT_BUDGET, GameAnalyser } from './analyser.js';
export { aspName, gdlName } from './asp-names.js';
export {
  type AspSolver,
  ClingoSolver,
  type ClingoSolverOptions,
  DEFAULT_PORTFOLIO,
  type SolveOptions,
  type SolveOutcome,
  type SolverBudget,
  STOPPED,
} from './clingo-solver.js';
export type { Counterexample } from './counterexample.js';
export { buildDomainProgram, type DomainProgram, type FunctionSymbol } from './domain-program.js';
export {
  baseCaseProgram,
  consequenceProgram,
  inductionStepProgram,
  inductionStepPrograms,
  moveCaseProgram,
  type ProofProgram,
} from './proof-programs.js';
export { formatProperty, type Property, parseProperty } from './properties.js';
export type { ProofResult, ProofStatus } from './prove.js';
export { type ProofOrRefutation, proveOrRefute, type RefutationSearch } from './prove-or-refute.js';
export {
  checkableByReasoner,
  type ReachableViolation,
  searchReachableViolation,
  searchReachableViolationAsync,
  type ViolationSearchOptions,
  violates,
} from './reachable-violation.js';
export { relaxationProgram } from './relaxed-domain.js';
export { featureDependencies, type SearchOptions, type SearchResult } from './unique-search.js';
