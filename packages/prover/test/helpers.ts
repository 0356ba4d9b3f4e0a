import type { Game, TermId } from '@gdlkit/core';
import type { Support } from '../src/index.js';

/** A game of games/ by its path there (core's corpus loader). */
export { loadCorpusGame as corpusGame } from '@gdlkit/core/corpus';

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
