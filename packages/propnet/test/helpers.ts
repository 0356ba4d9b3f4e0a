import { readFileSync } from 'node:fs';
import { type Game, loadGame } from '@gdlkit/core';

export function corpusGame(name: string): Game {
  const file = new URL(`../../../games/${name}`, import.meta.url);
  return loadGame(readFileSync(file, 'utf8'), name);
}
