import { loadAll } from '@gdlkit/backends';
import type { Backend, BackendRegistry } from '@gdlkit/core';

/** A registered backend and, when it cannot run on this machine, why. */
export interface SuiteBackend {
  readonly name: string;
  readonly backend: Backend;
  readonly unavailable?: string;
}

/**
 * The registry's backends minus `auto` (a policy over the others, not a reasoner of its own), loaded so that
 * availability is accurate. GDLKIT_CROSS_BACKENDS=a,b restricts the set.
 */
export async function suiteBackends(registry: BackendRegistry): Promise<SuiteBackend[]> {
  await loadAll(registry);
  const only = process.env.GDLKIT_CROSS_BACKENDS?.split(',').map((s) => s.trim());
  return registry
    .list()
    .filter((b) => b.name !== 'auto' && (!only || only.includes(b.name)))
    .map((backend) => {
      const availability = backend.availability();
      return availability.available
        ? { name: backend.name, backend }
        : { name: backend.name, backend, unavailable: availability.reason };
    });
}
