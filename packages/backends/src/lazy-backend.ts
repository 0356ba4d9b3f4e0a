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
  /** Loads the backend's package on first use, so start-up stays fast and a missing one is just unavailable. */
  readonly load: () => Promise<Backend>;
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

  availability(): Availability {
    if (this.loadError !== undefined) {
      return {
        available: false,
        reason: `cannot load: ${(this.loadError as Error).message ?? this.loadError}`,
      };
    }
    return this.resolved?.availability() ?? { available: true };
  }

  async create(game: Game, options?: BackendOptions): Promise<Reasoner> {
    const backend = await this.load();
    if (!backend) {
      throw new BackendUnavailableError(
        this.name,
        String((this.loadError as Error)?.message ?? this.loadError),
        {
          cause: this.loadError,
        },
      );
    }
    const availability = backend.availability();
    if (!availability.available) throw new BackendUnavailableError(this.name, availability.reason);
    return backend.create(game, options);
  }
}
