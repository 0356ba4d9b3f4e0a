// What a propnet-wasm cache folder holds and how it is kept bounded (Node only, like module-cache.ts). An entry's
// file is named `<tag>-<key><suffix>`, the tag being the first 16 hex digits of the identity of the code that
// wrote it, so that a build tells another code's (stale) entry from its own by the name alone. After a build
// stores its module the folder is pruned: stale entries and orphaned temporary files unused for an hour, then
// the least recently used entries beyond the size bound (a hit touches its files' mtime). Only a regular file
// with one of these names whose first bytes are its kind's magic is ever removed: nothing else in or above the
// folder.
import { fs, path } from './node-builtins.js';

/** The kinds of entry: the suffix of the file and the magic its envelope starts with (module-cache.ts). */
export const ENTRY_KINDS = {
  module: { suffix: '.module', magic: 'GKWM' },
  ir: { suffix: '.ir', magic: 'GKIR' },
} as const;
export type EntryKind = keyof typeof ENTRY_KINDS;

/** Hex digits of the code identity in an entry's name. */
export const TAG_LENGTH = 16;

/**
 * An entry's name: this layout's `<tag>-<key>.<kind>`, or the untagged `<key>.<kind>` that gdlkit wrote before
 * the cache was bounded (so from older code: stale). A temporary file is an entry's name, then
 * `.<pid>.<8 hex digits>.tmp` (ModuleCache.writeEntry).
 */
const ENTRY = /^(?:([0-9a-f]{16})-)?[0-9a-f]{64}\.(module|ir)(\.\d+\.[0-9a-f]{8}\.tmp)?$/;

/** The size bound when neither the option nor GDLKIT_WASM_CACHE_MAX_MIB sets one. */
export const DEFAULT_MAX_MIB = 256;
export const MIB = 1024 * 1024;

/**
 * How long a stale entry or a temporary file must have gone unused before it is removed: another gdlkit version
 * running beside this one touches its own entries on every hit (and a writer renames its temporary file within
 * seconds), so neither loses what it is using.
 */
export const UNUSED_MS = 60 * 60 * 1000;

/** One of the cache's files. */
export interface CacheFile {
  readonly name: string;
  readonly kind: EntryKind;
  /** `current`: this code's entry; `stale`: another code's; `temporary`: a write not (yet) renamed. */
  readonly state: 'current' | 'stale' | 'temporary';
  readonly bytes: number;
  /** Last written or read by a hit. */
  readonly mtimeMs: number;
}

/** What a prune or clear removed, and what it left. */
export interface Removal {
  readonly removedFiles: number;
  readonly removedBytes: number;
  /** Every file left: the ones meant to stay and the `failures`. */
  readonly keptFiles: number;
  readonly keptBytes: number;
  /** The files meant to go that the system refused to remove (not those kept by design: touched, not ours). */
  readonly failures: readonly RemovalFailure[];
}

/** A file the system refused to open or unlink. */
export interface RemovalFailure {
  readonly path: string;
  /** The system's reason, e.g. `EPERM: operation not permitted`. */
  readonly reason: string;
}

/** The cache's files in `folder` (none when it is absent or unreadable), `tag` naming this code's entries. */
export function listCache(folder: string, tag: string): CacheFile[] {
  let names: string[];
  try {
    names = fs().readdirSync(folder);
  } catch {
    return [];
  }
  const files: CacheFile[] = [];
  for (const name of names) {
    const match = ENTRY.exec(name);
    if (match === null) continue;
    let stat: import('node:fs').Stats;
    try {
      stat = fs().lstatSync(path().join(folder, name));
    } catch {
      continue; // Removed by another process since the listing.
    }
    if (!stat.isFile()) continue;
    const state = match[3] ? 'temporary' : match[1] === tag ? 'current' : 'stale';
    files.push({ name, kind: match[2] as EntryKind, state, bytes: stat.size, mtimeMs: stat.mtimeMs });
  }
  return files;
}

/** What pruneCache keeps: the bound and the file a write has just made (kept even when alone over the bound). */
export interface PruneOptions {
  readonly tag: string;
  readonly maxBytes: number;
  readonly keep?: string;
  readonly now?: number;
}

/**
 * Removes from `folder` the stale entries and temporary files unused for UNUSED_MS, then the least recently used
 * entries until the rest fit in `maxBytes`. Safe beside other processes: a file another process touched or
 * replaced since the listing is kept, one it removed first is counted as gone, and a reader that opened an entry
 * keeps reading it after the unlink (POSIX; Windows refuses the unlink, and the file is kept).
 */
export function pruneCache(folder: string, options: PruneOptions): Removal {
  const now = options.now ?? Date.now();
  const tally = new Tally();
  const rest: CacheFile[] = [];
  for (const file of listCache(folder, options.tag)) {
    if (file.state !== 'current' && file.mtimeMs < now - UNUSED_MS) tally.remove(folder, file);
    else if (file.state !== 'temporary') rest.push(file);
  }
  rest.sort((a, b) => a.mtimeMs - b.mtimeMs);
  let total = rest.reduce((n, file) => n + file.bytes, 0);
  for (const file of rest) {
    if (total <= options.maxBytes || file.name === options.keep) tally.keep(file);
    else if (tally.remove(folder, file)) total -= file.bytes;
  }
  return tally.result();
}

/** Removes every entry from `folder`, and the temporary files unused for UNUSED_MS (younger ones may be writes). */
export function clearCache(folder: string, tag: string, now: number = Date.now()): Removal {
  const tally = new Tally();
  for (const file of listCache(folder, tag)) {
    if (file.state === 'temporary' && file.mtimeMs >= now - UNUSED_MS) tally.keep(file);
    else tally.remove(folder, file);
  }
  return tally.result();
}

class Tally {
  private removed = { files: 0, bytes: 0 };
  private kept = { files: 0, bytes: 0 };
  private failures: RemovalFailure[] = [];

  /** Removes `file` if it is still the one listed; true when it is gone (by us or another process). */
  remove(folder: string, file: CacheFile): boolean {
    const filePath = path().join(folder, file.name);
    const outcome = removeIfOurs(filePath, file);
    const gone = outcome === 'gone';
    const into = gone ? this.removed : this.kept;
    into.files++;
    into.bytes += file.bytes;
    if (outcome !== 'gone' && outcome !== 'kept')
      this.failures.push({ path: filePath, reason: outcome.failed });
    return gone;
  }

  keep(file: CacheFile): void {
    this.kept.files++;
    this.kept.bytes += file.bytes;
  }

  result(): Removal {
    return {
      removedFiles: this.removed.files,
      removedBytes: this.removed.bytes,
      keptFiles: this.kept.files,
      keptBytes: this.kept.bytes,
      failures: this.failures,
    };
  }
}

/** `kept`: not the file listed, or not ours; `failed`: the system refused, for the reason given. */
type Outcome = 'gone' | 'kept' | { readonly failed: string };

/**
 * Unlinks `file` when it is still the regular file listed (same mtime: no hit touched it, no writer replaced it)
 * and starts with its kind's magic (an empty temporary file has none yet).
 */
function removeIfOurs(file: string, listed: CacheFile): Outcome {
  const { constants } = fs();
  let fd: number;
  try {
    // O_NOFOLLOW: a symbolic link put in the entry's place is not opened (Windows has no such flag).
    fd = fs().openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    return refused(error);
  }
  try {
    const stat = fs().fstatSync(fd);
    if (!stat.isFile() || stat.mtimeMs !== listed.mtimeMs) return 'kept';
    const head = new Uint8Array(4);
    const read = fs().readSync(fd, head, 0, 4, 0);
    const empty = read === 0 && listed.state === 'temporary';
    if (!empty && new TextDecoder().decode(head.subarray(0, read)) !== ENTRY_KINDS[listed.kind].magic)
      return 'kept';
  } catch (error) {
    return refused(error);
  } finally {
    fs().closeSync(fd);
  }
  try {
    fs().unlinkSync(file);
    return 'gone';
  } catch (error) {
    return refused(error);
  }
}

/** A failed call's outcome: gone when another process removed the file first, else the system's reason. */
function refused(error: unknown): Outcome {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return 'gone';
  // Node's message is `CODE: description, syscall 'path'`; the path is reported beside it.
  return { failed: /^[A-Z]+: [^,]+/.exec(e.message)?.[0] ?? e.code ?? String(error) };
}
