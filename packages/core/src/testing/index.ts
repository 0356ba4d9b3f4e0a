export { ciGames, gamesDirectory, goldenPath, loadCorpusGame } from '../corpus.js';
export { breathe } from './breathe.js';
export { type ConformanceOptions, runConformanceSuite } from './conformance.js';
export { type HandCheck, handChecks } from './hand-checks.js';
