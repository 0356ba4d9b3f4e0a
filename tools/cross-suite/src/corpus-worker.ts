// The child process of the corpus runner: checks the games it is sent, one at a time, and reports what it is
// doing before each step, so that the runner can name the backend of a hang or a crash and go on without it.
import { createDefaultRegistry } from '@gdlkit/backends';
import { suiteBackends } from './backend-set.js';
import { failCell, newCell, skipCell } from './cell.js';
import { checkGame } from './check-game.js';
import type { GameJob, WorkerMessage } from './corpus-protocol.js';

export async function runCorpusWorker(): Promise<void> {
  // The runner's own test: GDLKIT_CROSS_HANG=<backend> makes that backend's work never return, as a
  // synchronous build or query that ignores its budget would.
  const hangOn = process.env.GDLKIT_CROSS_HANG;
  const send = (message: WorkerMessage) => process.send?.(message);
  const backends = await suiteBackends(createDefaultRegistry());
  let queue = Promise.resolve();
  process.on('message', (job: GameJob) => {
    queue = queue.then(async () => {
      const running = backends.filter((b) => job.excluded[b.name] === undefined);
      const report = await checkGame(job.game, running, job.settings, (phase) => {
        send({ type: 'phase', phase });
        if (phase.backend !== undefined && phase.backend === hangOn) hang();
      });
      for (const [backend, { status, reason }] of Object.entries(job.excluded)) {
        const cell = newCell(job.game, backend);
        if (status === 'fail') failCell(cell, reason);
        else skipCell(cell, reason);
        report.cells.push(cell);
      }
      const order = backends.map((b) => b.name);
      report.cells.sort((a, b) => order.indexOf(a.backend) - order.indexOf(b.backend));
      send({ type: 'report', report });
    });
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', backends: backends.map((b) => b.name) });
}

function hang(): never {
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}
