export { Labeller } from './check/label.js';
export { type Run, WitnessBuilder } from './check/witness.js';
export {
  type Atom,
  and,
  atom,
  type Formula,
  implies,
  knowingRoles,
  knows,
  not,
  or,
} from './formula/ast.js';
export { type Ctl, knowledgeDepth, negate, type PathFormula } from './formula/ctl.js';
export {
  type GameVocabulary,
  isPropertyName,
  namedProperty,
  PROPERTY_NAMES,
  type PropertyName,
} from './formula/named-properties.js';
export { FormulaSyntaxError, parseFormula } from './formula/parse.js';
export { printAtom, printFormula } from './formula/print.js';
export { type ToCtlOptions, toCtl } from './formula/to-ctl.js';
export { BudgetClock, type CheckBudget, DEFAULT_CHECK_BUDGET } from './model/budget.js';
export { encodeCtl } from './symbolic/encode.js';
export { type SymbolicAnswer, SymbolicChecker, type SymbolicRun } from './symbolic/symbolic-checker.js';
export { termOrder } from './symbolic/term-order.js';
export {
  type Evidence,
  type Method,
  recordOf,
  type Verdict,
  Verifier,
  type VerifyOptions,
  type VerifyResult,
} from './verifier.js';
