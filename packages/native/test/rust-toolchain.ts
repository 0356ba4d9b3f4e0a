// Tests that need the compiled binary are skipped only on a machine without a Rust toolchain (where the
// build skipped the binary on purpose); with cargo present a missing binary is a failure.
import { spawnSync } from 'node:child_process';
import { nativeBackend } from '../src/index.js';

export const withoutRust =
  !nativeBackend.availability().available && spawnSync('cargo', ['--version']).status !== 0;
