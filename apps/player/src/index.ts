export {
  backendForGame,
  ConfigError,
  loadPlayerConfig,
  type PlayerConfig,
  parsePlayerConfig,
  rulesHash,
} from './config.js';
export {
  type ConfigKey,
  type ConfigValue,
  configKey,
  knownKeys,
  PLAYER_KEYS,
  settingsFromPairs,
} from './config-keys.js';
export { GgpPlayer, type PlayerOptions } from './ggp-player.js';
export { EnumeratingTracker, type EnumeratingTrackerOptions } from './knowledge/enumerating-tracker.js';
export type { KnowledgeTracker } from './knowledge/knowledge-tracker.js';
export { createLogger, type Logger, type LogLevel, type LogSink } from './log.js';
export type { SearchSettings } from './match.js';
export { type Envelope, peekEnvelope } from './protocol/envelope.js';
export { type Message, parseMessage, readSeconds, type TurnReport } from './protocol/messages.js';
export {
  errorReply,
  isNil,
  MessageSyntaxError,
  printSExpr,
  readSExpr,
  type SExpr,
} from './protocol/sexpr.js';
export {
  chooseReasoner,
  createPlayerRegistry,
  disagreement,
  type ReasonerChoice,
} from './reasoner-choice.js';
export { MoveHistory } from './search/move-history.js';
export { type PlayoutPolicy, RandomPolicy } from './search/playout-policy.js';
export { createPolicy, type PolicyName, type PolicyOptions } from './search/policy-factory.js';
export { Rave, type RaveMode, type RaveOptions } from './search/rave.js';
export { SampledSearch, type SampledSearchOptions } from './search/sampled-search.js';
export type { Search } from './search/search.js';
export { SearchLoop } from './search/search-loop.js';
export {
  SufficiencyThreshold,
  type ThresholdMode,
  type ThresholdOptions,
  type ThresholdTail,
  upperTail,
} from './search/sufficiency-threshold.js';
export { TablePolicy } from './search/table-policy.js';
export { type UctOptions, UctSearch } from './search/uct.js';
export { UctNode } from './search/uct-node.js';
