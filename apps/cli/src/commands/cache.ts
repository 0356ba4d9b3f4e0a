import {
  type CacheFile,
  type CacheReport,
  clearWasmCache,
  pruneWasmCache,
  type RemovalFailure,
  wasmCacheReport,
} from '@gdlkit/propnet/wasm';
import { EXIT, UsageError } from '../exit-codes.js';
import { parseOptions } from '../options.js';

const USAGE = 'gdlkit cache [--clear | --prune]';

/**
 * The propnet-wasm backend's cache of built modules and IRs: where it is, what it holds and its bound; with
 * --clear every entry removed, with --prune what a build's write would remove.
 */
export async function cache(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    { clear: { type: 'boolean' }, prune: { type: 'boolean' } },
    USAGE,
  );
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${USAGE}`);
  if (values.clear && values.prune) throw new UsageError(`--clear or --prune, not both\nusage: ${USAGE}`);
  const report = wasmCacheReport();
  if (report === undefined) {
    process.stdout.write('propnet-wasm cache: off (GDLKIT_WASM_CACHE is off, 0 or false)\n');
    return EXIT.ok;
  }
  const removal = values.clear ? clearWasmCache() : values.prune ? pruneWasmCache() : undefined;
  if (removal !== undefined) {
    process.stdout.write(
      `removed ${plural(removal.removedFiles, 'file')} (${size(removal.removedBytes)}) from ${removal.folder}\n`,
    );
  }
  process.stdout.write(describe(removal === undefined ? report : (wasmCacheReport() ?? report)));
  if (removal === undefined || removal.failures.length === 0) return EXIT.ok;
  process.stderr.write(refusals(removal.failures));
  return EXIT.userError;
}

/** How many refused removals are listed one a line; the rest are counted (a locked folder could hold thousands). */
const LISTED_FAILURES = 10;

function refusals(failures: readonly RemovalFailure[]): string {
  const lines = [...failures]
    .sort((a, b) => (a.path < b.path ? -1 : 1))
    .slice(0, LISTED_FAILURES)
    .map((f) => `gdlkit cache: cannot remove ${f.path}: ${f.reason}`);
  if (failures.length > LISTED_FAILURES) {
    lines.push(`gdlkit cache: and ${plural(failures.length - LISTED_FAILURES, 'more file')} not removed`);
  }
  return `${lines.join('\n')}\n`;
}

function describe(report: CacheReport): string {
  const of = (state: CacheFile['state']) => report.files.filter((f) => f.state === state);
  const total = (list: readonly CacheFile[]) => size(list.reduce((n, f) => n + f.bytes, 0));
  const current = of('current');
  const stale = of('stale');
  const temporary = of('temporary');
  const count = (kind: CacheFile['kind']) => current.filter((f) => f.kind === kind).length;
  const kinds = `${plural(count('module'), 'module')}, ${plural(count('ir'), 'IR')}`;
  const lines = [
    `propnet-wasm cache: ${report.folder}`,
    `  this version's entries: ${current.length} (${kinds}), ${total(current)}`,
    `  other versions' entries: ${stale.length}, ${total(stale)} (a build removes them once unused for an hour)`,
  ];
  if (temporary.length > 0) {
    lines.push(`  unfinished writes: ${temporary.length}, ${total(temporary)} (removed once an hour old)`);
  }
  lines.push(
    `  bound: ${size(report.maxBytes)} (GDLKIT_WASM_CACHE_MAX_MIB); a build removes the least recently used entries beyond it`,
  );
  return `${lines.join('\n')}\n`;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
