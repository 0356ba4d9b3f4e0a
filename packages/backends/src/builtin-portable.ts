import { BackendRegistry } from '@gdlkit/core';
import { createAutoBackend } from './auto-backend.js';
import { type BackendSpec, LazyBackend } from './lazy-backend.js';

// The built-in backends that run in any JavaScript runtime with WebAssembly (the browser entry's whole list).

/** The backends that ship with gdlkit and need no Node built-ins, loaded lazily by package name. */
export const PORTABLE_BACKENDS: readonly BackendSpec[] = [
  {
    name: 'prover',
    description: 'SLD-NF backward chainer with tabling (the reference backend)',
    capabilities: { gdl2: true, batchPlayouts: false, batchPerft: false, threads: false },
    package: '@gdlkit/prover',
    exportName: 'proverBackend',
    load: async () => (await import('@gdlkit/prover')).proverBackend,
  },
  {
    name: 'forward',
    description: 'reference-table forward chainer (Schofield & Saffidine 2013)',
    capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: false },
    package: '@gdlkit/forward',
    exportName: 'forwardBackend',
    load: async () => (await import('@gdlkit/forward')).forwardBackend,
  },
  {
    name: 'propnet',
    description: 'grounded propositional network, incremental TypeScript engine',
    capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: false },
    package: '@gdlkit/propnet',
    exportName: 'propnetBackend',
    load: async () => (await import('@gdlkit/propnet')).propnetBackend,
  },
  {
    name: 'propnet-wasm',
    description: 'grounded propositional network compiled to WebAssembly with binaryen',
    capabilities: { gdl2: true, batchPlayouts: true, batchPerft: true, threads: false },
    package: '@gdlkit/propnet',
    subpath: '/wasm',
    exportName: 'propnetWasmBackend',
    load: async () => (await import('@gdlkit/propnet/wasm')).propnetWasmBackend,
  },
  {
    name: 'filter',
    description: 'GDL-II knowledge of one role (B+, B0) by filtering with supports; needs options.role',
    capabilities: { gdl2: true, batchPlayouts: false, batchPerft: false, threads: false },
    package: '@gdlkit/filter',
    exportName: 'filterBackend',
    load: async () => (await import('@gdlkit/filter')).filterBackend,
  },
];

/** A registry with the given backends and `auto` over them. */
export function registryOf(specs: readonly BackendSpec[]): BackendRegistry {
  const registry = new BackendRegistry();
  for (const spec of specs) registry.register(new LazyBackend(spec));
  registry.register(createAutoBackend(registry));
  return registry;
}

/** A registry with the portable backends and `auto` (the browser entry's default registry). */
export function createPortableRegistry(): BackendRegistry {
  return registryOf(PORTABLE_BACKENDS);
}

/** Loads every lazily registered backend so that availability() is accurate (e.g. for `gdlkit backends`). */
export async function loadAll(registry: BackendRegistry): Promise<void> {
  await Promise.all(registry.list().map((b) => (b instanceof LazyBackend ? b.load() : undefined)));
}
