import { readdirSync } from 'node:fs';
import { gamesDirectory } from '@gdlkit/core/corpus';

/** The comparison paper's test suite (section 4.1) as found in games/. */
export const BENCH_GAMES = [
  'tictactoe.kif',
  'connectfour.kif',
  'breakthrough.kif',
  'othello-comp2007.kif',
  'chinesecheckers1.kif',
  'chinesecheckers2.kif',
  'chinesecheckers3.kif',
  'chinesecheckers4.kif',
  'chinesecheckers6.kif',
  'chinesecheckers6-simultaneous.kif',
  'skirmish.kif',
  'amazons_8x8.kif',
];

/** Every game file directly in games/. */
export function allGames(): string[] {
  return readdirSync(gamesDirectory())
    .filter((f) => f.endsWith('.kif'))
    .sort();
}
