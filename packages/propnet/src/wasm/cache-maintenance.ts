// The module and IR caches as the `gdlkit cache` command shows, prunes and clears them (Node only): the folder a
// build would use (the same setting, environment and bound), its files as cache-entries.ts lists them.
import { type CacheFile, clearCache, listCache, pruneCache, type Removal } from './cache-entries.js';
import { type CacheConfig, type CacheSetting, cacheConfig, identityTag } from './module-cache.js';

/** The cache's folder, its bound and its files; undefined when caching is off. */
export interface CacheReport extends CacheConfig {
  /** This code's entries are `current`; another code's `stale` (cache-entries.ts). */
  readonly files: readonly CacheFile[];
}

export function wasmCacheReport(setting?: CacheSetting): CacheReport | undefined {
  const config = cacheConfig(setting);
  return config && { ...config, files: listCache(config.folder, identityTag()) };
}

/** Prunes the folder now as a build's write does (stale entries unused for an hour, then to the bound). */
export function pruneWasmCache(setting?: CacheSetting): (Removal & CacheConfig) | undefined {
  const config = cacheConfig(setting);
  return (
    config && { ...config, ...pruneCache(config.folder, { tag: identityTag(), maxBytes: config.maxBytes }) }
  );
}

/** Removes every entry (any code's) and the temporary files unused for an hour. */
export function clearWasmCache(setting?: CacheSetting): (Removal & CacheConfig) | undefined {
  const config = cacheConfig(setting);
  return config && { ...config, ...clearCache(config.folder, identityTag()) };
}
