export { BENCH_USAGE, BenchUsageError, benchCommand, benchEngines } from './bench-command.js';
export { type DriverCount, type DriverLimits, iterativeDeepening, monteCarlo } from './drivers.js';
export {
  defaultDepth,
  type ExperimentOptions,
  type Measured,
  measureInterleaved,
  type Outcome,
} from './experiments.js';
export { allGames, BENCH_GAMES } from './games.js';
export { type BitboardRules, type FluentSlot, hasRunOfFour } from './handcoded/bitboard-rules.js';
export { breakthroughRules } from './handcoded/breakthrough.js';
export { connectFourRules } from './handcoded/connect-four.js';
export { createHandcodedReasoner, HANDCODED_RULES, handcodedEngine } from './handcoded/handcoded-engine.js';
export { HandcodedReasoner } from './handcoded/handcoded-reasoner.js';
export { machineInfo, swiplVersion } from './machine-info.js';
export { reasonerEngine, reasonerInstance, timedPlayouts } from './reasoner-engine.js';
export {
  makeRecords,
  type RecordFileSummary,
  readRecords,
  recordFile,
  walkRecord,
  writeRecordFiles,
} from './records.js';
export { renderMarkdown } from './render-markdown.js';
export { renderSvg } from './render-svg.js';
export { type BenchOptions, runBench } from './run-bench.js';
export { selectByPatterns } from './select.js';
export { swiplEngine } from './swipl/engine.js';
export { translateGame } from './swipl/translate.js';
export type {
  BenchEngine,
  BenchInstance,
  BenchReport,
  BenchResult,
  Experiment,
  MachineInfo,
  SimCount,
} from './types.js';
export { EXPERIMENTS } from './types.js';
