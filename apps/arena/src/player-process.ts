// A `gdlkit serve` process on a loopback port, started and stopped by the arena. Its JSON log lines on
// stderr tell how many simulations each move took (the `move` event), which the protocol does not carry.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { PlayerConfig } from '@gdlkit/player';

/** How to run the gdlkit command: e.g. [process.execPath, '/path/to/apps/cli/dist/main.js']. */
export type GdlkitCommand = readonly string[];

export class PlayerStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlayerStartError';
  }
}

const START_TIMEOUT_MS = 60_000;

export class PlayerProcess {
  private child: ChildProcess | null = null;
  private urlText: string | null = null;
  private readonly configDir: string;
  /** match id → (the player's turn number, 1-based) → simulations of that move. */
  private readonly moves = new Map<string, Map<number, number>>();
  /** match ids whose STOP or ABORT the player has logged. */
  private readonly ended = new Set<string>();
  private readonly waiters = new Set<() => void>();
  private readonly recentLog: string[] = [];

  constructor(
    private readonly command: GdlkitCommand,
    config: PlayerConfig,
  ) {
    this.configDir = mkdtempSync(join(tmpdir(), 'gdlkit-arena-'));
    writeFileSync(join(this.configDir, 'player.json'), JSON.stringify(config));
  }

  get url(): string {
    if (this.urlText === null) throw new PlayerStartError('the player process is not running');
    return this.urlText;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process (again, if it died) and resolves once it listens. */
  async ensureRunning(): Promise<void> {
    if (this.alive && this.urlText !== null) return;
    this.urlText = null;
    const child = spawn(
      this.command[0]!,
      [
        ...this.command.slice(1),
        'serve',
        '--port',
        '0',
        '--config',
        join(this.configDir, 'player.json'),
        '--exit-with-stdin',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.child = child;
    child.on('exit', () => {
      for (const wake of this.waiters) wake();
    });
    createInterface({ input: child.stderr! }).on('line', (line) => this.readLog(line));
    const stdout = createInterface({ input: child.stdout! });
    this.urlText = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => fail('did not start listening within 60 s'), START_TIMEOUT_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new PlayerStartError(`gdlkit serve ${why}${this.lastLines()}`));
      };
      child.once('exit', (code, signal) => fail(`exited (${signal ?? `code ${code}`}) before listening`));
      child.once('error', (e) => fail(`could not be started: ${e.message}`));
      stdout.on('line', (line) => {
        const m = /listening on (\S+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
    });
  }

  /**
   * The simulations the player logged per move of a match, by the manager's turn index (0-based). Waits up to
   * `waitMs` for the player's STOP or ABORT log line, so that lines written just before its reply are in.
   */
  async simulations(matchId: string, turns: number, waitMs = 2000): Promise<(number | null)[]> {
    if (!this.ended.has(matchId) && this.alive) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          if (!this.ended.has(matchId) && this.alive) return;
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(() => {
          this.waiters.delete(wake);
          resolve();
        }, waitMs);
        this.waiters.add(wake);
      });
    }
    const logged = this.moves.get(matchId);
    this.moves.delete(matchId);
    this.ended.delete(matchId);
    return Array.from({ length: turns }, (_, t) => logged?.get(t + 1) ?? null);
  }

  /** SIGTERM, then SIGKILL if it has not exited within two seconds. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child && this.alive) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    }
    this.child = null;
    rmSync(this.configDir, { recursive: true, force: true });
  }

  /** Kills the process at once (tests, and a worker being shut down). */
  kill(): void {
    this.child?.kill('SIGKILL');
  }

  private readLog(line: string): void {
    this.recentLog.push(line);
    if (this.recentLog.length > 5) this.recentLog.shift();
    if (!line.startsWith('{')) return;
    let event: { event?: string; match?: string; turn?: number; simulations?: number };
    try {
      event = JSON.parse(line);
    } catch {
      return;
    }
    const match = event.match;
    if (typeof match !== 'string') return;
    if (event.event === 'move' && typeof event.turn === 'number' && typeof event.simulations === 'number') {
      let turns = this.moves.get(match);
      if (!turns) this.moves.set(match, (turns = new Map()));
      turns.set(event.turn, event.simulations);
    } else if (event.event === 'stop' || event.event === 'abort') {
      this.ended.add(match);
      for (const wake of this.waiters) wake();
    }
  }

  private lastLines(): string {
    return this.recentLog.length === 0 ? '' : `; its last output:\n  ${this.recentLog.join('\n  ')}`;
  }
}
