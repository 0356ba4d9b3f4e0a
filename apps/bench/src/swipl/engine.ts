import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Game } from '@gdlkit/core';
import { swiplVersion } from '../machine-info.js';
import type { BenchEngine, BenchInstance } from '../types.js';
import { DRIVER_SOURCE } from './driver-source.js';
import { translateGame } from './translate.js';

/**
 * The Prolog baseline: the rules translated clause by clause and run by SWI-Prolog in a child process that
 * does whole playouts itself, so only one line crosses the pipe per measurement. Runs sim and depth.
 */
export function swiplEngine(): BenchEngine {
  let version: string | null | undefined;
  return {
    name: 'swipl',
    unavailable() {
      version ??= swiplVersion();
      return version === null ? 'swipl is not installed (apt-get install -y swi-prolog-nox)' : undefined;
    },
    handles(_path: string, game: Game) {
      // Without tabling a left-recursive view loops; the baseline is the plain translation, so skip those.
      const recursive = game.relations.filter((r) => game.analysis.recursive[r.id]).map((r) => r.key);
      if (recursive.length > 0)
        return `recursive relations (${recursive.slice(0, 3).join(', ')}) need tabling`;
      return game.isGdl2 ? 'GDL-II games are not translated' : undefined;
    },
    async build(game: Game) {
      return SwiplInstance.start(game);
    },
  };
}

class SwiplInstance implements BenchInstance {
  private buffer = '';
  private waiting: ((line: string) => void) | undefined;
  private readonly lines: string[] = [];
  private stderr = '';

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly dir: string,
  ) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let i = this.buffer.indexOf('\n'); i >= 0; i = this.buffer.indexOf('\n')) {
        this.lines.push(this.buffer.slice(0, i).trim());
        this.buffer = this.buffer.slice(i + 1);
      }
      this.deliver();
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    child.on('exit', () => {
      this.lines.push(`exit: ${this.stderr.trim().split('\n').slice(-3).join(' ')}`);
      this.deliver();
    });
  }

  static async start(game: Game): Promise<SwiplInstance> {
    const dir = mkdtempSync(join(tmpdir(), 'gdlkit-swipl-'));
    const file = join(dir, 'game.pl');
    writeFileSync(file, `${DRIVER_SOURCE}\n${translateGame(game)}`);
    const instance = new SwiplInstance(spawn('swipl', ['-q', file], { stdio: 'pipe' }), dir);
    const ready = await instance.next();
    if (ready !== 'ready') {
      instance.dispose();
      throw new Error(`swipl did not load the translated rules: ${ready}`);
    }
    return instance;
  }

  async simulate(budgetMs: number, seed: number) {
    const [states, playouts, ms] = (await this.ask(`run(${Math.round(budgetMs)}, ${seed}).`))
      .split(' ')
      .map(Number);
    return { states: states!, playouts: playouts!, ms: ms! };
  }

  async perft(depth: number): Promise<number> {
    return Number(await this.ask(`perft(${depth}).`));
  }

  /** The child's resident set size (its whole footprint: the Prolog runtime and the rules). */
  externalMemory(): number | undefined {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      return kb === undefined ? undefined : Number(kb) * 1024;
    } catch {
      return undefined;
    }
  }

  dispose(): void {
    this.child.stdin.end();
    this.child.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async ask(command: string): Promise<string> {
    this.child.stdin.write(`${command}\n`);
    const line = await this.next();
    if (!/^[\d ]+$/.test(line)) throw new Error(`swipl: ${line}`);
    return line;
  }

  private next(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.deliver();
    });
  }

  private deliver(): void {
    if (this.waiting && this.lines.length > 0) {
      const w = this.waiting;
      this.waiting = undefined;
      w(this.lines.shift()!);
    }
  }
}
