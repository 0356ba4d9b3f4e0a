import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadAll } from '@gdlkit/backends';
import type { BackendRegistry } from '@gdlkit/core';
import type { PlayerConfig } from './config.js';
import { createLogger, type Logger, type LogSink } from './log.js';
import type { SearchSettings } from './match.js';
import { Player } from './player.js';
import { createProtocolServer } from './protocol/http-server.js';
import { createPlayerRegistry } from './reasoner-choice.js';

export interface PlayerOptions {
  /** Interface to listen on; default 127.0.0.1 (loopback). */
  readonly host?: string;
  /** Port; default 9147, 0 for an ephemeral one. */
  readonly port?: number;
  /** Backend for every game without a config entry: a registered name or `auto`. */
  readonly backend?: string;
  readonly config?: PlayerConfig;
  /** Default: the built-in registry plus the prover. */
  readonly registry?: BackendRegistry;
  /** Safety margin before each clock expires, in milliseconds; default 500. */
  readonly marginMs?: number;
  /** Name reported by INFO; default gdlkit. */
  readonly name?: string;
  readonly search?: SearchSettings;
  /** Where the JSON log lines go; default stderr. */
  readonly logSink?: LogSink;
  /** Log the match as it goes (states, knowledge). */
  readonly verbose?: boolean;
}

/** A GGP player over HTTP: `listen()` starts it, `close()` stops it and ends the current match. */
export class GgpPlayer {
  readonly logger: Logger;
  private readonly player: Player;
  private readonly server: Server;
  private readonly registry: BackendRegistry;

  constructor(private readonly options: PlayerOptions = {}) {
    this.logger = createLogger(options.logSink, options.verbose ?? false);
    this.registry = options.registry ?? createPlayerRegistry();
    this.player = new Player(
      {
        name: options.name ?? 'gdlkit',
        registry: this.registry,
        config: options.config ?? {},
        backend: options.backend,
        marginMs: options.marginMs ?? options.config?.marginMs ?? 500,
        search: { ...options.config?.search, ...options.search },
      },
      this.logger,
    );
    this.server = createProtocolServer((text, at) => this.player.handle(text, at), this.logger);
  }

  /**
   * Imports the lazily registered backends (module loading blocks the event loop, so it happens before the
   * first match, not in a START's clock), then starts listening; resolves to the address, e.g.
   * http://127.0.0.1:9147/.
   */
  async listen(): Promise<{ host: string; port: number; url: string }> {
    await this.preloadBackends();
    const host = this.options.host ?? '127.0.0.1';
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 9147, host, () => {
        this.server.off('error', reject);
        const { port } = this.server.address() as AddressInfo;
        const shown = host.includes(':') ? `[${host}]` : host;
        this.logger.log('info', 'listening', { host, port });
        resolve({ host, port, url: `http://${shown}:${port}/` });
      });
    });
  }

  private async preloadBackends(): Promise<void> {
    await loadAll(this.registry);
    const backends = this.registry.list().map((b) => {
      const a = b.availability();
      return a.available ? b.name : `${b.name} (unavailable: ${a.reason})`;
    });
    this.logger.log('info', 'backends', { backends });
  }

  /** Stops accepting requests, ends the match in progress and closes open connections. */
  close(): Promise<void> {
    this.player.close();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
