export { FactIndex } from './fact-index.js';
export { queryAtom } from './query.js';
export {
  DEFAULT_MAX_ANSWERS,
  DEFAULT_QUERY_TIME_MS,
  type QueryBudget,
} from './query-budget.js';
export { createProver, ProverReasoner, proverBackend } from './reasoner.js';
export { Solver } from './solve.js';
export { ProverState } from './state.js';
export type { SupportBudget } from './support-budget.js';
export {
  type Entailment,
  type SignedAtom,
  type Support,
  type SupportedAnswer,
  SupportProver,
  type SupportProverOptions,
  type SupportQuery,
} from './supports.js';
