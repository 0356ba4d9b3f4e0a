export { type JobPlan, planJobs } from './fair-cores.js';
export {
  type Clocks,
  type Endpoint,
  MatchAbortedError,
  type MatchPlan,
  playMatch,
  type RefereeGame,
} from './game-manager.js';
export { bootstrapMean, meanInterval, wilson } from './intervals.js';
export { runLocal } from './local-runner.js';
export { type Fault, type FaultKind, type MatchRecord, readRecords } from './match-record.js';
export { PlayerPool } from './player-pool.js';
export { type GdlkitCommand, PlayerProcess, type PlayerReport, PlayerStartError } from './player-process.js';
export { type PlayerSpec, parsePlayerList, parsePlayerSpec, SpecError } from './player-spec.js';
export { deliver, probe } from './protocol-client.js';
export { QUEUE_NAME } from './queue/match-job.js';
export { runOnQueue } from './queue/queue-runner.js';
export { startWorker, type WorkerOptions } from './queue/queue-worker.js';
export { redisOptions } from './queue/redis-url.js';
export { ResultsDir } from './results-dir.js';
export { type ArenaOptions, type ArenaResult, runArena } from './run-arena.js';
export {
  gameName,
  loadReferee,
  managedRoles,
  matchSeed,
  planMatch,
  RunError,
  type RunSettings,
  rulesList,
  runId,
  runSeatings,
} from './run-plan.js';
export { goalNumber, rolePoints, specPoints } from './scoring.js';
export { type Seating, seatings } from './seating.js';
export { type PlayerSummary, type Summary, summarise, summaryTable } from './summary.js';
export { scoreChart } from './svg-chart.js';
