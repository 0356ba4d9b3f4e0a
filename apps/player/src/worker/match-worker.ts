// The entry of a match worker thread (built to dist/match-worker.js): loads the backends once, then plays
// the match the shell hands it. Everything that reasons runs here, so the shell's event loop never waits on
// it; the shell terminates this thread when it misses its time or exceeds its heap.
import { parentPort, workerData } from 'node:worker_threads';
import { loadAll } from '@gdlkit/backends';
import { createLogger } from '../log.js';
import { errorReply } from '../protocol/sexpr.js';
import { createPlayerRegistry } from '../reasoner-choice.js';
import { localTime, MatchSession } from './match-session.js';
import type { HostRequest, WorkerEvent, WorkerSettings } from './worker-protocol.js';

const port = parentPort!;
const post = (event: WorkerEvent) => port.postMessage(event);
const settings = workerData as WorkerSettings;
const logger = createLogger((line) => post({ type: 'log', line }), settings.verbose);
const registry = createPlayerRegistry();
const session = new MatchSession(settings, registry, logger);

const observer = {
  position: (turn: number, legal: readonly string[], best: string) =>
    post({ type: 'progress', turn, legal, best }),
};

async function answer(request: HostRequest): Promise<void> {
  try {
    switch (request.type) {
      case 'start':
        return post({
          type: 'reply',
          id: request.id,
          text: await session.start(request.text, localTime(request.receivedAt), observer),
        });
      case 'resume':
        return post({
          type: 'reply',
          id: request.id,
          text: await session.resume(request.text, request.level, request.turns),
        });
      case 'play': {
        post({ type: 'received', turn: session.nextTurn });
        const { text, timing } = await session.play(request.message, localTime(request.deadline), observer);
        return post({ type: 'reply', id: request.id, text, timing });
      }
      case 'stop':
        return post({ type: 'reply', id: request.id, text: session.stop(request.message) });
      case 'preview':
        return post({ type: 'reply', id: request.id, text: session.preview(request.text) });
    }
  } catch (e) {
    const reason = (e as Error)?.message ?? String(e);
    logger.log('warn', 'message-failed', { kind: request.type, reason });
    post({ type: 'reply', id: request.id, text: errorReply(reason) });
  }
}

await loadAll(registry);
port.on('message', (request: HostRequest) => void answer(request));
post({
  type: 'loaded',
  backends: registry.list().map((b) => {
    const a = b.availability();
    return a.available ? b.name : `${b.name} (unavailable: ${a.reason})`;
  }),
});
