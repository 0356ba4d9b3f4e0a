// The identity of the code that builds a net and its module, as a hash of the sources: computed once by the
// package's build (tsup.config.ts bakes it into dist/ as PROPNET_BUILD_ID) so that a cached build does not read
// and hash every script at run time; a source checkout (the tests) computes it when first needed.
// Node only, like module-cache.ts.
import { crypto, fs, nodeModule, path } from './node-builtins.js';

/**
 * A hash of the .ts sources under `<package>/src` of the package at `packageDir` and of each workspace package it
 * depends on (@gdlkit/core normalises and stores the terms, @gdlkit/ground grounds them: a change there changes
 * the IR as surely as one in this package's optimiser or emitter).
 */
export function sourceIdentity(packageDir: string): string {
  return hashSources([packageDir, ...workspaceDependencies(packageDir)]);
}

/** A hash of the .ts files under each package folder's src/, with their paths from the first folder's parent. */
export function hashSources(packageDirs: readonly string[]): string {
  const hash = crypto().createHash('sha256');
  for (const dir of packageDirs) {
    const src = path().join(dir, 'src');
    hash.update(`${path().relative(path().dirname(packageDirs[0]!), dir)}\0`);
    for (const file of sources(src)) {
      hash.update(`${path().relative(src, file)}\0`);
      hash.update(fs().readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** The folders of the workspace packages `packageDir` depends on, transitively, sorted by name. */
function workspaceDependencies(packageDir: string): string[] {
  const found = new Map<string, string>();
  const visit = (dir: string) => {
    const manifest = JSON.parse(fs().readFileSync(path().join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    const require = nodeModule().createRequire(path().join(dir, 'package.json'));
    for (const [name, version] of Object.entries(manifest.dependencies ?? {})) {
      if (!version.startsWith('workspace:') || found.has(name)) continue;
      const depDir = path().dirname(require.resolve(`${name}/package.json`));
      found.set(name, depDir);
      visit(depDir);
    }
  };
  visit(packageDir);
  return [...found.keys()].sort().map((name) => found.get(name)!);
}

/** The .ts files under `folder`, sorted; none when the folder is absent (a package published without src/). */
function sources(folder: string): string[] {
  const files: string[] = [];
  const entries = (() => {
    try {
      return fs().readdirSync(folder, { withFileTypes: true, recursive: true });
    } catch {
      return [];
    }
  })();
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith('.ts')) files.push(path().join(entry.parentPath, entry.name));
  }
  return files.sort();
}
