// A `gdlkit serve` process on a loopback port, started and stopped by the arena. Its JSON log lines on
// stderr tell how many simulations each move took (the `move` event), which the protocol does not carry, and
// are kept per match, so that a match with a fault can carry what the player logged about it.
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
/** The most log lines kept for one match (the last ones); a match logs a few per turn. */
const MATCH_LOG_LINES = 2000;

/** What the player logged about one match. */
export interface PlayerReport {
  /** By the manager's turn index (0-based): the simulations of that move, null when none was logged. */
  readonly simulations: (number | null)[];
  /** Its log lines for the match (JSON objects; a line that is not JSON as text), oldest first. */
  readonly log: unknown[];
}

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
  /** match id → its log lines; a line naming no match goes to the match in progress. */
  private readonly matchLogs = new Map<string, unknown[]>();
  /** The match whose START the player logged last, until its STOP or ABORT. */
  private current: string | null = null;

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

  /** The process id while it runs (tests freeze it). */
  get pid(): number | undefined {
    return this.alive ? this.child?.pid : undefined;
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
   * What the player logged about a match of `turns` moves, forgotten here once taken. Waits up to `waitMs` for
   * the player's STOP or ABORT log line, so that lines written just before its reply are in.
   */
  async report(matchId: string, turns: number, waitMs = 2000): Promise<PlayerReport> {
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
    const log = this.matchLogs.get(matchId) ?? [];
    this.moves.delete(matchId);
    this.ended.delete(matchId);
    this.matchLogs.delete(matchId);
    return { simulations: Array.from({ length: turns }, (_, t) => logged?.get(t + 1) ?? null), log };
  }

  /** The lines logged so far about a match whose report is not yet taken (as in PlayerReport.log), a copy. */
  loggedLines(matchId: string): readonly unknown[] {
    return [...(this.matchLogs.get(matchId) ?? [])];
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
    let event: { event?: string; match?: string; turn?: number; simulations?: number } | null = null;
    if (line.startsWith('{')) {
      try {
        event = JSON.parse(line);
      } catch {
        event = null;
      }
    }
    const match = typeof event?.match === 'string' ? event.match : null;
    if (match !== null && event?.event === 'start') {
      // One match at a time: what is left of earlier ones (lines after their report was taken) goes.
      this.matchLogs.clear();
      this.current = match;
    }
    this.keep(match ?? this.current, event ?? line);
    if (event === null || match === null) return;
    if (event.event === 'move' && typeof event.turn === 'number' && typeof event.simulations === 'number') {
      let turns = this.moves.get(match);
      if (!turns) this.moves.set(match, (turns = new Map()));
      turns.set(event.turn, event.simulations);
    } else if (event.event === 'stop' || event.event === 'abort') {
      this.ended.add(match);
      if (this.current === match) this.current = null;
      for (const wake of this.waiters) wake();
    }
  }

  private keep(match: string | null, entry: unknown): void {
    if (match === null) return;
    let log = this.matchLogs.get(match);
    if (!log) this.matchLogs.set(match, (log = []));
    log.push(entry);
    if (log.length > MATCH_LOG_LINES) log.shift();
  }

  private lastLines(): string {
    return this.recentLog.length === 0 ? '' : `; its last output:\n  ${this.recentLog.join('\n  ')}`;
  }
}
