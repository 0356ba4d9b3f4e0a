// The static site: relative URLs so any static host serves dist/ from any path; workers as ES modules (they
// import binaryen's chunk on demand).
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', chunkSizeWarningLimit: 16_000 },
});
