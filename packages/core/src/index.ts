// The Node entry: the runtime-neutral API plus the corpus helpers, which read the repository's games/ folder.
export { ciGames, gamesDirectory, goldenPath, loadCorpusGame } from './corpus.js';
export * from './index.browser.js';
