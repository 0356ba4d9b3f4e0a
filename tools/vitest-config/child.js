// Child processes for tests that run a built command as a user would. spawnSync blocked the test worker for the
// child's whole run; on a loaded 2-core machine that passed the 60 s after which vitest's worker times out an
// RPC it cannot read (issue 25), so tests await the child instead.
import { spawn } from 'node:child_process';

/**
 * Runs `node ...args` and resolves with its exit code (null when a signal ended it, e.g. past `timeout`) and its
 * output as text.
 * @param {readonly string[]} args
 * @param {{ cwd?: string, timeout?: number, env?: NodeJS.ProcessEnv, input?: string }} [options]
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string }>}
 */
export function runNode(args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: options.env,
      timeout: options.timeout ?? 120_000,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    if (options.input !== undefined) child.stdin.end(options.input);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
