// The package's one entry, the same in Node and browsers: nothing here reads files (the repository's game corpus
// is read by the Node-only subpath @gdlkit/core/corpus).
export {
  assertJointMoveArity,
  BackendUnavailableError,
  BudgetExceededError,
  GdlkitError,
  type GdlkitErrorCode,
  IllegalMoveError,
  InvalidGameError,
  UnsupportedError,
} from './errors.js';
export type { DependencyAnalysis } from './game/dependency-graph.js';
export { analyseGame, Game, type GameOptions, loadGame, validateForAnalysis } from './game/game.js';
export type { KeywordRelations } from './game/relations.js';
export type {
  Atom,
  BodyLiteral,
  FunctionPattern,
  GameRule,
  GroundPattern,
  Pattern,
  Relation,
  RelationId,
  VariablePattern,
} from './game/rules.js';
export { collectVariables, isGroundPattern, literalVariables } from './game/rules.js';
export { GrowableInt32 } from './growable-int32.js';
export { firstDifference, type TraceDifference } from './match/compare.js';
export { type MatchOptions, playRandomMatch, replayMatch } from './match/random-match.js';
export { describeState, goalToJson, type StepOptions, withMove } from './match/trace-step.js';
export { createPolicyTable } from './policy/create-policy-table.js';
export { MastTable } from './policy/mast.js';
export { NstTable } from './policy/nst.js';
export {
  checkPolicySpec,
  MAST_TAU,
  NST_EPSILON,
  NST_MAX_ENTRIES,
  NST_THRESHOLD,
  type ResolvedPolicySpec,
  resolvePolicySpec,
} from './policy/policy-spec.js';
export { checkSimulationBatch, forcedMoveError, genericSimulate } from './policy/simulate.js';
export { UniformTable } from './policy/uniform.js';
export {
  BaseReasoner,
  DEFAULT_MAX_DEPTH,
  genericPlayouts,
  goalNumber,
  goalValueOf,
  PlayoutTally,
} from './reasoner/base-reasoner.js';
export { jointMoveCount, jointMoves } from './reasoner/joint-moves.js';
export { BackendRegistry } from './reasoner/registry.js';
export type {
  PolicyKind,
  PolicySpec,
  PolicyTable,
  SimulationBatch,
  SimulationResults,
} from './reasoner/simulations.js';
export type {
  Availability,
  Backend,
  BackendOptions,
  Capabilities,
  GoalValue,
  PlayoutOptions,
  PlayoutStats,
  Reasoner,
} from './reasoner/types.js';
export { Rng } from './rng.js';
export { type SymbolId, sortCanonical, type TermId, TermStore } from './terms/term-store.js';
export { internAstTerm, parseGroundTerm, parseGroundTerms } from './terms/term-text.js';
export type { GoalJson, TraceBlock, TraceHeader, TraceStep } from './trace/format.js';
export { writeTrace } from './trace/format.js';
export {
  type LocatedTraceBlock,
  type RecordLocation,
  readLocatedTrace,
  readTrace,
} from './trace/reader.js';
