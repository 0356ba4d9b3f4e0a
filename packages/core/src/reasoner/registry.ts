import { GdlkitError } from '../errors.js';
import type { Backend } from './types.js';

/** Backends by name; the apps read it to pick a core per game by configuration. */
export class BackendRegistry {
  private readonly backends = new Map<string, Backend>();

  register(backend: Backend): this {
    if (this.backends.has(backend.name)) throw new Error(`backend ${backend.name} is registered twice`);
    this.backends.set(backend.name, backend);
    return this;
  }

  has(name: string): boolean {
    return this.backends.has(name);
  }

  /** Throws UNKNOWN_BACKEND naming the registered backends. */
  get(name: string): Backend {
    const backend = this.backends.get(name);
    if (!backend) {
      throw new GdlkitError(
        'UNKNOWN_BACKEND',
        `unknown backend '${name}'; registered backends: ${[...this.backends.keys()].join(', ')}`,
      );
    }
    return backend;
  }

  list(): Backend[] {
    return [...this.backends.values()];
  }
}
