import type { Game, TermId } from '@gdlkit/core';

/** A game of games/ by its path there (core's corpus loader). */
export { loadCorpusGame as corpusGame } from '@gdlkit/core/corpus';

export function terms(game: Game, texts: readonly string[]): Set<TermId> {
  return new Set(texts.map((t) => game.parseTerm(t)));
}

export function kif(game: Game, ids: Iterable<TermId>): string[] {
  return [...ids].map((t) => game.store.toKif(t)).sort();
}
