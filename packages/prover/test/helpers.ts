import { readFileSync } from 'node:fs';
import { type Game, loadGame, type TermId } from '@gdlkit/core';
import type { Support } from '../src/index.js';

/** A game of the repository's games/ folder, by path relative to it. */
export function corpusGame(path: string): Game {
  return loadGame(readFileSync(new URL(`../../../games/${path}`, import.meta.url), 'utf8'), path);
}

/** Supports as readable text: `{b(1), ¬b(2)}` style, in KIF: `{(b 1) ~(b 2)}`. */
export function showSupports(game: Game, supports: readonly Support[]): string[] {
  return supports.map(
    (s) => `{${s.map((l) => `${l.positive ? '' : '~'}${game.store.toKif(l.atom)}`).join(' ')}}`,
  );
}

export function terms(game: Game, texts: readonly string[]): Set<TermId> {
  return new Set(texts.map((t) => game.parseTerm(t)));
}

export function kif(game: Game, ids: Iterable<TermId>): string[] {
  return [...ids].map((t) => game.store.toKif(t)).sort();
}
