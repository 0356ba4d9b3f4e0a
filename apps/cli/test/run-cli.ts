import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const repo = join(import.meta.dirname, '../../..');
export const games = join(repo, 'games');
const main = join(import.meta.dirname, '../dist/main.js');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI as a user would. */
export function runCli(args: string[], cwd = repo): CliResult {
  const r = spawnSync(process.execPath, [main, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
