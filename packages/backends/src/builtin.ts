import { createRequire } from 'node:module';
import type { Backend, BackendRegistry } from '@gdlkit/core';
import { PORTABLE_BACKENDS, registryOf } from './builtin-portable.js';
import type { BackendSpec } from './lazy-backend.js';

// The Node entry's backend list: the portable backends plus the native core (napi-rs, Node only), each able to
// load synchronously, so that availability() is exact before anything was awaited (`gdlkit backends`, auto).

const NATIVE_BACKEND: BackendSpec = {
  name: 'native',
  description: 'the propnet IR executed by a Rust core through napi-rs, playouts across threads',
  capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: true, policySimulations: true },
  package: '@gdlkit/native',
  exportName: 'nativeBackend',
  load: async () => (await import('@gdlkit/native')).nativeBackend,
};

const require = createRequire(import.meta.url);

/** The spec with a synchronous load: Node >= 20.19 requires an ES module into the instance `import` shares. */
function withLoadSync(spec: BackendSpec): BackendSpec {
  const entry = `${spec.package}${spec.subpath ?? ''}`;
  return { ...spec, loadSync: () => (require(entry) as Record<string, Backend>)[spec.exportName]! };
}

/** The backends that ship with gdlkit, loaded lazily by package name (the native core after the WASM module). */
export const BUILTIN_BACKENDS: readonly BackendSpec[] = PORTABLE_BACKENDS.flatMap((spec) =>
  spec.name === 'propnet-wasm' ? [spec, NATIVE_BACKEND] : [spec],
).map(withLoadSync);

/** A registry with every built-in backend and `auto`. */
export function createDefaultRegistry(): BackendRegistry {
  return registryOf(BUILTIN_BACKENDS);
}
