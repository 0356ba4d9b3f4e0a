// The session worker: builds the chosen backend in the browser and answers the page's requests (protocol.ts), so
// reasoning, search and throughput runs never block the page.
import { createDefaultRegistry } from '@gdlkit/backends';
import { GdlkitError, loadGame } from '@gdlkit/core';
import type { Reply, Request, ThroughputRow } from './protocol.js';
import { Session } from './session.js';
import { measurePlayouts } from './throughput.js';

const registry = createDefaultRegistry();
let session: Session | null = null;

function current(): Session {
  if (!session) throw new GdlkitError('INVALID_GAME', 'no game is loaded');
  return session;
}

async function handle(request: Request): Promise<Reply> {
  switch (request.kind) {
    case 'load': {
      const game = loadGame(request.text, request.file);
      const reasoner = await registry.get(request.backend).create(game);
      session?.reasoner.dispose();
      session = new Session(game, reasoner);
      break;
    }
    case 'humans':
      current().setHumans(request.roles);
      break;
    case 'step':
      current().step(request.moves);
      break;
    case 'undo':
      current().undo();
      break;
    case 'redo':
      current().redo();
      break;
    case 'reset':
      current().reset();
      break;
    case 'replay':
      current().replay(request.text, request.file);
      break;
    case 'think':
      return { kind: 'think', result: current().think(request.roles, request.ms, request.seed) };
    case 'record':
      return { kind: 'record', text: current().record() };
    case 'throughput':
      return { kind: 'throughput', rows: await throughput(request.backends, request.seconds) };
  }
  return { kind: 'state', view: current().view() };
}

async function throughput(backends: readonly string[], seconds: number): Promise<ThroughputRow[]> {
  const game = current().game;
  const rows: ThroughputRow[] = [];
  for (const backend of backends) {
    const started = performance.now();
    try {
      const reasoner = await registry.get(backend).create(game);
      const buildMs = Math.round(performance.now() - started);
      try {
        rows.push({ backend, buildMs, ...measurePlayouts(reasoner, seconds) });
      } finally {
        reasoner.dispose();
      }
    } catch (e) {
      rows.push({
        backend,
        playoutsPerSecond: null,
        statesPerSecond: null,
        buildMs: null,
        error: message(e),
      });
    }
  }
  return rows;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

// Requests are answered one at a time, in order.
let queue: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<Request>) => {
  queue = queue.then(async () => {
    let reply: Reply;
    try {
      reply = await handle(event.data);
    } catch (e) {
      reply = { kind: 'error', message: message(e) };
    }
    self.postMessage(reply);
  });
};
