// Loads the napi-rs binary through the generated loader (binding.cjs), which keeps napi-rs's
// platform fallback order: the local build, then the per-platform package. A total load failure becomes a
// BackendUnavailableError whose cause is an AggregateError of every load error the loader collected.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackendUnavailableError } from '@gdlkit/core';
import type { NativePropnet, NativeSymbolicChecker } from '../binding.cjs';

export type {
  NativePlayoutStats,
  NativePolicy,
  NativePropnet,
  NativeSymbolicAnswer,
  NativeSymbolicChecker,
  NativeSymbolicRun,
  PropnetIrInput,
} from '../binding.cjs';

export interface NativeBinding {
  readonly NativePropnet: typeof NativePropnet;
  /** The symbolic (BDD) model checker of @gdlkit/epistemic (crates/epistemic-bdd). */
  readonly NativeSymbolicChecker: typeof NativeSymbolicChecker;
}

export type Loaded = { readonly binding: NativeBinding } | { readonly error: BackendUnavailableError };

let loaded: Loaded | undefined;

/** The loaded binding, or the typed error saying why it could not be loaded (tried once per process). */
export function loadNative(): Loaded {
  // The loader and the binary sit at the package root, one level above src/ and dist/.
  const here = dirname(fileURLToPath(import.meta.url));
  loaded ??= loadNativeFrom(join(here, '..', 'binding.cjs'));
  return loaded;
}

/** The binding; throws BackendUnavailableError when the binary is absent. */
export function requireNative(): NativeBinding {
  const result = loadNative();
  if ('error' in result) throw result.error;
  return result.binding;
}

/** Loads the binding through the loader at `loader` (a path), turning every failure into the typed error. */
export function loadNativeFrom(loader: string): Loaded {
  try {
    return { binding: createRequire(loader)(loader) as NativeBinding };
  } catch (error) {
    const errors = loadErrors(error);
    const reason = `no native binary for ${platformName()} could be loaded: ${remedy(dirname(loader))}`;
    return {
      error: new BackendUnavailableError('native', reason, {
        cause: new AggregateError(errors, `${errors.length} load errors`),
      }),
    };
  }
}

/** The thrown error and every error on its cause chain (the loader chains one per candidate it tried). */
function loadErrors(error: unknown): unknown[] {
  const out: unknown[] = [];
  let at: unknown = error;
  while (at !== undefined && at !== null && out.length < 64) {
    out.push(at);
    at = at instanceof Error ? at.cause : undefined;
  }
  return out;
}

/** napi-rs's name for this platform, the suffix of its binary package (linux-x64-gnu, darwin-arm64, ...). */
export function platformName(): string {
  const base = `${process.platform}-${process.arch}`;
  if (process.platform === 'win32') return `${base}-msvc`;
  if (process.platform !== 'linux') return base;
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)
    ?.header;
  return `${base}-${header?.glibcVersionRuntime === undefined ? 'musl' : 'gnu'}`;
}

/**
 * What to do about a missing binary: in a gdlkit checkout (the Rust crates sit two levels above the package),
 * build it; installed from npm, install the platform's package, which npm skips with --omit=optional or when
 * this platform has none (package.json's napi.targets lists those that are published).
 */
function remedy(packageRoot: string): string {
  if (existsSync(join(packageRoot, '..', '..', 'crates', 'propnet-napi', 'Cargo.toml'))) {
    return 'build it with a Rust toolchain (pnpm --filter @gdlkit/native build; see packages/native/README.md)';
  }
  const name = `@gdlkit/native-${platformName()}`;
  return (
    `install its package (npm install ${name}; npm leaves optional dependencies out with --omit=optional), ` +
    "or use another backend: 'propnet-wasm' and 'forward' run on every platform"
  );
}
