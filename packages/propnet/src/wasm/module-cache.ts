// The per-game cache of the built module (Node only: build-module.ts uses it only under Node, and it takes Node's
// built-ins when first used, node-builtins.ts): like ggplib's cache of its built machines, a later build of the
// same net reads the chosen module's bytes and the trial's choice instead of loading binaryen, emitting
// candidates and timing them.
// One file per key; a bad file is reported in one warning line and rebuilt, never trusted.
import type { PropnetIR } from '../ir.js';
import type { WasmChoice } from './choose-propagation.js';
import { crypto, fs, nodeModule, os, path, url } from './node-builtins.js';
import { sourceIdentity } from './source-identity.js';

/** Raised when an entry's format changes: older entries are then rebuilt, not read. */
export const CACHE_FORMAT = 5;
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
  /**
   * The simulation adapter's bytes for this module (simulation-adapter.ts), when it has one: the policies'
   * simulations need it, and a hit loads no binaryen to emit it.
   */
  readonly adapter?: Uint8Array;
}

/** The folder of this cache's entries for `setting`, or undefined when caching is off. */
export function cacheFolder(setting: CacheSetting, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (setting === false) return undefined;
  if (typeof setting === 'string') return path().join(setting, CACHE_KIND);
  if (['off', '0', 'false'].includes(env.GDLKIT_WASM_CACHE ?? '')) return undefined;
  const root =
    env.GDLKIT_CACHE_DIR ||
    (env.XDG_CACHE_HOME
      ? path().join(env.XDG_CACHE_HOME, 'gdlkit')
      : path().join(os().homedir(), '.cache', 'gdlkit'));
  return path().join(root, CACHE_KIND);
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

/** The entries of one cache folder: the modules, and the IRs of ir-cache.ts beside them. */
export class ModuleCache {
  constructor(readonly folder: string) {}

  fileOf(key: string, suffix: string = SUFFIX): string {
    return path().join(this.folder, `${key}${suffix}`);
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
        warnCache(`cannot read ${file} (${(error as Error).message}); building ${what}`);
      }
      return undefined;
    }
    try {
      return decode(data);
    } catch (error) {
      if (!(error instanceof BadCacheEntry)) throw error;
      warnCache(`ignoring ${file}: ${error.message}; rebuilding ${what}`);
      return undefined;
    }
  }

  /** Stores the entry for `key` (see writeEntry); false (with a warning) when the folder is not writable. */
  write(key: string, entry: CachedModule): boolean {
    return this.writeEntry(this.fileOf(key), encodeEntry(key, entry), 'the module');
  }

  /**
   * Stores `bytes` in `file` atomically: written to a file of its own, then renamed over the entry, so that
   * processes building the same game at once (the arena's parallel jobs) each read a whole entry or none.
   * Returns false (with a warning naming `what`) when the folder is not writable.
   */
  writeEntry(file: string, bytes: Uint8Array, what: string): boolean {
    const temporary = `${file}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`;
    try {
      fs().mkdirSync(this.folder, { recursive: true });
      fs().writeFileSync(temporary, bytes);
      fs().renameSync(temporary, file);
      return true;
    } catch (error) {
      try {
        fs().rmSync(temporary, { force: true });
      } catch {
        // The folder itself is unusable: nothing was written.
      }
      warnCache(`cannot store ${what} in ${this.folder} (${(error as Error).message})`);
      return false;
    }
  }
}
