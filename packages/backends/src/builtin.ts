import { BackendRegistry } from '@gdlkit/core';
import { createAutoBackend } from './auto-backend.js';
import { type BackendSpec, LazyBackend } from './lazy-backend.js';

/** The backends that ship with gdlkit, loaded lazily by package name. */
export const BUILTIN_BACKENDS: readonly BackendSpec[] = [
  {
    name: 'prover',
    description: 'SLD-NF backward chainer with tabling (the reference backend)',
    capabilities: { gdl2: true, batchPlayouts: false, batchPerft: false, threads: false },
    load: async () => (await import('@gdlkit/prover')).proverBackend,
  },
  {
    name: 'forward',
    description: 'reference-table forward chainer (Schofield & Saffidine 2013)',
    capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: false },
    load: async () => (await import('@gdlkit/forward')).forwardBackend,
  },
  {
    name: 'propnet',
    description: 'grounded propositional network, incremental TypeScript engine',
    capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: false },
    load: async () => (await import('@gdlkit/propnet')).propnetBackend,
  },
  {
    name: 'propnet-wasm',
    description: 'grounded propositional network compiled to WebAssembly with binaryen',
    capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: false },
    load: async () => (await import('@gdlkit/propnet')).propnetWasmBackend,
  },
  {
    name: 'native',
    description: 'the propnet IR executed by a Rust core through napi-rs, playouts across threads',
    capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: true },
    load: async () => (await import('@gdlkit/native')).nativeBackend,
  },
  {
    name: 'filter',
    description: 'GDL-II knowledge of one role (B+, B0) by filtering with supports; needs options.role',
    capabilities: { gdl2: true, batchPlayouts: false, batchPerft: false, threads: false },
    load: async () => (await import('@gdlkit/filter')).filterBackend,
  },
];

/** A registry with every built-in backend and `auto`. */
export function createDefaultRegistry(): BackendRegistry {
  const registry = new BackendRegistry();
  for (const spec of BUILTIN_BACKENDS) registry.register(new LazyBackend(spec));
  registry.register(createAutoBackend(registry));
  return registry;
}

/** Loads every lazily registered backend so that availability() is accurate (e.g. for `gdlkit backends`). */
export async function loadAll(registry: BackendRegistry): Promise<void> {
  await Promise.all(registry.list().map((b) => (b instanceof LazyBackend ? b.load() : undefined)));
}
