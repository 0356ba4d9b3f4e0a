export { ciGames, gamesDirectory, goldenPath, loadCorpusGame } from '../corpus.js';
export { type ConformanceOptions, runConformanceSuite } from './conformance.js';
export { type HandCheck, handChecks } from './hand-checks.js';
