import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlayerConfig } from './config.js';
import { createLogger, type Logger, type LogSink, stderrSink } from './log.js';
import type { SearchSettings } from './match.js';
import { Player } from './player.js';
import { createProtocolServer } from './protocol/http-server.js';
import { WorkerHandle } from './worker/worker-handle.js';

export interface PlayerOptions {
  /** Interface to listen on; default 127.0.0.1 (loopback). */
  readonly host?: string;
  /** Port; default 9147, 0 for an ephemeral one. */
  readonly port?: number;
  /** Backend for every game without a config entry: a registered name or `auto`. */
  readonly backend?: string;
  readonly config?: PlayerConfig;
  /** Safety margin before each clock expires, in milliseconds; default 500. */
  readonly marginMs?: number;
  /** Name reported by INFO; default gdlkit. */
  readonly name?: string;
  readonly search?: SearchSettings;
  /** Where the JSON log lines go; default stderr. */
  readonly logSink?: LogSink;
  /** Log the match as it goes (states, knowledge). */
  readonly verbose?: boolean;
  /** Heap limit of each match worker in MiB (its V8 old generation; WebAssembly memory is not counted); default 2048. */
  readonly workerHeapMb?: number;
  /**
   * Resident memory limit of each match worker in MiB, WebAssembly and native memory included; default the heap
   * limit plus 1024 (propnet-wasm's module memory may grow to 1 GiB, MAX_PAGES in packages/propnet/src/wasm).
   */
  readonly workerMemoryMb?: number;
}

/** A GGP player over HTTP: `listen()` starts it, `close()` stops it and ends the current match. */
export class GgpPlayer {
  readonly logger: Logger;
  private readonly player: Player;
  private readonly server: Server;

  constructor(private readonly options: PlayerOptions = {}) {
    const sink = options.logSink ?? stderrSink;
    const verbose = options.verbose ?? false;
    this.logger = createLogger(sink, verbose);
    const marginMs = options.marginMs ?? options.config?.marginMs ?? 500;
    const settings = {
      config: options.config ?? {},
      backend: options.backend,
      marginMs,
      search: { ...options.config?.search, ...options.search },
      verbose,
    };
    const heapMb = options.workerHeapMb ?? 2048;
    const memoryMb = options.workerMemoryMb ?? heapMb + 1024;
    this.player = new Player(
      {
        name: options.name ?? 'gdlkit',
        marginMs,
        spawnWorker: () => new WorkerHandle(settings, heapMb, sink, memoryMb),
      },
      this.logger,
    );
    this.server = createProtocolServer((text, at) => this.player.handle(text, at), this.logger);
  }

  /**
   * Starts the first match worker and waits until it has imported the backends (module loading takes
   * seconds, so it happens before the first match, not in a START's clock), then starts listening; resolves
   * to the address, e.g. http://127.0.0.1:9147/.
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
    const loaded = await this.player.prepare();
    if (!loaded.ok) throw new Error(`the match worker could not start: ${loaded.reason}`);
    this.logger.log('info', 'backends', { backends: loaded.text.split(', ') });
  }

  /** Stops accepting requests, ends the match in progress, terminates the workers and closes connections. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    await Promise.all([this.player.close(), closed]);
  }
}
