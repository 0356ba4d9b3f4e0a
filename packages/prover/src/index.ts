export { createProver, ProverReasoner, proverBackend } from './reasoner.js';
export { Solver } from './solve.js';
export { ProverState } from './state.js';
