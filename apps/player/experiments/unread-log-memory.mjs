// The resident memory of a real `gdlkit serve` (apps/cli's built main.js) whose stderr pipe nobody reads, before
// and after N malformed messages (a warning of about 300 bytes each): how much an unread log costs the shell.
// docs/benchmarks.md, "The shell under clocks it cannot meet".
//
//   node apps/player/experiments/unread-log-memory.mjs N
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const messages = Number(process.argv[2] ?? 20000);
const cli = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));
const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--backend', 'prover'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, NODE_OPTIONS: '' },
});
const url = await new Promise((resolve) =>
  child.stdout.on('data', (chunk) => {
    const found = /listening on (\S+)/.exec(chunk.toString());
    if (found) resolve(found[1]);
  }),
);
const residentMb = () =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'latin1'))[1]) / 1024);
const filler = 'x'.repeat(200);
const before = residentMb();
const started = performance.now();
for (let i = 0; i < messages; i++) {
  await (await fetch(url, { method: 'POST', body: `(${filler} ${i}` })).text();
}
console.log(
  `${messages} malformed messages (about ${Math.round((messages * 300) / 1e6)} MB of log, stderr unread): resident ${before} -> ${residentMb()} MB in ${Math.round(performance.now() - started)} ms`,
);
child.kill('SIGKILL');
