import type { BackendRegistry } from '@gdlkit/core';
import { PORTABLE_BACKENDS, registryOf } from './builtin-portable.js';
import type { BackendSpec } from './lazy-backend.js';

// The Node entry's backend list: the portable backends plus the native core (napi-rs, Node only).

const NATIVE_BACKEND: BackendSpec = {
  name: 'native',
  description: 'the propnet IR executed by a Rust core through napi-rs, playouts across threads',
  capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: true, policySimulations: true },
  load: async () => (await import('@gdlkit/native')).nativeBackend,
};

/** The backends that ship with gdlkit, loaded lazily by package name (the native core after the WASM module). */
export const BUILTIN_BACKENDS: readonly BackendSpec[] = PORTABLE_BACKENDS.flatMap((spec) =>
  spec.name === 'propnet-wasm' ? [spec, NATIVE_BACKEND] : [spec],
);

/** A registry with every built-in backend and `auto`. */
export function createDefaultRegistry(): BackendRegistry {
  return registryOf(BUILTIN_BACKENDS);
}
