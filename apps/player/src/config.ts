import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type ConfigValue, configKey, knownKeys } from './config-keys.js';
import type { SearchSettings } from './match.js';

/**
 * The player's configuration file (JSON):
 * `{"default": "auto", "games": {"<rules hash or name>": "propnet"}, "memoryBytes": 1073741824, "buildShare": 0.5}`.
 * A games key is the SHA-256 (hex, or a prefix of at least 8 digits) of the rules as the player prints them
 * (logged on every START as `rulesHash`), or a name matched against the start of the match id. Every other
 * key, and those of the "search" object, is listed with its range in config-keys.ts.
 */
export interface PlayerConfig {
  /** Backend for games without an entry: a registered name or `auto`. */
  readonly default?: string;
  readonly games?: Readonly<Record<string, string>>;
  /** Memory budget handed to backends (BackendOptions.memoryBytes). */
  readonly memoryBytes?: number;
  /** Share of the start clock a backend may spend building (BackendOptions.buildTimeMs); default 0.5. */
  readonly buildShare?: number;
  /** The reply leaves this long before the clock expires; default 500 (the --margin flag wins). */
  readonly marginMs?: number;
  /** Search settings (keys and ranges in config-keys.ts); what the caller passes wins. */
  readonly search?: SearchSettings;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads and checks a configuration file; throws ConfigError naming the file and the problem. */
export function loadPlayerConfig(file: string): PlayerConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`cannot read config ${file}: ${(e as NodeJS.ErrnoException).code ?? e}`);
  }
  return parsePlayerConfig(text, file);
}

export function parsePlayerConfig(text: string, file = '<config>'): PlayerConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${file}: not JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${file}: expected an object such as {"default": "auto", "games": {}}`);
  }
  const config = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(config)) {
    if (key === 'games' || key === 'search') continue;
    checkKey(file, key, v, 'top');
  }
  const games = config.games ?? {};
  if (typeof games !== 'object' || games === null || Array.isArray(games)) {
    throw new ConfigError(`${file}: "games" must map a rules hash or game name to a backend name`);
  }
  for (const [key, backend] of Object.entries(games)) {
    if (typeof backend !== 'string') throw new ConfigError(`${file}: games["${key}"] must be a backend name`);
  }
  const search = config.search ?? {};
  if (typeof search !== 'object' || search === null || Array.isArray(search)) {
    throw new ConfigError(`${file}: "search" must be an object such as {"policy": "mast", "decay": 0.2}`);
  }
  for (const [key, v] of Object.entries(search)) checkKey(file, key, v, 'search');
  return config as PlayerConfig;
}

function checkKey(file: string, key: string, value: unknown, section: 'top' | 'search'): void {
  const spec = configKey(key);
  if (!spec || spec.section !== section || spec.name !== key) {
    const where = section === 'top' ? '' : ' in "search"';
    const known = section === 'top' ? `games, search, ${knownKeys('top')}` : knownKeys('search');
    throw new ConfigError(`${file}: unknown key '${key}'${where} (known: ${known})`);
  }
  const problem = spec.check(value as ConfigValue);
  if (problem) throw new ConfigError(`${file}: "${key}" ${problem}`);
}

/** SHA-256 of the rules text as the player prints it (lowercase, single spaces, one sentence a line). */
export function rulesHash(rules: string): string {
  return createHash('sha256').update(rules).digest('hex');
}

/**
 * The backend for a game: a config entry for its rules hash, else one whose name starts the match id
 * (followed by a non-alphanumeric character or the end), else the command-line choice, else the config
 * default, else `auto`. Returns the name and why.
 */
export function backendForGame(
  config: PlayerConfig,
  hash: string,
  matchId: string,
  flag: string | undefined,
): { backend: string; reason: string } {
  for (const [key, backend] of Object.entries(config.games ?? {})) {
    const k = key.toLowerCase();
    if (/^[0-9a-f]{8,64}$/.test(k) && hash.startsWith(k))
      return { backend, reason: `config entry for rules hash ${key}` };
  }
  for (const [key, backend] of Object.entries(config.games ?? {})) {
    const k = key.toLowerCase();
    if (matchId === k || (matchId.startsWith(k) && /[^a-z0-9]/.test(matchId.charAt(k.length)))) {
      return { backend, reason: `config entry for game name ${key}` };
    }
  }
  if (flag !== undefined) return { backend: flag, reason: 'command-line --backend' };
  if (config.default !== undefined) return { backend: config.default, reason: 'config default' };
  return { backend: 'auto', reason: 'built-in default' };
}
