import { type AutoReasoner, createDefaultRegistry, explainAutoChoice } from '@gdlkit/backends';
import { type BackendOptions, type Game, loadGame, type Reasoner } from '@gdlkit/core';
import { readTextFile } from './files.js';

export function readGame(file: string): Game {
  return loadGame(readTextFile(file), file);
}

/** Loads the game and builds a reasoner of the named backend; `auto` says on stderr which it chose and why. */
export async function openReasoner(
  file: string,
  backendName: string,
  options?: BackendOptions,
): Promise<Reasoner> {
  const registry = createDefaultRegistry();
  const backend = registry.get(backendName);
  return reportAutoChoice(await backend.create(readGame(file), options));
}

/** Writes to stderr which backend `auto` chose and why, when the reasoner came from auto; returns it. */
export function reportAutoChoice(reasoner: Reasoner): Reasoner {
  const attempts = (reasoner as Partial<AutoReasoner>).attempts;
  if (attempts !== undefined) process.stderr.write(`gdlkit: ${explainAutoChoice(attempts)}\n`);
  return reasoner;
}
