// The per-game cache of the built module (Node only: build-module.ts uses it only under Node, and it takes Node's
// built-ins when first used, node-builtins.ts): like ggplib's cache of its built machines, a later build of the
// same net reads the chosen module's bytes and the trial's choice instead of loading binaryen, emitting
// candidates and timing them.
// One file per key; a bad file is reported in one warning line and rebuilt, never trusted. The folder is kept
// bounded (cache-entries.ts).
import type { PropnetIR } from '../ir.js';
import { DEFAULT_MAX_MIB, ENTRY_KINDS, MIB, pruneCache, TAG_LENGTH } from './cache-entries.js';
import type { WasmChoice } from './choose-propagation.js';
import { crypto, fs, nodeModule, os, path, url } from './node-builtins.js';
import { sourceIdentity } from './source-identity.js';

/** Raised when an entry's format changes: older entries are then rebuilt, not read. */
export const CACHE_FORMAT = 5;
const { magic: MAGIC, suffix: SUFFIX } = ENTRY_KINDS.module;
/** The subfolder of the cache root for these entries. */
export const CACHE_KIND = 'propnet-wasm';

/**
 * `false`: no cache; a string: the cache root (entries go to its propnet-wasm/ folder); `true` or absent: the
 * root from the environment (GDLKIT_CACHE_DIR, else $XDG_CACHE_HOME/gdlkit, else ~/.cache/gdlkit), or none
 * when GDLKIT_WASM_CACHE is `off`, `0` or `false`; an object: `root` as a string does (absent: as `true`),
 * `maxMiB` the size bound of the folder in MiB (else GDLKIT_WASM_CACHE_MAX_MIB, else DEFAULT_MAX_MIB).
 */
export type CacheSetting =
  | boolean
  | string
  | { readonly root?: string; readonly maxMiB?: number }
  | undefined;

/** Where a cache setting puts the entries and how large the folder may grow. */
export interface CacheConfig {
  readonly folder: string;
  readonly maxBytes: number;
}

/** What an entry holds besides its key: all a build needs to make the chosen module again (coreOfChoice). */
export interface CachedModule {
  readonly choice: WasmChoice;
  /** The trial's rates when the module was built (states per ms by candidate), for reporting. */
  readonly rates: Readonly<Record<string, number>>;
  readonly binary: Uint8Array;
  /**
   * The simulation adapter's bytes for this module (simulation-adapter.ts), when it has one: the policies'
   * simulations need it, and a hit loads no binaryen to emit it.
   */
  readonly adapter?: Uint8Array;
}

/**
 * The folder and size bound for `setting` (CacheSetting), or undefined when caching is off. A `maxMiB` that is
 * not a number ≥ 0 throws; such a GDLKIT_WASM_CACHE_MAX_MIB is ignored with a warning (the cache is an
 * optimisation, never an error).
 */
export function cacheConfig(
  setting: CacheSetting,
  env: NodeJS.ProcessEnv = process.env,
): CacheConfig | undefined {
  if (setting === false) return undefined;
  const options = typeof setting === 'object' ? setting : {};
  const explicit = typeof setting === 'string' ? setting : options.root;
  if (explicit === undefined && ['off', '0', 'false'].includes(env.GDLKIT_WASM_CACHE ?? '')) return undefined;
  const root =
    explicit ??
    (env.GDLKIT_CACHE_DIR ||
      (env.XDG_CACHE_HOME
        ? path().join(env.XDG_CACHE_HOME, 'gdlkit')
        : path().join(os().homedir(), '.cache', 'gdlkit')));
  return { folder: path().join(root, CACHE_KIND), maxBytes: Math.floor(maxMiB(options.maxMiB, env) * MIB) };
}

const validMiB = (n: number) => Number.isFinite(n) && n >= 0;

function maxMiB(option: number | undefined, env: NodeJS.ProcessEnv): number {
  if (option !== undefined) {
    if (!validMiB(option))
      throw new RangeError(`wasmCache.maxMiB must be a number of MiB ≥ 0, got ${option}`);
    return option;
  }
  const text = env.GDLKIT_WASM_CACHE_MAX_MIB?.trim() ?? '';
  if (text === '') return DEFAULT_MAX_MIB;
  const n = Number(text);
  if (validMiB(n)) return n;
  warnOnce(
    `env ${text}`,
    `ignoring GDLKIT_WASM_CACHE_MAX_MIB='${text}' (not a number of MiB ≥ 0); the bound is ${DEFAULT_MAX_MIB} MiB`,
  );
  return DEFAULT_MAX_MIB;
}

/** Set by the package's build (tsup.config.ts): sourceIdentity of the sources dist/ was built from. */
declare const PROPNET_BUILD_ID: string | undefined;

let code: string | undefined;

/**
 * The identity of the code that builds nets and emits modules, so that a changed grounder, optimiser or emitter
 * never meets an old entry: the hash of the package's sources and its workspace dependencies' (source-identity.ts;
 * baked into dist/ at build time, so a cached build reads no script; computed from a source checkout's files),
 * binaryen's version (it optimises the straight-line module), and Node's version and the machine's architecture
 * (the trial's choice depends on V8 and the machine: a local cache, not a shared one).
 */
export function codeIdentity(): string {
  if (code !== undefined) return code;
  const sources =
    typeof PROPNET_BUILD_ID === 'string'
      ? PROPNET_BUILD_ID
      : sourceIdentity(path().dirname(path().dirname(path().dirname(url().fileURLToPath(import.meta.url)))));
  code = crypto()
    .createHash('sha256')
    .update(`${sources}\0binaryen ${binaryenVersion()}\0node ${process.version} ${process.arch}`)
    .digest('hex');
  return code;
}

/** The tag of this code's entries in their file names (cache-entries.ts): the start of its identity. */
export function identityTag(identity: string = codeIdentity()): string {
  return identity.slice(0, TAG_LENGTH);
}

function binaryenVersion(): string {
  try {
    const file = nodeModule()
      .createRequire(import.meta.url)
      .resolve('binaryen/package.json');
    return (JSON.parse(fs().readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unresolved';
  }
}

/**
 * The IR's fields of term ids. No module reads them, and an IR read from the IR cache (ir-cache.ts) has its terms
 * re-interned under other ids than grounding gave them, so the module key leaves them out: that IR then meets
 * the module its cold build stored.
 */
export const IR_TERM_FIELDS: ReadonlySet<string> = new Set([
  'roleTerm',
  'baseTerm',
  'inputTerm',
  'legalTerm',
  'seesTerm',
] satisfies (keyof PropnetIR)[]);

/**
 * The key of the module built from `ir` by the code `identity`: a hash over the cache format, that identity and
 * every field of the IR but its term ids (the net the module is lowered from).
 */
export function moduleKey(ir: PropnetIR, identity: string = codeIdentity()): string {
  const hash = crypto().createHash('sha256');
  hash.update(`${MAGIC} ${CACHE_FORMAT}\0${identity}\0`);
  const fields = ir as unknown as Record<string, unknown>;
  for (const name of Object.keys(fields).sort()) {
    if (IR_TERM_FIELDS.has(name)) continue;
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
  /** Of those bytes, the adapter's at the end (0: none). */
  readonly adapterBytes: number;
  readonly sha256: string;
}

/** Why an entry was not used. */
export class BadCacheEntry extends Error {}

/** Where an envelope's body starts after a head ending at `headEnd`: a 4-byte boundary (the IR's typed arrays). */
const bodyStart = (headEnd: number) => (headEnd + 3) & ~3;

/**
 * The envelope of both caches' entries (this one's and ir-cache.ts's): `magic` (4 ASCII bytes), the format (u32),
 * the head's length (u32), the head (JSON), then the body from a 4-byte boundary.
 */
export function encodeEnvelope(magic: string, format: number, head: object, body: Uint8Array): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(head));
  const start = bodyStart(12 + json.byteLength);
  const out = new Uint8Array(start + body.byteLength);
  out.set(new TextEncoder().encode(magic), 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, format, true);
  view.setUint32(8, json.byteLength, true);
  out.set(json, 12);
  out.set(body, start);
  return out;
}

/** The head (parsed, not yet checked) and the body of an envelope; throws BadCacheEntry saying what is wrong. */
export function decodeEnvelope(
  data: Uint8Array,
  magic: string,
  format: number,
  kind: string,
): { readonly head: unknown; readonly body: Uint8Array } {
  if (data.byteLength < 12 || new TextDecoder().decode(data.subarray(0, 4)) !== magic) {
    throw new BadCacheEntry(`not ${kind}`);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const found = view.getUint32(4, true);
  if (found !== format) throw new BadCacheEntry(`format ${found}, not ${format}`);
  const headEnd = 12 + view.getUint32(8, true);
  if (headEnd > data.byteLength) throw new BadCacheEntry('truncated');
  let head: unknown;
  try {
    head = JSON.parse(new TextDecoder().decode(data.subarray(12, headEnd)));
  } catch {
    throw new BadCacheEntry('unreadable head');
  }
  if (typeof head !== 'object' || head === null) throw new BadCacheEntry('unreadable head');
  return { head, body: data.subarray(Math.min(bodyStart(headEnd), data.byteLength)) };
}

/** An entry's bytes: its envelope (MAGIC), whose body is the module, then the simulation adapter if there is one. */
export function encodeEntry(key: string, entry: CachedModule): Uint8Array {
  const adapter = entry.adapter ?? new Uint8Array(0);
  const binaries = new Uint8Array(entry.binary.byteLength + adapter.byteLength);
  binaries.set(entry.binary, 0);
  binaries.set(adapter, entry.binary.byteLength);
  const head: EntryHead = {
    key,
    choice: entry.choice,
    rates: { ...entry.rates },
    bytes: binaries.byteLength,
    adapterBytes: adapter.byteLength,
    sha256: sha256(binaries),
  };
  return encodeEnvelope(MAGIC, CACHE_FORMAT, head, binaries);
}

/** The entry in `data`, checked against `key`; throws BadCacheEntry saying what is wrong. */
export function decodeEntry(data: Uint8Array, key: string): CachedModule {
  const { head: parsed, body: binary } = decodeEnvelope(data, MAGIC, CACHE_FORMAT, 'a module cache entry');
  const head = parsed as EntryHead;
  if (head.key !== key) throw new BadCacheEntry('written for another key');
  if (!validChoice(head.choice)) throw new BadCacheEntry('no valid choice of module');
  if (binary.byteLength !== head.bytes)
    throw new BadCacheEntry(`truncated (${binary.byteLength} of ${head.bytes} bytes)`);
  if (sha256(binary) !== head.sha256) throw new BadCacheEntry("the module's checksum differs");
  const adapterBytes = head.adapterBytes;
  if (!Number.isInteger(adapterBytes) || adapterBytes < 0 || adapterBytes >= binary.byteLength)
    throw new BadCacheEntry('no valid size of the simulation adapter');
  const moduleEnd = binary.byteLength - adapterBytes;
  return {
    choice: head.choice,
    rates: head.rates,
    binary: binary.slice(0, moduleEnd),
    adapter: adapterBytes > 0 ? binary.slice(moduleEnd) : undefined,
  };
}

function validChoice(choice: unknown): choice is WasmChoice {
  if (typeof choice !== 'object' || choice === null) return false;
  const c = choice as Record<string, unknown>;
  if (c.propagation === 'straight-line') return true;
  if (
    c.propagation !== 'differential' ||
    typeof c.risesFirst !== 'boolean' ||
    typeof c.stepGoals !== 'boolean'
  )
    return false;
  const split = c.split as Record<string, unknown> | null;
  const integers = (v: unknown) => Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= 0);
  return typeof split === 'object' && split !== null && integers(split.bases) && integers(split.keys);
}

function sha256(bytes: Uint8Array): string {
  return crypto().createHash('sha256').update(bytes).digest('hex');
}

/** One warning line where this package reports them (stderr): the cache is an optimisation, never an error. */
export function warnCache(message: string): void {
  console.warn(`gdlkit propnet-wasm cache: ${message}`);
}

const warned = new Set<string>();

/** warnCache, once per process for each `topic`. */
function warnOnce(topic: string, message: string): void {
  if (warned.has(topic)) return;
  warned.add(topic);
  warnCache(message);
}

/**
 * The warning for a folder the cache cannot read or write (both caches meet the same folder: one warning per
 * process for it), saying what to do.
 */
function warnFolder(folder: string, error: unknown): void {
  warnOnce(
    `folder ${folder}`,
    `cannot use the cache folder ${folder} (${(error as Error).message}); building without it. ` +
      'Make it writable, set GDLKIT_CACHE_DIR to another folder, or turn the cache off with ' +
      'GDLKIT_WASM_CACHE=off (option wasmCache: false).',
  );
}

/**
 * The entries of one cache folder: the modules, and the IRs of ir-cache.ts beside them, named for the code that
 * wrote them (`tag`); storing a module prunes the folder to `maxBytes` (cache-entries.ts).
 */
export class ModuleCache {
  constructor(
    readonly folder: string,
    readonly maxBytes: number = DEFAULT_MAX_MIB * MIB,
    readonly tag: string = identityTag(),
  ) {}

  fileOf(key: string, suffix: string = SUFFIX): string {
    return path().join(this.folder, `${this.tag}-${key}${suffix}`);
  }

  /** The entry for `key`; undefined when there is none, or (with a warning) when it cannot be used. */
  read(key: string): CachedModule | undefined {
    return this.readEntry(this.fileOf(key), (data) => decodeEntry(data, key), 'the module');
  }

  /**
   * The entry in `file` as `decode` reads it (throwing BadCacheEntry when it cannot); undefined when there is
   * none, or (with a warning naming `what` is rebuilt) when it cannot be used.
   */
  readEntry<T>(file: string, decode: (data: Uint8Array) => T, what: string): T | undefined {
    let data: Uint8Array;
    try {
      data = fs().readFileSync(file);
    } catch (error) {
      // No entry, or no folder (then write reports it).
      if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) {
        warnFolder(this.folder, error);
      }
      return undefined;
    }
    try {
      const entry = decode(data);
      touch(file);
      return entry;
    } catch (error) {
      if (!(error instanceof BadCacheEntry)) throw error;
      warnCache(`ignoring ${file}: ${error.message}; rebuilding ${what}`);
      return undefined;
    }
  }

  /**
   * Stores the entry for `key` (see writeEntry), then prunes the folder (cache-entries.ts): a build's last write,
   * after its IR's, so one listing per stored build (16 CPU-ms over 2000 entries) beside a build's 0.5 s and
   * more. False when the folder is not writable.
   */
  write(key: string, entry: CachedModule): boolean {
    const file = this.fileOf(key);
    if (!this.writeEntry(file, encodeEntry(key, entry))) return false;
    pruneCache(this.folder, { tag: this.tag, maxBytes: this.maxBytes, keep: path().basename(file) });
    return true;
  }

  /**
   * Stores `bytes` in `file` atomically: written to a file of its own, then renamed over the entry, so that
   * processes building the same game at once (the arena's parallel jobs) each read a whole entry or none.
   * Returns false (with one warning per process for the folder) when the folder is not writable.
   */
  writeEntry(file: string, bytes: Uint8Array): boolean {
    const temporary = `${file}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`;
    try {
      fs().mkdirSync(this.folder, { recursive: true });
      fs().writeFileSync(temporary, bytes);
      fs().renameSync(temporary, file);
    } catch (error) {
      try {
        fs().rmSync(temporary, { force: true });
      } catch {
        // The folder itself is unusable: nothing was written.
      }
      warnFolder(this.folder, error);
      return false;
    }
    return true;
  }
}

/**
 * Marks a hit's file as just used, for the least-recently-used bound; a folder that is read-only to this
 * process still serves its entries.
 */
function touch(file: string): void {
  const now = Date.now() / 1000;
  try {
    fs().utimesSync(file, now, now);
  } catch {
    // Not ours to change: the entry is still served, and ages as if unused.
  }
}
