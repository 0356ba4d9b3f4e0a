import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../log.js';
import { errorReply } from './sexpr.js';

/** Answers one protocol message; `receivedAt` is performance.now() when the request arrived. */
export type MessageHandler = (message: string, receivedAt: number) => Promise<string>;

const MAX_BODY = 32 * 1024 * 1024;

const HEADERS = {
  'Content-Type': 'text/acl',
  // Browser-based game managers send requests from another origin, preceded by a preflight.
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Receiver, Sender',
  'Access-Control-Max-Age': '86400',
};

/**
 * The protocol over node:http: POST carries a message in its body, GET in its query string (no query: INFO),
 * OPTIONS is the CORS preflight. Every reply is HTTP 200 with a non-empty body.
 */
export function createProtocolServer(handle: MessageHandler, logger: Logger): Server {
  return createServer((request, response) => {
    const receivedAt = performance.now();
    serve(request, response, handle, receivedAt).catch((e: unknown) => {
      logger.log('error', 'http-failed', { error: String((e as Error)?.message ?? e) });
      reply(response, errorReply('internal error'));
    });
  });
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  handle: MessageHandler,
  receivedAt: number,
): Promise<void> {
  if (request.method === 'OPTIONS') return reply(response, 'ok');
  if (request.method === 'GET') {
    const url = request.url ?? '/';
    const query = url.includes('?') ? decodeQuery(url.slice(url.indexOf('?') + 1)) : '';
    return reply(response, await handle(query.trim() === '' ? '(info)' : query, receivedAt));
  }
  if (request.method !== 'POST') return reply(response, errorReply(`unsupported method ${request.method}`));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return reply(response, errorReply('message too large'));
    chunks.push(chunk as Buffer);
  }
  reply(response, await handle(Buffer.concat(chunks).toString('utf8'), receivedAt));
}

function decodeQuery(query: string): string {
  try {
    return decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return query;
  }
}

function reply(response: ServerResponse, body: string): void {
  if (response.headersSent) return;
  const text = body === '' ? errorReply('empty reply') : body;
  response.writeHead(200, { ...HEADERS, 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}
