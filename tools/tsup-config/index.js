// The one bundler configuration every publishable package reuses (see CONVENTIONS.md "Build and packaging").
import { defineConfig } from 'tsup';

/**
 * @param {{ entry: string[] | Record<string, string>, cjs?: boolean, banner?: string, external?: string[] }} options
 */
export function gdlkitTsup(options) {
  return defineConfig({
    entry: options.entry,
    format: options.cjs === false ? ['esm'] : ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: false,
    treeshake: true,
    external: options.external ?? [],
    banner: options.banner ? { js: options.banner } : undefined,
  });
}
