export {
  type FilterOptions as ObservationFilterOptions,
  type ForcedLiterals,
  filterObservations,
  forcedLiterals,
  InconsistentObservationError,
  strengthen,
} from './filter.js';
export { FluentAtoms, KnowledgeState } from './knowledge-state.js';
export { createFilter, type FilterOptions, FilterReasoner, filterBackend } from './reasoner.js';
export { KnowledgeUpdater, type UpdateOptions, type UpdateResult } from './update.js';
