import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ciGames, gamesDirectory } from '@gdlkit/core/corpus';

/** Folders of games/tests/ whose games are playable (validator/ holds invalid games on purpose). */
const PLAYABLE_TEST_FOLDERS = ['compliance', 'failure-classes'];

/** Every playable game of the corpus, paths relative to games/: games/*.kif and the playable test folders. */
export function corpusGames(): string[] {
  const root = gamesDirectory();
  const games = kifFiles(root).map((f) => f);
  for (const folder of PLAYABLE_TEST_FOLDERS) {
    for (const f of kifFiles(join(root, 'tests', folder))) games.push(`tests/${folder}/${f}`);
  }
  return games;
}

/** The CI list (games/ci-games.txt) plus the failure-class cases, which are tiny and exist for this suite. */
export function ciCrossGames(): string[] {
  const failureClasses = kifFiles(join(gamesDirectory(), 'tests', 'failure-classes')).map(
    (f) => `tests/failure-classes/${f}`,
  );
  return [...new Set([...ciGames(), ...failureClasses])];
}

function kifFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.kif'))
      .sort();
  } catch {
    return [];
  }
}
