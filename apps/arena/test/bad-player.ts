// A scripted GGP player for the fault tests: it follows the match with the prover and answers a legal move,
// except at one PLAY, where it misbehaves as told — late, illegal, unreadable — or dies (closes its server).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadGame, type Reasoner, type TermId } from '@gdlkit/core';
import { isNil, parseMessage, printSExpr } from '@gdlkit/player';
import { proverBackend } from '@gdlkit/prover';

export type Misbehaviour = 'late' | 'illegal' | 'malformed' | 'dead';

export interface BadPlayer {
  readonly url: string;
  close(): Promise<void>;
}

export interface Script {
  readonly kind: Misbehaviour;
  /** The PLAY (0-based, counting this player's PLAY messages) at which it misbehaves. */
  readonly atPlay: number;
  readonly lateMs?: number;
}

export async function startBadPlayer(rulesText: string, script: Script): Promise<BadPlayer> {
  const game = loadGame(rulesText, 'bad-player');
  const prover: Reasoner = await proverBackend.create(game);
  const store = game.store;
  let state = prover.initialState();
  let role = 0;
  let plays = 0;
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const reply = (t: string) => {
      response.writeHead(200, { 'Content-Type': 'text/acl' });
      response.end(t);
    };
    const message = parseMessage(body);
    if (message.kind === 'start') {
      state = prover.initialState();
      plays = 0;
      role = game.roles.findIndex((r) => store.toKif(r) === printSExpr(message.role));
      return reply('ready');
    }
    if (message.kind !== 'play') return reply(message.kind === 'stop' ? 'done' : 'aborted');
    if (message.payload !== undefined && !isNil(message.payload)) {
      const moves = (message.payload as readonly string[]).map((m) => printSExpr(m));
      const joint = moves.map((text, r) => prover.legalMoves(state, r).find((m) => store.toKif(m) === text)!);
      state = prover.nextState(state, joint as TermId[]);
    }
    const legal = prover.legalMoves(state, role)[0]!;
    if (plays++ !== script.atPlay) return reply(store.toKif(legal));
    switch (script.kind) {
      case 'late':
        await new Promise((r) => setTimeout(r, script.lateMs ?? 0));
        return reply(store.toKif(legal));
      case 'illegal':
        return reply('(mark 9 9)');
      case 'malformed':
        return reply('((( not a move');
      case 'dead':
        response.socket?.destroy();
        server.close();
        server.closeAllConnections();
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
