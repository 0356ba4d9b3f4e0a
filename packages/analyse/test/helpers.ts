import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gamesDirectory } from '@gdlkit/core/corpus';

export function gameText(name: string): string {
  return readFileSync(join(gamesDirectory(), `${name}.kif`), 'utf8');
}
