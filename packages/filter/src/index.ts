export {
  type FilterOptions as ObservationFilterOptions,
  type ForcedLiterals,
  filterObservations,
  forcedLiterals,
  InconsistentObservationError,
  strengthen,
} from './filter.js';
export {
  type FilterMatch,
  type FilterMatchOptions,
  type FilterSummary,
  type FilterTraceStep,
  playFilteredMatch,
  writeFilterTrace,
} from './filter-match.js';
export { FluentAtoms, KnowledgeState } from './knowledge-state.js';
export { createFilter, type FilterOptions, FilterReasoner, filterBackend } from './reasoner.js';
export { type Table1Sample, type Table1Verdict, table1Matches, table1Verdict } from './table1.js';
export { KnowledgeUpdater, type UpdateOptions, type UpdatePhase, type UpdateResult } from './update.js';
