import { readFileSync } from 'node:fs';
import { createDefaultRegistry } from '@gdlkit/backends';
import { type Game, loadGame, type Reasoner } from '@gdlkit/core';

export function readGame(file: string): Game {
  return loadGame(readFileSync(file, 'utf8'), file);
}

/** Loads the game and builds a reasoner of the named backend. */
export async function openReasoner(file: string, backendName: string): Promise<Reasoner> {
  const registry = createDefaultRegistry();
  const backend = registry.get(backendName);
  return backend.create(readGame(file));
}
