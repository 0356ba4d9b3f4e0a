import { readFileSync } from 'node:fs';
import { type Game, loadGame, type TermId } from '@gdlkit/core';

/** A game of the repository's games/ folder, by path relative to it. */
export function corpusGame(path: string): Game {
  return loadGame(readFileSync(new URL(`../../../games/${path}`, import.meta.url), 'utf8'), path);
}

export function terms(game: Game, texts: readonly string[]): Set<TermId> {
  return new Set(texts.map((t) => game.parseTerm(t)));
}

export function kif(game: Game, ids: Iterable<TermId>): string[] {
  return [...ids].map((t) => game.store.toKif(t)).sort();
}
