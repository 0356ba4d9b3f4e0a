import { ciGames, runConformanceSuite } from '@gdlkit/core/testing';
import { propnetBackend } from '../src/index.js';
import { propnetWasmBackend } from '../src/index.wasm.js';

// The full CI list (with its large games) runs under GDLKIT_CROSS=1; the default run keeps to games that
// build in well under a second so the package's tests stay within a minute.
const quick = [
  'tictactoe.kif',
  'connectfour.kif',
  'montyhall.kif',
  'nim1.kif',
  'blocker.kif',
  'tests/compliance/test_case_1a.kif',
  'tests/compliance/test_case_3b.kif',
  'tests/compliance/test_case_5a.kif',
];
const games = process.env.GDLKIT_CROSS === '1' ? ciGames() : quick;

runConformanceSuite(propnetBackend, { games });
runConformanceSuite(propnetWasmBackend, { games });
