// The published packages as a user gets them: the workspace's public packages packed with `pnpm pack` (which
// turns workspace: ranges into versions) and installed with npm into scratch projects outside the repository.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repo = join(import.meta.dirname, '../../..');

export interface Published {
  readonly name: string;
  readonly dir: string;
  /** The packed tarball, once `packAll` ran. */
  tarball: string;
}

/**
 * Every public workspace package; of the native binary's per-platform packages only those that hold a built
 * binary (this machine's), the others are declared for a release that builds each platform.
 */
export function publishedPackages(): Published[] {
  const listing = execFileSync('pnpm', ['ls', '-r', '--json', '--depth', '-1'], {
    cwd: repo,
    encoding: 'utf8',
  });
  const all = JSON.parse(listing) as { name: string; path: string; private: boolean }[];
  return all
    .filter((p) => !p.private)
    .filter((p) => !relative(repo, p.path).startsWith('packages/native/npm/') || holdsBinary(p.path))
    .map((p) => ({ name: p.name, dir: p.path, tarball: '' }));
}

function holdsBinary(dir: string): boolean {
  return readdirSync(dir).some((f) => f.endsWith('.node'));
}

/** Packs every package into `dest`, two at a time (the machine has two cores). */
export async function packAll(packages: readonly Published[], dest: string): Promise<void> {
  const queue = [...packages];
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      const { stdout } = await run('pnpm', ['pack', '--pack-destination', dest], { cwd: p.dir });
      p.tarball = stdout.trim().split('\n').at(-1)!;
    }
  };
  await Promise.all([worker(), worker()]);
}

/** A scratch folder under the system's temporary directory, removed by `removeScratch`. */
export function makeScratch(): string {
  return mkdtempSync(join(tmpdir(), 'gdlkit-pack-'));
}

export function removeScratch(dir: string): void {
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A project in `dir` with the given tarballs installed by npm (registry packages such as binaryen come from npm's
 * cache when it has them). `omitOptional` installs as `npm install --omit=optional` does.
 */
export async function installProject(
  dir: string,
  tarballs: readonly string[],
  omitOptional = false,
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"name":"scratch","private":true,"type":"module"}');
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
  if (omitOptional) args.push('--omit=optional');
  // Asynchronously: an install takes seconds, which would hold up the test worker's messages to vitest.
  await run('npm', [...args, ...tarballs], { cwd: dir, env: userEnv() });
  return dir;
}

/**
 * The environment of a user's process: without NODE_PATH, which pnpm sets for the workspace's scripts and through
 * which require() would find the workspace's packages instead of the project's.
 */
export function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_PATH;
  return env;
}

/** Writes `file` into the project and runs it with this Node; resolves to what it printed. */
export async function runIn(project: string, file: string, code: string): Promise<string> {
  writeFileSync(join(project, file), code);
  return (await run(process.execPath, [file], { cwd: project, env: userEnv() })).stdout.trim();
}

/** A command of the user's (a bin of the project), run without blocking the test worker; its stdout. */
export async function runCommand(command: string, args: readonly string[], cwd: string): Promise<string> {
  return (await run(command, args, { cwd, env: userEnv() })).stdout;
}
