// Every setting of the player, in one table: the keys of the config file's top level and of its "search"
// object, and the `key=value` pairs of an arena player SPEC such as `gdlkit:policy=mast,decay=0.2`.
import type { SearchSettings } from './match.js';

export type ConfigValue = string | number | boolean;

export interface ConfigKey {
  readonly name: string;
  /** Top-level key of the config file, or a key of its "search" object. */
  readonly section: 'top' | 'search';
  readonly doc: string;
  /** The reason a value is refused, or null when it is acceptable. */
  readonly check: (value: ConfigValue) => string | null;
  /** Reads the value from text (a SPEC pair). */
  readonly read: (text: string) => ConfigValue;
}

const number =
  (lo: number, hi: number, integer = false) =>
  (value: ConfigValue) =>
    typeof value !== 'number' || !(value >= lo && value <= hi) || (integer && !Number.isInteger(value))
      ? `must be ${integer ? 'an integer' : 'a number'} in [${lo}, ${hi}]`
      : null;
const oneOf = (choices: readonly string[]) => (value: ConfigValue) =>
  typeof value === 'string' && choices.includes(value) ? null : `must be one of ${choices.join(', ')}`;
const name = (value: ConfigValue) =>
  typeof value === 'string' && /^[a-z][a-z0-9-]*$/.test(value) ? null : 'must be a backend name';
const boolean = (value: ConfigValue) => (typeof value === 'boolean' ? null : 'must be true or false');

const asNumber = (text: string): ConfigValue => (/^-?[0-9.e+]+$/i.test(text) ? Number(text) : text);
const asText = (text: string): ConfigValue => text;
const asBoolean = (text: string): ConfigValue => (text === 'true' ? true : text === 'false' ? false : text);

const MAX_INT = 2 ** 31 - 1;

export const PLAYER_KEYS: readonly ConfigKey[] = [
  {
    name: 'default',
    section: 'top',
    doc: 'backend for games without an entry: a registered name or auto (SPEC key: backend)',
    check: name,
    read: asText,
  },
  {
    name: 'memoryBytes',
    section: 'top',
    doc: 'memory budget handed to the backends',
    check: number(1, Number.MAX_SAFE_INTEGER, true),
    read: asNumber,
  },
  {
    name: 'buildShare',
    section: 'top',
    doc: 'share of the start clock a backend may spend building (default 0.5)',
    check: number(Number.MIN_VALUE, 1),
    read: asNumber,
  },
  {
    name: 'marginMs',
    section: 'top',
    doc: 'the reply leaves this long before the clock expires (default 500)',
    check: number(0, 600_000, true),
    read: asNumber,
  },
  {
    name: 'policy',
    section: 'search',
    doc: 'playout policy: nst (default), mast or random',
    check: oneOf(['nst', 'mast', 'random']),
    read: asText,
  },
  {
    name: 'decay',
    section: 'search',
    doc: 'decay factor γ of the MAST/NST statistics after every real move (paper 03, section 4)',
    check: number(0, 1),
    read: asNumber,
  },
  {
    name: 'tau',
    section: 'search',
    doc: 'MAST Gibbs temperature τ',
    check: number(1e-9, 1e9),
    read: asNumber,
  },
  {
    name: 'epsilon',
    section: 'search',
    doc: 'NST ε-greedy exploration',
    check: number(0, 1),
    read: asNumber,
  },
  {
    name: 'nstThreshold',
    section: 'search',
    doc: 'NST: visits before an N-gram counts (k)',
    check: number(0, MAX_INT, true),
    read: asNumber,
  },
  {
    name: 'exploration',
    section: 'search',
    doc: 'UCT exploration constant C on the 0..100 reward scale (default 40)',
    check: number(0, 1e9),
    read: asNumber,
  },
  {
    name: 'batch',
    section: 'search',
    doc: 'most simulations per engine call (default 64 on engines with their own loop, else 1)',
    check: number(1, 4096, true),
    read: asNumber,
  },
  {
    name: 'leafPlayouts',
    section: 'search',
    doc: 'simulations played from each new tree leaf (default 1)',
    check: number(1, 4096, true),
    read: asNumber,
  },
  {
    name: 'threshold',
    section: 'search',
    doc: 'sufficiency threshold (paper 02): adaptive (default, section 4.3), fixed (formula 2) or off',
    check: oneOf(['off', 'fixed', 'adaptive']),
    read: asText,
  },
  {
    name: 'thresholdAlpha',
    section: 'search',
    doc: 'fixed sufficiency threshold α on the 0..100 scale (default 60)',
    check: number(0, 100),
    read: asNumber,
  },
  {
    name: 'thresholdTail',
    section: 'search',
    doc: 'adaptive threshold: unplug with P(X < Qmax - d) (lower, default) or P(X > Qmax - d) (upper)',
    check: oneOf(['lower', 'upper']),
    read: asText,
  },
  {
    name: 'rave',
    section: 'search',
    doc: 'RAVE in the tree (paper 08): off (default), on or adaptive (section 7)',
    check: oneOf(['off', 'on', 'adaptive']),
    read: asText,
  },
  {
    name: 'raveEquivalence',
    section: 'search',
    doc: 'RAVE equivalence constant k (default 700)',
    check: number(0, 1e9),
    read: asNumber,
  },
  {
    name: 'raveUsage',
    section: 'search',
    doc: 'share of tree choices made with RAVE when rave=on (default 1)',
    check: number(0, 1),
    read: asNumber,
  },
  {
    name: 'raveMargin',
    section: 'search',
    doc: 'adaptive RAVE: margin between RAVE prediction and observed mean on 0..100 (default 0)',
    check: number(-100, 100),
    read: asNumber,
  },
  {
    name: 'maxPlayoutDepth',
    section: 'search',
    doc: 'playouts are cut after this many moves (default 400 with nst, 10000 otherwise)',
    check: number(1, MAX_INT, true),
    read: asNumber,
  },
  {
    name: 'maxNodes',
    section: 'search',
    doc: 'the tree stops growing at this many nodes (default 200000)',
    check: number(1, MAX_INT, true),
    read: asNumber,
  },
  {
    name: 'seed',
    section: 'search',
    doc: 'seed of the search (mixed with the match id)',
    check: number(-(2 ** 31), MAX_INT, true),
    read: asNumber,
  },
  {
    name: 'iterations',
    section: 'search',
    doc: 'fixed simulations per move instead of the clock (no pondering)',
    check: number(1, MAX_INT, true),
    read: asNumber,
  },
  {
    name: 'ponder',
    section: 'search',
    doc: 'keep searching between messages (default true)',
    check: boolean,
    read: asBoolean,
  },
  {
    name: 'sampleStates',
    section: 'search',
    doc: 'GDL-II: sampled states per move choice (default 64)',
    check: number(1, MAX_INT, true),
    read: asNumber,
  },
  {
    name: 'method',
    section: 'search',
    doc: 'GDL-II move choice: auto (default: hyperplay-ii when its measured cost fits the clock, else hyperplay, else sampled), hyperplay-ii, hyperplay, sampled',
    check: oneOf(['auto', 'hyperplay-ii', 'hyperplay', 'sampled']),
    read: asText,
  },
  {
    name: 'resources',
    section: 'search',
    doc: 'HyperPlay resource index (giga13-05 section 4.1): every parameter below at once (default 4 for hyperplay-ii, 16 for hyperplay)',
    check: number(1, 4096, true),
    read: asNumber,
  },
  {
    name: 'hypergames',
    section: 'search',
    doc: 'HyperPlay: hypergames (models of the information set) kept',
    check: number(1, 65_536, true),
    read: asNumber,
  },
  {
    name: 'hyperSimulations',
    section: 'search',
    doc: 'HyperPlay: simulations per move in each hypergame (hyperplay-ii: Imperfect Information Simulations)',
    check: number(1, 1_000_000, true),
    read: asNumber,
  },
  {
    name: 'innerHypergames',
    section: 'search',
    doc: 'HyperPlay-II: hypergames of each simulated player',
    check: number(1, 65_536, true),
    read: asNumber,
  },
  {
    name: 'innerSimulations',
    section: 'search',
    doc: 'HyperPlay-II: playouts per move in each hypergame of a simulated player',
    check: number(1, 1_000_000, true),
    read: asNumber,
  },
  {
    name: 'filterBound',
    section: 'search',
    doc: "HyperPlay: reject hypergame states outside the filter's knowledge before computing percepts (default true)",
    check: boolean,
    read: asBoolean,
  },
  {
    name: 'sliceMs',
    section: 'search',
    doc: 'length of one search slice on the event loop (default 20)',
    check: number(1, 10_000, true),
    read: asNumber,
  },
];

/** SPEC aliases for keys whose config name reads badly in a SPEC. */
const ALIASES: Readonly<Record<string, string>> = { backend: 'default', margin: 'marginMs' };

export function configKey(key: string): ConfigKey | undefined {
  const name = ALIASES[key] ?? key;
  return PLAYER_KEYS.find((k) => k.name === name);
}

/** The known keys, for error messages. */
export function knownKeys(section?: ConfigKey['section']): string {
  return PLAYER_KEYS.filter((k) => section === undefined || k.section === section)
    .map((k) => k.name)
    .join(', ');
}

/** The player settings a SPEC's `key=value` pairs stand for; throws ConfigError-style Error text on a bad pair. */
export function settingsFromPairs(
  pairs: readonly (readonly [string, string])[],
  fail: (reason: string) => Error,
): { top: Record<string, ConfigValue>; search: SearchSettings } {
  const top: Record<string, ConfigValue> = {};
  const search: Record<string, ConfigValue> = {};
  for (const [key, text] of pairs) {
    const spec = configKey(key);
    if (!spec) throw fail(`unknown key '${key}' (known: backend, margin, ${knownKeys()})`);
    const value = spec.read(text);
    const problem = spec.check(value);
    if (problem) throw fail(`${key}=${text}: ${key} ${problem}`);
    (spec.section === 'top' ? top : search)[spec.name] = value;
  }
  return { top, search: search as SearchSettings };
}
