import { GdlkitError } from '@gdlkit/core';
import { FileAccessError } from './files.js';

/** Exit codes of DESIGN.md section 4. */
export const EXIT = {
  ok: 0,
  /** A user error: invalid game, unknown backend, illegal move in a record, unreadable file. */
  userError: 1,
  /** Bad usage: unknown command or option, missing argument. */
  usage: 2,
  /** A backend cannot handle the game within its budget. */
  budget: 3,
} as const;

export class UsageError extends Error {}

/** Maps an error to the exit code and the one-line message the user sees (no stack traces). */
export function classify(error: unknown): { code: number; message: string } {
  if (error instanceof UsageError) return { code: EXIT.usage, message: error.message };
  if (error instanceof GdlkitError) {
    const budget = error.code === 'BUDGET_EXCEEDED' || error.code === 'UNSUPPORTED';
    return { code: budget ? EXIT.budget : EXIT.userError, message: error.message };
  }
  if (error instanceof FileAccessError) return { code: EXIT.userError, message: error.message };
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.syscall === 'listen' && (e.code === 'EADDRINUSE' || e.code === 'EACCES')) {
    const why = e.code === 'EADDRINUSE' ? 'the port is in use' : 'permission denied';
    return {
      code: EXIT.userError,
      message: `cannot listen on ${e.address}:${e.port}: ${why} (pick another with --port)`,
    };
  }
  if (typeof e?.code === 'string' && typeof e.syscall === 'string') {
    // A system call failed outside readTextFile/writeTextFile (e.g. a library opening a file): still one line.
    return { code: EXIT.userError, message: `${e.syscall} ${e.path ?? ''} failed: ${e.code}` };
  }
  if (e instanceof RangeError && /call stack|allocation|Array buffer/i.test(e.message)) {
    return { code: EXIT.budget, message: `the game is too large for this backend: ${e.message}` };
  }
  return { code: EXIT.userError, message: `internal error: ${(e as Error)?.stack ?? String(e)}` };
}
