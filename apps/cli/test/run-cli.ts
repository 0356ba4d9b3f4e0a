import { join } from 'node:path';
import { runNode } from '@gdlkit/vitest-config/child';

export const repo = join(import.meta.dirname, '../../..');
export const games = join(repo, 'games');
const main = join(import.meta.dirname, '../dist/main.js');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI as a user would (`env`: the child's whole environment, default this process's). */
export function runCli(args: string[], cwd = repo, env?: NodeJS.ProcessEnv): Promise<CliResult> {
  return runNode([main, ...args], { cwd, timeout: 120_000, env });
}
