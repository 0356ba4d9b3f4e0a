// Builds the Rust binding in release mode with the napi-rs CLI when a Rust toolchain is present, then copies the
// binary into its per-platform package under npm/ (what `napi artifacts` does for a release that collected every
// target's binary), so that packing npm/<platform> ships it. Without cargo it prints a notice and succeeds, so the
// rest of the workspace builds and the `native` backend reports itself unavailable.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cargo = spawnSync('cargo', ['--version'], { encoding: 'utf8' });
if (cargo.status !== 0) {
  console.log(
    '@gdlkit/native: cargo not found, skipping the Rust build; the native backend will report itself unavailable. ' +
      'Install a Rust toolchain (rustup, cargo >= 1.89) and rebuild to enable it.',
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
const status = await buildWithProgress(args);
if (status !== 0) process.exit(status);
for (const file of readdirSync(root)) {
  const platform = /^gdlkit-native\.(.+)\.node$/.exec(file)?.[1];
  if (platform !== undefined && existsSync(join(root, 'npm', platform))) {
    copyFileSync(join(root, file), join(root, 'npm', platform, file));
  }
}

/**
 * Runs `napi build`, passing its output through, and numbers cargo's "Compiling" lines against the crates of the
 * binding's dependency tree with an estimate of the time left: a first build compiles them all (minutes on a
 * loaded 2-core machine), and without a terminal cargo draws no progress bar of its own.
 */
function buildWithProgress(napiArgs) {
  const tree = spawnSync(
    'cargo',
    ['tree', '-p', 'propnet-napi', '-e', 'normal,build', '--prefix', 'none', '--offline'],
    { cwd: root, encoding: 'utf8' },
  );
  const crates = new Set(tree.stdout.split('\n').filter(Boolean).map((l) => l.replace(' (*)', ''))).size;
  const started = Date.now();
  let compiled = 0;
  const child = spawn('napi', napiArgs, {
    cwd: root,
    stdio: ['inherit', 'inherit', 'pipe'],
    shell: process.platform === 'win32',
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    const crate = /^\s*Compiling (\S+)/.exec(line)?.[1];
    if (crate === undefined || crates === 0) {
      process.stderr.write(`${line}\n`);
      return;
    }
    compiled = Math.min(compiled + 1, crates);
    const seconds = (Date.now() - started) / 1000;
    // The binding crate links last and, with the core, takes about as long as every crate before it did
    // (a first build here: 43 s for the dependencies, 51 s after them), so the estimate counts it as N crates.
    const left = compiled < 3 ? '' : `, about ${Math.round((seconds / compiled) * (2 * crates - compiled))} s left`;
    process.stderr.write(`@gdlkit/native: Rust crate ${compiled}/${crates} ${crate} (${Math.round(seconds)} s${left})\n`);
  });
  return new Promise((resolve) => {
    child.on('error', (e) => {
      process.stderr.write(`@gdlkit/native: cannot run napi (${e.message}); run the build through pnpm\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
