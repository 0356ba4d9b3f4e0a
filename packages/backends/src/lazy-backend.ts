import {
  type Availability,
  type Backend,
  type BackendOptions,
  BackendUnavailableError,
  type Capabilities,
  type Game,
  type Reasoner,
} from '@gdlkit/core';

export interface BackendSpec {
  readonly name: string;
  readonly description: string;
  readonly capabilities: Capabilities;
  /** The npm package that provides the backend, named in the install hint when it is missing. */
  readonly package: string;
  /** The entry of the package that exports the backend, when not the main one (e.g. `/wasm`). */
  readonly subpath?: string;
  /** The entry's export that is the backend. */
  readonly exportName: string;
  /** Loads the backend's package on first use, so start-up stays fast and a missing one is just unavailable. */
  readonly load: () => Promise<Backend>;
  /**
   * Loads the same package synchronously, where the runtime can (Node's require of an ES module), so that
   * availability() is true only for a backend that loads, even before anything awaited `load`.
   */
  readonly loadSync?: () => Backend;
}

/** A backend whose package is imported only when it is first asked for. */
export class LazyBackend implements Backend {
  private loaded: Promise<Backend> | undefined;
  private loadError: unknown;
  private resolved: Backend | undefined;

  constructor(private readonly spec: BackendSpec) {}

  get name(): string {
    return this.spec.name;
  }

  get description(): string {
    return this.spec.description;
  }

  get capabilities(): Capabilities {
    return this.resolved?.capabilities ?? this.spec.capabilities;
  }

  /** Loads the package; after this, availability() reflects the real backend. */
  async load(): Promise<Backend | undefined> {
    this.loaded ??= this.spec.load().then(
      (b) => {
        this.resolved = b;
        return b;
      },
      (e: unknown) => {
        this.loadError = e;
        throw e;
      },
    );
    try {
      return await this.loaded;
    } catch {
      return undefined;
    }
  }

  /**
   * Before `load` has settled: the answer of `loadSync` where the spec has one, else available (a browser bundle
   * that lacks the package fails when it is built, not here).
   */
  availability(): Availability {
    if (this.loadError !== undefined) return { available: false, reason: this.whyNot(this.loadError) };
    if (this.resolved !== undefined) return this.resolved.availability();
    if (this.spec.loadSync === undefined) return { available: true };
    try {
      return this.spec.loadSync().availability();
    } catch (e) {
      return { available: false, reason: this.whyNot(e) };
    }
  }

  async create(game: Game, options?: BackendOptions): Promise<Reasoner> {
    const backend = await this.load();
    if (!backend) {
      throw new BackendUnavailableError(this.name, this.whyNot(this.loadError), { cause: this.loadError });
    }
    const availability = backend.availability();
    if (!availability.available) throw new BackendUnavailableError(this.name, availability.reason);
    return backend.create(game, options);
  }

  /** A load error as a reason: a missing package gets the command that installs it. */
  private whyNot(error: unknown): string {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown } | null)?.code;
    // Node quotes the specifier it could not find; a missing dependency of the package names another one.
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      (message.includes(`'${this.spec.package}'`) || message.includes(`'${this.spec.package}/`));
    if (missing)
      return `its package ${this.spec.package} is not installed (npm install ${this.spec.package})`;
    return `cannot load ${this.spec.package}: ${message}`;
  }
}
