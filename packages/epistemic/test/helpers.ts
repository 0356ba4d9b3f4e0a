import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Game, loadGame } from '@gdlkit/core';
import { namedProperty, type PropertyName, type Verifier, type VerifyResult } from '../src/index.js';

const GAMES = fileURLToPath(new URL('../../../games/', import.meta.url));

/** A game of games/ by its path there. */
export function gameFile(path: string): Game {
  return loadGame(readFileSync(`${GAMES}${path}`, 'utf8'), path);
}

/** Checks a named property with a generous budget (these games are small). */
export function checkNamed(verifier: Verifier, name: PropertyName): Promise<VerifyResult> {
  return verifier.verify(namedProperty(name, verifier.vocabulary()), { seconds: 60, memoryBytes: 2 ** 31 });
}
