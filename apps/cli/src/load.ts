import { createDefaultRegistry } from '@gdlkit/backends';
import { type BackendOptions, type Game, loadGame, type Reasoner } from '@gdlkit/core';
import { readTextFile } from './files.js';

export function readGame(file: string): Game {
  return loadGame(readTextFile(file), file);
}

/** Loads the game and builds a reasoner of the named backend. */
export async function openReasoner(
  file: string,
  backendName: string,
  options?: BackendOptions,
): Promise<Reasoner> {
  const registry = createDefaultRegistry();
  const backend = registry.get(backendName);
  return backend.create(readGame(file), options);
}
