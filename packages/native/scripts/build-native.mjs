// Builds the Rust binding in release mode with the napi-rs CLI when a Rust toolchain is present. Without
// cargo it prints a notice and succeeds, so the rest of the workspace builds and the `native` backend
// reports itself unavailable.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cargo = spawnSync('cargo', ['--version'], { encoding: 'utf8' });
if (cargo.status !== 0) {
  console.log(
    '@gdlkit/native: cargo not found, skipping the Rust build; the native backend will report itself unavailable. ' +
      'Install a Rust toolchain (rustup, cargo >= 1.80) and rebuild to enable it.',
  );
  process.exit(0);
}
const args = [
  'build',
  '--release',
  '--platform',
  '--manifest-path',
  '../../crates/propnet-napi/Cargo.toml',
  '--package-json-path',
  'package.json',
  '--output-dir',
  '.',
  '--js',
  'binding.cjs',
  '--dts',
  'binding.d.cts',
];
const result = spawnSync('napi', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
