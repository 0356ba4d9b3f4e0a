import { readFileSync, writeFileSync } from 'node:fs';

/** A file the command could not read or write; its message is one line naming the file and the reason. */
export class FileAccessError extends Error {}

/** The text of a file, or FileAccessError (ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG, EIO, a file too large...). */
export function readTextFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw accessError('read', path, e);
  }
}

export function writeTextFile(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw accessError('write', path, e);
  }
}

/** Node's errors read "ENOTDIR: not a directory, open '/a/b'"; the reason is the part after the code. */
function accessError(verb: string, path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return error;
  const reason = /^[A-Z_]+: ([^,]+)/.exec((error as Error).message)?.[1];
  return new FileAccessError(`cannot ${verb} ${path}: ${code}${reason ? ` (${reason})` : ''}`);
}
