// Runs the Rust core's own tests (`cargo test -p propnet-core`) when cargo is present; otherwise says so.
import { spawnSync } from 'node:child_process';

if (spawnSync('cargo', ['--version']).status !== 0) {
  console.log('@gdlkit/native: cargo not found, skipping the Rust tests');
  process.exit(0);
}
const result = spawnSync('cargo', ['test', '--release', '-p', 'propnet-core'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
