export { type SuiteBackend, suiteBackends } from './backend-set.js';
export { type Cell, type CellStatus, newCell } from './cell.js';
export { checkGame, type GameReport } from './check-game.js';
export { renderConformance } from './conformance-table.js';
export { ciCrossGames, corpusGames } from './corpus-games.js';
export { checkMatches, type Disagreement, describeDisagreement } from './match-check.js';
export { checkPerft, recordOf, statesAlong } from './perft-check.js';
export { CI_SETTINGS, type CrossSettings, FULL_SETTINGS } from './settings.js';
