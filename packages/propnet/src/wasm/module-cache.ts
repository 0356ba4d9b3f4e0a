// The per-game cache of the built module (Node only; build-module.ts imports it dynamically, so a browser never
// loads node:fs): like ggplib's cache of its built machines, a later build of the same net reads the chosen
// module's bytes and the trial's choice instead of loading binaryen, emitting candidates and timing them.
// One file per key; a bad file is reported in one warning line and rebuilt, never trusted.
import type { PropnetIR } from '../ir.js';
import type { WasmChoice } from './choose-propagation.js';

// Node's built-ins come from process.getBuiltinModule, not import declarations: a browser bundle of the wasm
// entry then has nothing of Node's to resolve or ship (tools/pack-check's esbuild bundle), and build-module.ts
// loads this module only under Node.
const { createHash, randomBytes } = process.getBuiltinModule('crypto');
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } =
  process.getBuiltinModule('fs');
const { createRequire } = process.getBuiltinModule('module');
const { homedir } = process.getBuiltinModule('os');
const { basename, dirname, join, relative } = process.getBuiltinModule('path');
const { fileURLToPath } = process.getBuiltinModule('url');

/** Raised when an entry's format changes: older entries are then rebuilt, not read. */
export const CACHE_FORMAT = 1;
const MAGIC = 'GKWM';
/** The subfolder of the cache root for these entries. */
export const CACHE_KIND = 'propnet-wasm';
const SUFFIX = '.module';

/**
 * `false`: no cache; a string: the cache root (entries go to its propnet-wasm/ folder); `true` or absent: the
 * root from the environment (GDLKIT_CACHE_DIR, else $XDG_CACHE_HOME/gdlkit, else ~/.cache/gdlkit), or none
 * when GDLKIT_WASM_CACHE is `off`, `0` or `false`.
 */
export type CacheSetting = boolean | string | undefined;

/** What an entry holds besides its key: all a build needs to make the chosen module again (coreOfChoice). */
export interface CachedModule {
  readonly choice: WasmChoice;
  /** The trial's rates when the module was built (states per ms by candidate), for reporting. */
  readonly rates: Readonly<Record<string, number>>;
  readonly binary: Uint8Array;
}

/** The folder of this cache's entries for `setting`, or undefined when caching is off. */
export function cacheFolder(setting: CacheSetting, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (setting === false) return undefined;
  if (typeof setting === 'string') return join(setting, CACHE_KIND);
  if (['off', '0', 'false'].includes(env.GDLKIT_WASM_CACHE ?? '')) return undefined;
  const root =
    env.GDLKIT_CACHE_DIR ||
    (env.XDG_CACHE_HOME ? join(env.XDG_CACHE_HOME, 'gdlkit') : join(homedir(), '.cache', 'gdlkit'));
  return join(root, CACHE_KIND);
}

let code: string | undefined;

/**
 * The identity of the code that lowers and emits modules, so that a changed emitter never meets an old entry:
 * a hash of every script of the folder this module was loaded from (dist/ once built; a source checkout's
 * src/, the parent of wasm/), binaryen's version (it optimises the straight-line module), and Node's version and
 * the machine's architecture (the trial's choice depends on V8 and the machine: a local cache, not a shared one).
 */
export function codeIdentity(): string {
  if (code !== undefined) return code;
  const here = dirname(fileURLToPath(import.meta.url));
  const root = basename(here) === 'wasm' ? dirname(here) : here;
  const hash = createHash('sha256');
  for (const file of scripts(root)) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(readFileSync(file));
  }
  hash.update(`\0binaryen ${binaryenVersion()}\0node ${process.version} ${process.arch}`);
  code = hash.digest('hex');
  return code;
}

/** The .js and .ts files under `folder`, sorted (declaration files and source maps are not code). */
function scripts(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const name = entry.name;
    if (!entry.isFile() || name.endsWith('.d.ts') || !/\.[jt]s$/.test(name)) continue;
    files.push(join(entry.parentPath, name));
  }
  return files.sort();
}

function binaryenVersion(): string {
  try {
    const file = createRequire(import.meta.url).resolve('binaryen/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unresolved';
  }
}

/**
 * The key of the module built from `ir` by the code `identity`: a hash over the cache format, that identity and
 * every field of the IR (the net the module is lowered from, and its term ids, which no module reads but which
 * keep the key a function of the whole IR).
 */
export function moduleKey(ir: PropnetIR, identity: string = codeIdentity()): string {
  const hash = createHash('sha256');
  hash.update(`${MAGIC} ${CACHE_FORMAT}\0${identity}\0`);
  const fields = ir as unknown as Record<string, unknown>;
  for (const name of Object.keys(fields).sort()) {
    const value = fields[name];
    if (ArrayBuffer.isView(value)) {
      hash.update(`${name}:${value.constructor.name}:${value.byteLength}\0`);
      hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    } else {
      hash.update(`${name}=${JSON.stringify(value)}\0`);
    }
  }
  return hash.digest('hex');
}

interface EntryHead {
  readonly key: string;
  readonly choice: WasmChoice;
  readonly rates: Record<string, number>;
  readonly bytes: number;
  readonly sha256: string;
}

/** Why an entry was not used. */
export class BadCacheEntry extends Error {}

/** An entry's bytes: MAGIC, the format (u32), the head's length (u32), the head (JSON), the module. */
export function encodeEntry(key: string, entry: CachedModule): Uint8Array {
  const head: EntryHead = {
    key,
    choice: entry.choice,
    rates: { ...entry.rates },
    bytes: entry.binary.byteLength,
    sha256: sha256(entry.binary),
  };
  const json = new TextEncoder().encode(JSON.stringify(head));
  const out = new Uint8Array(12 + json.byteLength + entry.binary.byteLength);
  out.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, CACHE_FORMAT, true);
  view.setUint32(8, json.byteLength, true);
  out.set(json, 12);
  out.set(entry.binary, 12 + json.byteLength);
  return out;
}

/** The entry in `data`, checked against `key`; throws BadCacheEntry saying what is wrong. */
export function decodeEntry(data: Uint8Array, key: string): CachedModule {
  if (data.byteLength < 12 || new TextDecoder().decode(data.subarray(0, 4)) !== MAGIC) {
    throw new BadCacheEntry('not a module cache entry');
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const format = view.getUint32(4, true);
  if (format !== CACHE_FORMAT) throw new BadCacheEntry(`format ${format}, not ${CACHE_FORMAT}`);
  const headEnd = 12 + view.getUint32(8, true);
  if (headEnd > data.byteLength) throw new BadCacheEntry('truncated');
  let head: EntryHead;
  try {
    head = JSON.parse(new TextDecoder().decode(data.subarray(12, headEnd))) as EntryHead;
  } catch {
    throw new BadCacheEntry('unreadable head');
  }
  if (head.key !== key) throw new BadCacheEntry('written for another key');
  if (!validChoice(head.choice)) throw new BadCacheEntry('no valid choice of module');
  const binary = data.subarray(headEnd);
  if (binary.byteLength !== head.bytes)
    throw new BadCacheEntry(`truncated (${binary.byteLength} of ${head.bytes} bytes)`);
  if (sha256(binary) !== head.sha256) throw new BadCacheEntry("the module's checksum differs");
  return { choice: head.choice, rates: head.rates, binary: binary.slice() };
}

function validChoice(choice: unknown): choice is WasmChoice {
  if (typeof choice !== 'object' || choice === null) return false;
  const c = choice as Record<string, unknown>;
  if (c.propagation === 'straight-line') return true;
  if (c.propagation !== 'differential' || typeof c.risesFirst !== 'boolean') return false;
  const split = c.split as Record<string, unknown> | null;
  const integers = (v: unknown) => Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= 0);
  return typeof split === 'object' && split !== null && integers(split.bases) && integers(split.keys);
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** One warning line where this package reports them (stderr): the cache is an optimisation, never an error. */
export function warnCache(message: string): void {
  console.warn(`gdlkit propnet-wasm cache: ${message}`);
}

/** The entries of one cache folder. */
export class ModuleCache {
  constructor(readonly folder: string) {}

  fileOf(key: string): string {
    return join(this.folder, `${key}${SUFFIX}`);
  }

  /** The entry for `key`; undefined when there is none, or (with a warning) when it cannot be used. */
  read(key: string): CachedModule | undefined {
    const file = this.fileOf(key);
    let data: Uint8Array;
    try {
      data = readFileSync(file);
    } catch (error) {
      // No entry, or no folder (then write reports it).
      if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) {
        warnCache(`cannot read ${file} (${(error as Error).message}); building the module`);
      }
      return undefined;
    }
    try {
      return decodeEntry(data, key);
    } catch (error) {
      if (!(error instanceof BadCacheEntry)) throw error;
      warnCache(`ignoring ${file}: ${error.message}; rebuilding it`);
      return undefined;
    }
  }

  /**
   * Stores the entry for `key` atomically: written to a file of its own, then renamed over the entry, so that
   * processes building the same game at once (the arena's parallel jobs) each read a whole entry or none.
   * Returns false (with a warning) when the folder is not writable.
   */
  write(key: string, entry: CachedModule): boolean {
    const file = this.fileOf(key);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(temporary, encodeEntry(key, entry));
      renameSync(temporary, file);
      return true;
    } catch (error) {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // The folder itself is unusable: nothing was written.
      }
      warnCache(`cannot store the module in ${this.folder} (${(error as Error).message})`);
      return false;
    }
  }
}
