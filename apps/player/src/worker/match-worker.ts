// The entry of a match worker process (built to dist/match-worker.js, forked by the shell with its settings
// as the argument): loads the backends once, then plays the match the shell hands it. Everything that
// reasons runs here, so the shell's event loop never waits on it; the shell kills this process when it
// misses its time, and V8 ends it at its heap limit.
import { loadAll } from '@gdlkit/backends';
import { createLogger } from '../log.js';
import { errorReply } from '../protocol/sexpr.js';
import { createPlayerRegistry } from '../reasoner-choice.js';
import { localTime, MatchSession } from './match-session.js';
import { HEARTBEAT_MS, type HostRequest, type WorkerEvent, type WorkerSettings } from './worker-protocol.js';

const post = (event: WorkerEvent): void => {
  process.send!(event);
};
const settings = JSON.parse(process.argv[2]!) as WorkerSettings;
const logger = createLogger((line) => post({ type: 'log', line }), settings.verbose);
const registry = createPlayerRegistry();
const session = new MatchSession(settings, registry, logger);

const observer = {
  position: (turn: number, best: string) => post({ type: 'progress', turn, best }),
};

async function answer(request: HostRequest): Promise<void> {
  try {
    switch (request.type) {
      case 'start':
        return post({
          type: 'reply',
          id: request.id,
          text: await session.start(request.text, localTime(request.deadline), observer),
        });
      case 'resume':
        return post({
          type: 'reply',
          id: request.id,
          text: await session.resume(request.text, request.level, request.turns),
        });
      case 'catch-up':
        return post({ type: 'reply', id: request.id, text: await session.catchUp(request.turns) });
      case 'play': {
        post({ type: 'received', turn: session.nextTurn });
        const { text, timing } = await session.play(
          request.message,
          localTime(request.deadline),
          observer,
          request.answeredFor,
        );
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
// The heartbeat stops while a reasoner call blocks this process: the shell's watchdog then replaces it.
setInterval(() => post({ type: 'alive' }), HEARTBEAT_MS);
process.on('message', (request: HostRequest) => void answer(request));
// The shell is gone (it crashed or was killed): so is the match.
process.on('disconnect', () => process.exit(0));
post({
  type: 'loaded',
  backends: registry.list().map((b) => {
    const a = b.availability();
    return a.available ? b.name : `${b.name} (unavailable: ${a.reason})`;
  }),
});
