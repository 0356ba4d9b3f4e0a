export { FactIndex } from './fact-index.js';
export { queryAtom } from './query.js';
export { createProver, ProverReasoner, proverBackend } from './reasoner.js';
export { Solver } from './solve.js';
export { ProverState } from './state.js';
export {
  type SignedAtom,
  type Support,
  type SupportedAnswer,
  SupportProver,
  type SupportQuery,
} from './supports.js';
