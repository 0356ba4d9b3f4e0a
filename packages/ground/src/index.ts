// Each stage of the grounding layer is one module; add one export line per module.
export {
  type ArgumentDomains,
  computeArgumentDomains,
  Domain,
  type FunctorDomain,
  functorKey,
  MAX_DOMAIN_DEPTH,
} from './domains.js';
export { type PermanentFacts, permanentFacts } from './domains-permanent.js';
export { BudgetMeter, DEFAULT_GROUNDING_MEMORY_BYTES, type GroundingBudget } from './ground-budget.js';
export { GroundProgram, type GroundStats } from './ground-program.js';
export { GroundNegativeCycleError, groundStrata, stronglyConnected } from './ground-strata.js';
export { type GroundingOptions, groundGame } from './instantiate.js';
