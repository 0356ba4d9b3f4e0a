// The one bundler configuration every publishable package reuses (see CONVENTIONS.md "Build and packaging").
import { defineConfig } from 'tsup';

/**
 * @param {{ entry: string[] | Record<string, string>, banner?: string, external?: string[] }} options
 */
export function gdlkitTsup(options) {
  return defineConfig({
    entry: options.entry,
    // ES modules only: Node >= 20.19 require()s them (docs/decisions.md, "ESM only").
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    // Entries of one package share chunks, so a class has one identity across its subpaths.
    splitting: true,
    treeshake: true,
    external: options.external ?? [],
    banner: options.banner ? { js: options.banner } : undefined,
  });
}
